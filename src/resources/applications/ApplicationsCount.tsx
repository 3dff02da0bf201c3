import type { ReactElement } from 'react';
import { useTranslate } from '../../app';
import { applicationCalls } from '../../../shared/calls/applications';
import { useCall } from '../../http/queries';
import { CountBadge } from '../../ui/CountBadge';

/** The icon with the pending count of the caller's courses' enrolment applications (refreshed each minute and after each decision). */
export default function ApplicationsCount({ icon }: { icon: ReactElement }) {
  const translate = useTranslate();
  const count = useCall(applicationCalls.count, {}, { refetchInterval: 60_000 }).data?.count ?? 0;
  return <CountBadge count={count} icon={icon} label={translate('app.menu.pendingApplications', { count })} testId="applications-count" />;
}
