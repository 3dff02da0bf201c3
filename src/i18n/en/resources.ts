import type { CatalogueOf } from '../catalogue';
import type { resources as ru } from '../ru/resources';

/** English resource labels, typed against ../ru/resources.ts. */
export const resources: CatalogueOf<typeof ru> = {};
