import type { CatalogueOf } from './catalogue';
import { accounts as accountsEn } from './en/accounts';
import { attributes as attributesEn } from './en/attributes';
import { profile as profileEn } from './en/profile';
import { accounts } from './ru/accounts';
import { attributes } from './ru/attributes';
import { profile } from './ru/profile';

/**
 * Texts of the profile, linked accounts and the attribute forms (join form, attributes question,
 * attribute groups): they load with those pages (src/i18n/lazyTexts.ts), not in a first load.
 */
const ru = { app: { accounts, attributes, profile } };
const en: CatalogueOf<typeof ru> = { app: { accounts: accountsEn, attributes: attributesEn, profile: profileEn } };

export const profileTexts = { ru, en };
