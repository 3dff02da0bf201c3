import { player } from '../ru/player';
import { playerQuestions } from '../ru/playerQuestions';
import { playerViewers } from '../ru/playerViewers';
import { scorm } from '../ru/scorm';

/**
 * Texts of the exercise player (slides, questions, viewers, SCORM), one module per language: they
 * load with the player (src/i18n/lazyTexts.ts), in the UI's language only, not in the other pages' first load.
 */
export const playerRu = { app: { player, playerViewers, playerQuestions, scorm } };
