import { lazy, type ComponentType } from 'react';

/**
 * Screens of a running course's sub-sections (spec 1 §2.9–2.10), lazily loaded. `courseSubRoutes`
 * are paths under /courses/ (joined into the courses resource's routes); `appRoutes` are
 * top-level paths. Rules come from shared/permissions.ts (screenRules).
 */
const StudentManagementPage = lazy(() => import('../students/StudentManagementPage'));
const StudentPage = lazy(() => import('../students/StudentPage'));
const StudentChangesPage = lazy(() => import('../students/StudentPage').then((m) => ({ default: m.StudentChangesPage })));
const GroupsPage = lazy(() => import('../students/GroupsPage'));
const StudentImportPage = lazy(() => import('../students/StudentImportPage'));
const InstructorsPage = lazy(() => import('../instructors/InstructorsPage'));
const InstructorEditPage = lazy(() => import('../instructors/InstructorsPage').then((m) => ({ default: m.InstructorEditPage })));
const TutorJoinPage = lazy(() => import('../instructors/InstructorsPage').then((m) => ({ default: m.TutorJoinPage })));
const InvitationsPage = lazy(() => import('../invitations/InvitationsPage'));
const CertificatesPage = lazy(() => import('../certificates/CertificatesPages'));
const CertificateCreatePage = lazy(() => import('../certificates/CertificatesPages').then((m) => ({ default: m.CertificateCreatePage })));
const LinksPage = lazy(() => import('../links/LinksPage'));
const DigitalCodeConfirmPage = lazy(() => import('../attendance/DigitalCodeConfirmPage'));
const ApplicationsEnrollmentPage = lazy(() => import('../applications/ApplicationsPages'));
const ApplicationsExpulsionPage = lazy(() => import('../applications/ApplicationsPages').then((m) => ({ default: m.ApplicationsExpulsionPage })));

/** [path under /courses/, page] — literal segments before parameters. */
export const courseSubRoutes: ReadonlyArray<readonly [string, ComponentType]> = [
  [':courseId/student-management', StudentManagementPage],
  [':courseId/student-management/groups', GroupsPage],
  [':courseId/student-management/import', StudentImportPage],
  [':courseId/student-management/:accountId/page', StudentPage],
  [':courseId/student-management/:accountId/changes', StudentChangesPage],
  [':courseId/instructors', InstructorsPage],
  [':courseId/instructors/:instructorId/edit', InstructorEditPage],
  [':courseId/instructors/:instructorId/tutor-join', TutorJoinPage],
  [':courseId/invitations', InvitationsPage],
  [':courseId/certificates', CertificatesPage],
  [':courseId/:accountId/certificate/create', CertificateCreatePage],
  [':courseId/links', LinksPage],
  [':courseId/visit-journal/digitalCode', DigitalCodeConfirmPage],
];

/** Top-level instructor screens. */
export const applicationRoutes: ReadonlyArray<readonly [string, ComponentType]> = [
  ['/applications-enrollment', ApplicationsEnrollmentPage],
  ['/applications-expulsion', ApplicationsExpulsionPage],
];

/** Learner screens: /invite/{inviteId} (guests too) and /expulsion. */
export const runningCourseLearnerRoutes = [
  { path: '/invite/:inviteId', Page: lazy(() => import('../../learner/invite/InvitePage')) },
  { path: '/expulsion', Page: lazy(() => import('../../learner/expulsion/ExpulsionPage')) },
];

/** Links of a course's description page (its sub-screens menu). */
export const runningCourseMenu = [
  { path: 'student-management', label: 'resources.runningCourses.menu.studentManagement', course: 'students' },
  { path: 'instructors', label: 'resources.runningCourses.menu.instructors', course: 'instructors' },
  { path: 'invitations', label: 'resources.runningCourses.menu.invitations', course: 'invitations' },
  { path: 'certificates', label: 'resources.runningCourses.menu.certificates', course: 'students' },
  { path: 'links', label: 'resources.runningCourses.menu.links', course: 'view' },
] as const;
