import { player } from '../ru/player';
import { playerViewers } from '../ru/playerViewers';

/**
 * Texts of the exercise player (its frame, steps and viewers), one module per language: they load
 * with the player (src/i18n/lazyTexts.ts), in the UI's language only, not in the other pages' first
 * load. The question forms', the SCORM player's and an external tool's texts load with those (./questionsRu.ts, ./scormRu.ts, ./ltiRu.ts).
 */
export const playerRu = { app: { player, playerViewers } };
