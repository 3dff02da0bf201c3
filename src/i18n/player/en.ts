import type { CatalogueOf } from '../catalogue';
import { player } from '../en/player';
import { playerQuestions } from '../en/playerQuestions';
import { playerViewers } from '../en/playerViewers';
import { scorm } from '../en/scorm';
import type { playerRu } from './ru';

/** The player's English texts (./ru.ts is the reference shape). */
export const playerEn: CatalogueOf<typeof playerRu> = { app: { player, playerViewers, playerQuestions, scorm } };
