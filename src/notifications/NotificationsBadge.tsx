import { Badge } from '@mui/material';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslate } from '../app';
import { useWhenIdle } from '../app/useWhenIdle';
import { BADGE_CAP, notificationsCalls } from '../../shared/calls/notifications';
import { useCall } from '../http/queries';

// the hub client (@microsoft/signalr) loads after the page has loaded, not in the first load
const NotificationsLive = lazy(() => import('./NotificationsLive'));

/** The unread count over an icon, capped at 99 ("99+", spec 2 §9). */
export function CountBadge({ count, icon }: { count: number; icon: ReactElement }) {
  const translate = useTranslate();
  return (
    <Badge color="error" badgeContent={count} max={BADGE_CAP} invisible={count <= 0} data-testid="notifications-count" aria-label={translate('app.notifications.badge', { count })}>
      {icon}
    </Badge>
  );
}

/** The reader's unread notifications count; `live` keeps it current over /hubs/notifications (mount it once). */
export function NotificationsBadge({ icon, live = false }: { icon: ReactElement; live?: boolean }) {
  // the live badge (the header's) reads the count and keeps it current; another one (the menu's)
  // shows that answer instead of reading it again when it mounts
  const count = useCall(notificationsCalls.count, {}, live ? {} : { refetchOnMount: false }).data?.count ?? 0;
  // the live connection opens once the page has loaded (it reads the count again on connecting)
  const idle = useWhenIdle();
  return (
    <>
      <CountBadge count={count} icon={icon} />
      {live && idle && (
        <Suspense fallback={null}>
          <NotificationsLive />
        </Suspense>
      )}
    </>
  );
}
