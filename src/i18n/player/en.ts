import type { CatalogueOf } from '../catalogue';
import { player } from '../en/player';
import { playerViewers } from '../en/playerViewers';
import type { playerRu } from './ru';

/** The player's English texts (./ru.ts is the reference shape). */
export const playerEn: CatalogueOf<typeof playerRu> = { app: { player, playerViewers } };
