import type { CatalogueOf } from '../i18n/catalogue';
import { resourceMessages } from './i18n';
import { exercisesCheckEn, exercisesCheckRu } from './exercisesCheck/i18n';
import { mailingsEn, mailingsRu } from './mailings/i18n';
import { reflectionEn, reflectionRu } from './reflection/i18n';
import { progressCheckEn, progressCheckRu, studentsJournalEn, studentsJournalRu } from './studentsJournal/i18n';
import { typicalErrorsEn, typicalErrorsRu } from './typicalErrors/i18n';
import { supportEn, supportRu } from './support/i18n';
import { visitJournalEn, visitJournalRu } from './visitJournal/i18n';
import { courseAttributesEn, courseAttributesRu } from './courseAttributes/i18n';
import { conditionsEn, conditionsRu } from './conditions/i18n';
import { learningAnalyticsEn, learningAnalyticsRu } from './learningAnalytics/i18n';
import { instructorCatalogEn, instructorCatalogRu } from './instructorCatalog/i18n';
import { resourceLinksEn, resourceLinksRu } from './resourceLinks/i18n';
import { crmExportEn, crmExportRu } from './crmExport/i18n';
import { ltiEn, ltiRu } from './lti/i18n';
import { quickAccessEn, quickAccessRu } from './quickAccess/i18n';
import { auditJournalEn, auditJournalRu, courseProfileChangesEn, courseProfileChangesRu } from './audit/i18n';

/**
 * Texts of admin screens added since the first resources (./i18n.ts holds those): with them they
 * make the admin bundle, which loads with the admin screens, not with the shell (a student's
 * first load carries none of it): the screens' lazy loaders await `loadLazyTexts('admin')`
 * (src/i18n/lazyTexts.ts). A new feature's catalogue goes here.
 */
const ru = {
  resources: { studentsJournal: studentsJournalRu, 'progress-check': progressCheckRu, typicalErrors: typicalErrorsRu, visitJournal: visitJournalRu, reflection: reflectionRu, 'exercises-check': exercisesCheckRu, support: supportRu, courseAttributes: courseAttributesRu, mailings: mailingsRu, 'course-conditions': conditionsRu, 'audit-journal': auditJournalRu, 'course-profile-changes': courseProfileChangesRu, 'learning-analytics': learningAnalyticsRu, quickAccess: quickAccessRu, 'instructor-catalog': instructorCatalogRu, 'resource-links': resourceLinksRu, crmExport: crmExportRu, lti: ltiRu },
};
const en: CatalogueOf<typeof ru> = {
  resources: { studentsJournal: studentsJournalEn, 'progress-check': progressCheckEn, typicalErrors: typicalErrorsEn, visitJournal: visitJournalEn, reflection: reflectionEn, 'exercises-check': exercisesCheckEn, support: supportEn, courseAttributes: courseAttributesEn, mailings: mailingsEn, 'course-conditions': conditionsEn, 'audit-journal': auditJournalEn, 'course-profile-changes': courseProfileChangesEn, 'learning-analytics': learningAnalyticsEn, quickAccess: quickAccessEn, 'instructor-catalog': instructorCatalogEn, 'resource-links': resourceLinksEn, crmExport: crmExportEn, lti: ltiEn },
};

export const lazyResourceMessages = { ru, en };

/** The whole admin bundle: every resource's texts (./i18n.ts) and these. */
export const adminTexts = {
  ru: { ...resourceMessages.ru, resources: { ...resourceMessages.ru.resources, ...ru.resources } },
  en: { ...resourceMessages.en, resources: { ...resourceMessages.en.resources, ...en.resources } },
};
