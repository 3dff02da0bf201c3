import type { CatalogueOf } from './catalogue';
import { player as playerEn } from './en/player';
import { playerQuestions as playerQuestionsEn } from './en/playerQuestions';
import { playerViewers as playerViewersEn } from './en/playerViewers';
import { scorm as scormEn } from './en/scorm';
import { player } from './ru/player';
import { playerQuestions } from './ru/playerQuestions';
import { playerViewers } from './ru/playerViewers';
import { scorm } from './ru/scorm';

/**
 * Texts of the exercise player (slides, questions, viewers, SCORM): they load with the player
 * (src/i18n/lazyTexts.ts), not in the other pages' first load.
 */
const ru = { app: { player, playerViewers, playerQuestions, scorm } };
const en: CatalogueOf<typeof ru> = { app: { player: playerEn, playerViewers: playerViewersEn, playerQuestions: playerQuestionsEn, scorm: scormEn } };

export const playerTexts = { ru, en };
