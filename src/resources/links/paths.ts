/** Screens of a course's links (spec 1 §2.9 …/links; create and edit chosen in its style). */
export const LINK_PATHS = {
  list: '/courses/:courseId/links',
  create: '/courses/:courseId/links/create',
  edit: '/courses/:courseId/links/:id',
} as const;
