/** Screens of a course's e-mail mailings (spec 1 §2.9) and the outbox Root reads. */
export const MAILING_PATHS = {
  autoList: '/courses/:courseId/auto-notifications',
  autoCreate: '/courses/:courseId/auto-notifications/create',
  autoEdit: '/courses/:courseId/auto-notifications/:notificationId/edit',
  manualList: '/courses/:courseId/manual-notifications',
  manualCreate: '/courses/:courseId/manual-notifications/create',
  manualView: '/courses/:courseId/manual-notifications/:notificationId',
  manualEdit: '/courses/:courseId/manual-notifications/:notificationId/edit',
  manualSend: '/courses/:courseId/manual-notifications/:notificationId/send',
  outbox: '/courses/mail-outbox',
} as const;

export type MailingKindPath = 'auto' | 'manual';
export const listPath = (kind: MailingKindPath, courseId: string) => `/courses/${courseId}/${kind}-notifications`;
