/** Screens of a course's staff (spec 1 §2.9). */
export const INSTRUCTOR_PATHS = {
  list: '/courses/:courseId/instructors',
  edit: '/courses/:courseId/instructors/:id/edit',
  tutorStudents: '/courses/:courseId/instructors/:instructorId/tutor-join',
} as const;
