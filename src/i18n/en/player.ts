import type { CatalogueOf } from '../catalogue';
import type { player as ru } from '../ru/player';

export const player: CatalogueOf<typeof ru> = {
  title: 'player',
};
