import type { CatalogueOf } from '../catalogue';
import { scorm } from '../en/scorm';
import type { scormRu } from './scormRu';

/** The SCORM player's English texts (./scormRu.ts is the reference shape). */
export const scormEn: CatalogueOf<typeof scormRu> = { app: { scorm } };
