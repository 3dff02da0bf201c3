/** Screens of a course's certificates (spec 1 §2.9): the list, and issuing one to a student. */
export const CERTIFICATE_PATHS = {
  list: '/courses/:courseId/certificates',
  create: '/courses/:courseId/:accountId/certificate/create',
} as const;
