import type { CatalogueOf } from '../catalogue';
import type { physmath as ru } from '../ru/physmath';

export const physmath: CatalogueOf<typeof ru> = {
  title: 'physmath',
};
