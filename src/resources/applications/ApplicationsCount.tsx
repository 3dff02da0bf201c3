import { Badge } from '@mui/material';
import type { ReactElement } from 'react';
import { applicationCalls } from '../../../shared/calls/applications';
import { useCall } from '../../http/queries';

/** The icon with the pending count of the caller's courses' enrolment applications (refreshed each minute and after each decision). */
export default function ApplicationsCount({ icon }: { icon: ReactElement }) {
  const count = useCall(applicationCalls.count, {}, { refetchInterval: 60_000 }).data?.count ?? 0;
  return (
    <Badge color="error" badgeContent={count} max={99} invisible={count === 0} data-testid="applications-count">
      {icon}
    </Badge>
  );
}
