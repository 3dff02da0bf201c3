import type { CatalogueOf } from '../catalogue';
import { attendance } from '../en/attendance';
import { credentials } from '../en/credentials';
import { knowledgeBase } from '../en/knowledgeBase';
import { physmath } from '../en/physmath';
import { sync } from '../en/sync';
import { welcome } from '../en/welcome';
import type { pagesRu } from './ru';

/** English texts of the pages beside the learning journey (./ru.ts is the reference shape). */
export const pagesEn: CatalogueOf<typeof pagesRu> = { app: { knowledgeBase, attendance, physmath, sync, credentials, welcome } };
