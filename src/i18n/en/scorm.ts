import type { CatalogueOf } from '../catalogue';
import type { scorm as ru } from '../ru/scorm';

export const scorm: CatalogueOf<typeof ru> = {
  title: 'scorm',
};
