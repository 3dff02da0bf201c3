import { lazy } from 'react';
import type { NotificationProps } from 'react-admin';
import { useNotificationContext } from 'ra-core';
import { Deferred } from '../app';

/** Spec 3 §8.1: toasts last 3 seconds. */
export const TOAST_DURATION = 3000;

const Snackbar = lazy(() => import('./Snackbar'));

/** The one snackbar of both areas (react-admin's `notification`, the learner shell's), loaded with the first toast. */
export function AppNotification(props: NotificationProps) {
  const { notifications } = useNotificationContext();
  return (
    <Deferred when={notifications.length > 0}>
      <Snackbar autoHideDuration={TOAST_DURATION} {...props} />
    </Deferred>
  );
}
