import { Avatar, List, ListItem, ListItemAvatar, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import type { CourseStaffMember } from '../../../shared/learning';

/** People of a course's staff: picture, "Last First", e-mail, and an optional action beside each. */
export function StaffList({ people, action }: { people: CourseStaffMember[]; action?: (person: CourseStaffMember) => ReactNode }) {
  return (
    <List dense disablePadding>
      {people.map((p) => (
        <ListItem key={p.accountId} disableGutters secondaryAction={action?.(p)}>
          <ListItemAvatar>
            <Avatar src={p.picture ?? undefined} alt="">{p.firstName.charAt(0)}</Avatar>
          </ListItemAvatar>
          <ListItemText primary={`${p.lastName} ${p.firstName}`} secondary={p.eMail} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }} />
        </ListItem>
      ))}
    </List>
  );
}
