import { lazy, Suspense, type ReactElement } from 'react';

// the badge (its call, MUI Badge, the live hub) loads after the first paint, not in the first load
const NotificationsBadge = lazy(() => import('./NotificationsBadge').then((m) => ({ default: m.NotificationsBadge })));

/** The icon with the unread notifications count; `live` keeps it current (mount one live badge). */
export function NotificationsBadgeIcon({ icon, live = false }: { icon: ReactElement; live?: boolean }) {
  return (
    <Suspense fallback={icon}>
      <NotificationsBadge icon={icon} live={live} />
    </Suspense>
  );
}
