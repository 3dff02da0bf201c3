/** Screens of a course's students (spec 1 §2.9), full paths: a light module the route table reads without loading the screens. */
export const STUDENT_PATHS = {
  list: '/courses/:courseId/student-management',
  import: '/courses/:courseId/student-management/import',
  page: '/courses/:courseId/student-management/:accountId/page',
  changes: '/courses/:courseId/student-management/:accountId/changes',
} as const;

