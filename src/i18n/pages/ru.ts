import { attendance } from '../ru/attendance';
import { credentials } from '../ru/credentials';
import { knowledgeBase } from '../ru/knowledgeBase';
import { physmath } from '../ru/physmath';
import { sync } from '../ru/sync';
import { welcome } from '../ru/welcome';

/**
 * Texts of the pages beside the learning journey (the knowledge base and my courses' support
 * contacts, the attendance code, physmath, account sync), one module per language: they load with
 * those pages (src/i18n/lazyTexts.ts), not in every first load.
 */
export const pagesRu = { app: { knowledgeBase, attendance, physmath, sync, credentials, welcome } };
