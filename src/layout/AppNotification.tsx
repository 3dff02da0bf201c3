import { Notification, type NotificationProps } from 'react-admin';

/** Spec 3 §8.1: toasts last 3 seconds. */
export const TOAST_DURATION = 3000;

export function AppNotification(props: NotificationProps) {
  return <Notification autoHideDuration={TOAST_DURATION} {...props} />;
}
