import type { CatalogueOf } from '../catalogue';
import type { playerViewers as ru } from '../ru/playerViewers';

export const playerViewers: CatalogueOf<typeof ru> = {
  title: 'playerViewers',
};
