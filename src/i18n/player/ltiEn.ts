import type { CatalogueOf } from '../catalogue';
import { playerLti } from '../en/playerLti';
import type { ltiRu } from './ltiRu';

/** The external tool launch's English texts (./ltiRu.ts is the reference shape). */
export const ltiEn: CatalogueOf<typeof ltiRu> = { app: { playerLti } };
