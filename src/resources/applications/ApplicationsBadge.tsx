import { Badge } from '@mui/material';
import type { ReactElement } from 'react';
import { P, useApi } from '../runningCourses/api';

/** The menu badge's query key: the applications page invalidates it after each decision. */
export const APPLICATIONS_COUNT_KEY = ['runningCourses', 'applicationsCount'] as const;

/** Pending enrolment applications of the caller's courses. */
export function useApplicationsCount(enabled = true) {
  return useApi<{ count: number }>(['applicationsCount'], 'GET', enabled ? P.applicationsCount : null, undefined, { refetchInterval: 60_000 });
}

/** The menu icon of enrolment applications with the pending count. */
export function ApplicationsBadgeIcon({ icon, enabled }: { icon: ReactElement; enabled: boolean }) {
  const count = useApplicationsCount(enabled).data?.count ?? 0;
  return (
    <Badge color="error" badgeContent={count} max={99} invisible={!enabled || count === 0} data-testid="applications-count">
      {icon}
    </Badge>
  );
}
