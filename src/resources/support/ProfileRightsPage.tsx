import { Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { supportCalls } from '../../../shared/calls/support';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';

const k = (key: string) => `resources.support.rights.${key}`;

/** /courses/users/profile-rights/{accountId} (spec 1 §2.9, AdminPanelAccess): role, flags and course roles of one account. */
export default function ProfileRightsPage() {
  const translate = useTranslate();
  const { accountId = '' } = useParams();
  const { data, isPending, error, refetch } = useCall(supportCalls.rights, { params: { accountId } });
  return (
    <PageFrame title={data ? `${translate(k('title'))}: ${data.fullName || data.eMail}` : translate(k('title'))} back="/courses/users">
      <PageState isPending={isPending} error={error} errorTitle={translate(k('loadError'))} refetch={refetch}>
        {data && (
          <Stack spacing={2} data-testid="profile-rights">
            <Typography>{data.eMail}</Typography>
            <Typography>
              {translate(k('role'))}: <b>{translate(`resources.support.roles.${data.role}`, { _: data.role })}</b>
            </Typography>
            <div>
              <Typography variant="subtitle2">{translate(k('permissions'))}</Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {data.permissions.length ? data.permissions.map((p) => <Chip key={p} size="small" label={p} />) : <Typography color="text.secondary">{translate(k('noPermissions'))}</Typography>}
              </Stack>
            </div>
            <Typography>
              {translate(k('physmath'))}: {translate(k(data.accessToPhysical ? 'yes' : 'no'))}
            </Typography>
            {data.mainAccountId !== null && <Typography>{translate(k('linkedTo'), { id: data.mainAccountId })}</Typography>}
            <Typography variant="subtitle2">{translate(k('courses'))}</Typography>
            {data.courses.length === 0 ? (
              <Typography color="text.secondary">{translate(k('noCourses'))}</Typography>
            ) : (
              <TableScroll>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate(k('course'))}</TableCell>
                      <TableCell>{translate(k('courseRole'))}</TableCell>
                      <TableCell>{translate(k('panelPermissions'))}</TableCell>
                      <TableCell>{translate(k('creator'))}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.courses.map((c) => (
                      <TableRow key={c.courseId}>
                        <TableCell>{c.label}</TableCell>
                        <TableCell>{translate(`resources.courses.roles.${c.courseRole}`, { _: c.courseRole })}</TableCell>
                        <TableCell>{c.panelPermissions.join(', ') || '—'}</TableCell>
                        <TableCell>{translate(k(c.isCreator ? 'yes' : 'no'))}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableScroll>
            )}
          </Stack>
        )}
      </PageState>
    </PageFrame>
  );
}
