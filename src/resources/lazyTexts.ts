import type { CatalogueOf } from '../i18n/catalogue';
import { exercisesCheckEn, exercisesCheckRu } from './exercisesCheck/i18n';
import { reflectionEn, reflectionRu } from './reflection/i18n';
import { studentsJournalEn, studentsJournalRu } from './studentsJournal/i18n';
import { supportEn, supportRu } from './support/i18n';
import { visitJournalEn, visitJournalRu } from './visitJournal/i18n';

/**
 * Texts of admin screens that load with those screens, not with the shell (a student's first
 * load carries none of them): the admin screens' lazy loaders await `loadLazyTexts`
 * (src/i18n/i18nProvider.ts), which merges these into every provider's catalogues.
 * A new feature's catalogue goes here.
 */
const ru = {
  resources: { studentsJournal: studentsJournalRu, visitJournal: visitJournalRu, reflection: reflectionRu, 'exercises-check': exercisesCheckRu, support: supportRu },
};
const en: CatalogueOf<typeof ru> = {
  resources: { studentsJournal: studentsJournalEn, visitJournal: visitJournalEn, reflection: reflectionEn, 'exercises-check': exercisesCheckEn, support: supportEn },
};

export const lazyResourceMessages = { ru, en };
