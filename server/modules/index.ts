import type { FastifyPluginAsync } from 'fastify';
import { filesModule } from '../files/index.js';
import { jobsModule } from '../jobs/index.js';
import { newsRoutes } from './news/index.js';
import { authModule } from '../auth/index.js';
import { breadcrumbsModule } from './breadcrumbs/index.js';
import { welcomeModule } from './welcome/index.js';
import { programsModule } from './programs/index.js';
import { questionsModule } from './questions/index.js';
import { slidesModule } from './slides/index.js';
import { tasksModule } from './tasks/index.js';
import { coursesModule } from './courses/index.js';
import { studentsModule } from './students/index.js';
import { groupsModule } from './groups/index.js';
import { courseInstructorsModule } from './courseInstructors/index.js';
import { invitationsModule } from './invitations/index.js';
import { applicationsModule } from './applications/index.js';
import { certificatesModule } from './certificates/index.js';
import { courseLinksModule } from './courseLinks/index.js';
import { catalogueModule } from './catalogue/index.js';
import { learningModule } from './learning/index.js';
import { studyModule } from './study/index.js';
import { attendanceModule } from './attendance/index.js';
import { journalModule } from './journal/index.js';
import { analyticsModule } from './analytics/index.js';
import { visitJournalModule } from './visitJournal/index.js';
import { reflectionModule } from './reflection/index.js';
import { evaluationModule } from './evaluation/index.js';
import { accountsModule } from './accounts/index.js';
import { supportModule } from './support/index.js';
import { attributesModule } from './attributes/index.js';
import { profileModule } from './profile/index.js';
import { notificationsModule } from './notifications/index.js';
import { knowledgeBaseModule } from './knowledgeBase/index.js';
import { chatModule } from './chat/index.js';
import { mailingsModule } from './mailings/index.js';
import { conditionsModule } from './conditions/index.js';
import { auditModule } from './audit/index.js';
import { learningAnalyticsModule } from './learningAnalytics/index.js';
import { instructorCatalogModule } from './instructorCatalog/index.js';
import { crmExportModule } from './crmExport/index.js';
import { calendarFeedModule } from './calendarFeed/index.js';
import { ltiModule } from './lti/index.js';
import { badgesModule } from './badges/index.js';
import { plainResources } from '../resources/plain.js';

/**
 * Feature modules, one folder each under server/modules (routes + service + schema).
 * Registered in this order by buildApp.
 */
export const modules: FastifyPluginAsync[] = [filesModule, jobsModule, authModule, newsRoutes, breadcrumbsModule, welcomeModule, programsModule, questionsModule, slidesModule, tasksModule, coursesModule, catalogueModule, attributesModule, learningModule, studyModule, attendanceModule, evaluationModule, visitJournalModule, reflectionModule, studentsModule, groupsModule, courseInstructorsModule, invitationsModule, applicationsModule, certificatesModule, courseLinksModule, journalModule, analyticsModule, accountsModule, supportModule, profileModule, notificationsModule, knowledgeBaseModule, chatModule, mailingsModule, conditionsModule, auditModule, learningAnalyticsModule, instructorCatalogModule, crmExportModule, calendarFeedModule, badgesModule, ltiModule, ...plainResources];
