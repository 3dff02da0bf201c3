/** Screens of a course's invitation links (list in the app's menu of the course; create and edit chosen in the spec's style). */
export const INVITATION_PATHS = {
  list: '/courses/:courseId/invitations',
  create: '/courses/:courseId/invitations/create',
  edit: '/courses/:courseId/invitations/:id',
} as const;

/** The address a student opens: /invite/{code}. */
export const inviteLink = (code: string) => `${window.location.origin}/invite/${code}`;
