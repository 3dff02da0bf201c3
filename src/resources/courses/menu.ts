import type { CourseAction } from '../../../shared/permissions';
/**
 * The sub-screens of a course (spec 1 §2.9) its description page links to. Only screens that
 * exist are listed: add a row when a screen under /courses/{courseId}/... is built. Each link
 * is shown only when the shared permission table lets the caller open its path.
 */
export interface CourseMenuItem {
  /** the path under /courses/{courseId}/ */
  path: string;
  /** i18n key of the link */
  label: string;
  /** what the screen does in the course: shown only when the caller's course role allows it */
  course: CourseAction;
}

export const courseMenu: CourseMenuItem[] = [
  { path: 'edit', label: 'resources.courses.menu.edit', course: 'settings' },
  { path: 'student-management', label: 'resources.course-students.name', course: 'students' },
  { path: 'instructors', label: 'resources.course-instructors.name', course: 'instructors' },
  { path: 'invitations', label: 'resources.invitations.name', course: 'invitations' },
  { path: 'certificates', label: 'resources.certificates.name', course: 'students' },
  { path: 'changes', label: 'resources.course-profile-changes.menu', course: 'students' },
  { path: 'exercises-check', label: 'resources.exercises-check.menu', course: 'evaluate' },
  { path: 'links', label: 'resources.course-links.name', course: 'view' },
  { path: 'attributes', label: 'resources.courseAttributes.name', course: 'view' },
  { path: 'conditions', label: 'resources.course-conditions.name', course: 'view' },
  { path: 'students-journal', label: 'resources.studentsJournal.name', course: 'journal' },
  { path: 'typical-errors', label: 'resources.typicalErrors.name', course: 'journal' },
  { path: 'students-journal/analytics', label: 'resources.learning-analytics.menu.journal', course: 'journal' },
  { path: 'paths-analytics', label: 'resources.learning-analytics.menu.paths', course: 'journal' },
  { path: 'usage-analytics', label: 'resources.learning-analytics.menu.usage', course: 'journal' },
  { path: 'responses-upload', label: 'resources.studentsJournal.menu.responses', course: 'journal' },
  { path: 'instructor-estimates/task-queue', label: 'resources.studentsJournal.menu.estimatesQueue', course: 'journal' },
  { path: 'export-group-log/task-queue', label: 'resources.studentsJournal.menu.groupLogQueue', course: 'students' },
  { path: 'export-to-crm/task-queue', label: 'resources.crmExport.title', course: 'students' },
  { path: 'visit-journal', label: 'resources.visitJournal.name', course: 'attendance' },
  { path: 'feedback', label: 'resources.reflection.feedback.name', course: 'journal' },
  { path: 'auto-notifications', label: 'resources.mailings.auto.name', course: 'view' },
  { path: 'manual-notifications', label: 'resources.mailings.manual.name', course: 'view' },
];
