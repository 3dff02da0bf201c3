import { player } from '../ru/player';
import { playerViewers } from '../ru/playerViewers';
import { playerLti } from '../ru/playerLti';

/**
 * Texts of the exercise player (its frame, steps and viewers), one module per language: they load
 * with the player (src/i18n/lazyTexts.ts), in the UI's language only, not in the other pages' first
 * load. The question forms' and the SCORM player's texts load with those (./questionsRu.ts, ./scormRu.ts).
 */
export const playerRu = { app: { player, playerViewers, playerLti } };
