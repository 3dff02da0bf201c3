import Class from '@mui/icons-material/Class';
import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { courses as declaration } from '../../../shared/resources/courses';
import type { ResourceEntry } from '..';
import { courseGroupRoutes } from '../courseGroups';
import { resourceFromDeclaration } from '../factory';
import { VisitStatTaskQueue } from '../tasks';
import { CourseCreate } from './forms/CourseCreate';
import { CourseEdit } from './forms/CourseEdit';
import { AllCoursesList, CourseList } from './list/CourseList';
import { CourseShow } from './show/CourseShow';
import { underCourses } from '../factory/lazyScreens';
import { attendanceRoutes } from '../attendance/routes';
import { mailingRoutes } from '../mailings/routes';
import { ltiRoutes } from '../lti/routes';
import { certificateRoutes } from '../certificates/routes';
import { exercisesCheckRoutes } from '../exercisesCheck/routes';
import { groupRoutes } from '../groups/routes';
import { instructorRoutes } from '../instructors/routes';
import { invitationRoutes } from '../invitations/routes';
import { linkRoutes } from '../links/routes';
import { courseAttributeRoutes } from '../courseAttributes/routes';
import { conditionRoutes } from '../conditions/routes';
import { studentRoutes } from '../students/routes';
import { studentsJournalRoutes } from '../studentsJournal/routes';
import { typicalErrorsRoutes } from '../typicalErrors/routes';
import { visitJournalRoutes } from '../visitJournal/routes';
import { feedbackRoutes } from '../reflection/routes';
import { supportRoutes } from '../support/routes';
import { auditRoutes } from '../audit/routes';
import { learningAnalyticsRoutes } from '../learningAnalytics/routes';
import { quickAccessRoutes } from '../quickAccess/routes';
import { crmExportRoutes } from '../crmExport/routes';

export { coursesEn, coursesRu } from './i18n';
export { courseMenu, type CourseMenuItem } from './menu';

/**
 * Instructor screens of courses and course groups (spec 1 §2.9), under /courses. The list (the
 * instructors' landing) and create are the declared resource's own routes; the course page and
 * its settings sit at the spec's paths (/courses/{courseId}, .../edit), like the rest of this
 * resource's routes. Literal segments (list, course-group, visit-stat-download) come before
 * `:courseId`. Screens of a course's sub-sections add their routes to `courseRoutes`.
 */
export const courseRoutes: ReadonlyArray<readonly [string, ComponentType]> = [
  ['list', AllCoursesList],
  ['visit-stat-download/task-queue', VisitStatTaskQueue],
  ...courseGroupRoutes,
  [':courseId', CourseShow],
  [':courseId/edit', CourseEdit],
  // running a course: its students, groups, staff, invitations, certificates, links, attendance
  ...underCourses([...studentRoutes, ...groupRoutes, ...instructorRoutes, ...invitationRoutes, ...certificateRoutes, ...linkRoutes, ...attendanceRoutes, ...studentsJournalRoutes, ...visitJournalRoutes, ...feedbackRoutes, ...exercisesCheckRoutes, ...supportRoutes, ...courseAttributeRoutes, ...mailingRoutes, ...conditionRoutes, ...auditRoutes, ...learningAnalyticsRoutes, ...quickAccessRoutes, ...crmExportRoutes, ...typicalErrorsRoutes, ...ltiRoutes]),
];

const { entry } = resourceFromDeclaration(declaration, { list: () => <CourseList />, create: CourseCreate, icon: Class });

export const courses: ResourceEntry = {
  ...entry,
  // not react-admin's /courses/:id: the course page and its settings are routes above
  edit: undefined,
  children: courseRoutes.map(([path, Page]) => <Route key={path} path={path} element={<Page />} />),
};
