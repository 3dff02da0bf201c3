import { Suspense, lazy, type ReactElement } from 'react';

// loaded only for those who may decide applications: a student's first load does not carry it
const ApplicationsCount = lazy(() => import('./ApplicationsCount'));

/** The menu icon of enrolment applications, with the pending count for those who may decide them. */
export function ApplicationsBadgeIcon({ icon, enabled }: { icon: ReactElement; enabled: boolean }) {
  if (!enabled) return icon;
  return (
    <Suspense fallback={icon}>
      <ApplicationsCount icon={icon} />
    </Suspense>
  );
}
