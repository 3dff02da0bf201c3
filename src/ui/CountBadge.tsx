import { Badge } from '@mui/material';
import type { ReactElement } from 'react';
import { visuallyHidden } from './visuallyHidden';


/**
 * A count over an icon (unread notifications, chat messages, pending applications). The bubble is
 * for the eye; screen readers read `label` ("Unread notifications: 3") as part of the control's name,
 * so the control needs no aria-label that would hide the count (WCAG 2.5.3, label in name).
 */
export function CountBadge({ count, icon, label, max = 99, shown, testId }: { count: number; icon: ReactElement; label: string; max?: number; shown?: string | number; testId?: string }) {
  return (
    <>
      <Badge color="error" badgeContent={shown ?? count} max={max} invisible={count <= 0} data-testid={testId} slotProps={{ badge: { 'aria-hidden': true } }}>
        {icon}
      </Badge>
      {count > 0 && <span style={visuallyHidden}>{label}</span>}
    </>
  );
}
