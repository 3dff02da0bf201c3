/** Screens of a course's groups (spec 1 §2.9 …/student-management/groups; create and edit chosen in its style). */
export const GROUP_PATHS = {
  list: '/courses/:courseId/student-management/groups',
  create: '/courses/:courseId/student-management/groups/create',
  edit: '/courses/:courseId/student-management/groups/:id',
} as const;
