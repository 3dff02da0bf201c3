import { Notification, type NotificationProps } from 'react-admin';

/** Spec 3 §8.1: toasts last 3 seconds. The one snackbar of both areas (react-admin's `notification`, the learner shell's). */
export const TOAST_DURATION = 3000;

export function AppNotification(props: NotificationProps) {
  return <Notification autoHideDuration={TOAST_DURATION} {...props} />;
}
