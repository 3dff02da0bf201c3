import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslate } from '../app';
import { useWhenIdle } from '../app/useWhenIdle';
import { BADGE_CAP, notificationsCalls } from '../../shared/calls/notifications';
import { useCall } from '../http/queries';
import { CountBadge } from '../ui/CountBadge';

// the hub client (@microsoft/signalr) loads after the page has loaded, not in the first load
const NotificationsLive = lazy(() => import('./NotificationsLive'));

/** The unread count over an icon, capped at 99 ("99+", spec 2 §9). */
export function UnreadBadge({ count, icon }: { count: number; icon: ReactElement }) {
  const translate = useTranslate();
  return <CountBadge count={count} icon={icon} max={BADGE_CAP} label={translate('app.notifications.badge', { count })} testId="notifications-count" />;
}

/** The reader's unread notifications count; `live` keeps it current over /hubs/notifications (mount it once). */
export function NotificationsBadge({ icon, live = false }: { icon: ReactElement; live?: boolean }) {
  // read once by whichever badge mounts first (the header's and the menu's mount a moment apart);
  // the live one's connection reads it again on connecting, and keeps it current from then on
  const count = useCall(notificationsCalls.count, {}, { refetchOnMount: false }).data?.count ?? 0;
  // the live connection opens once the page has loaded (it reads the count again on connecting)
  const idle = useWhenIdle();
  return (
    <>
      <UnreadBadge count={count} icon={icon} />
      {live && idle && (
        <Suspense fallback={null}>
          <NotificationsLive />
        </Suspense>
      )}
    </>
  );
}
