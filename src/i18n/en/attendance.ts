import type { CatalogueOf } from '../catalogue';
import type { attendance as ru } from '../ru/attendance';

export const attendance: CatalogueOf<typeof ru> = {
  title: 'attendance',
};
