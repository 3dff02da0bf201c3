import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { InstructorPanelPermission } from '../../../shared/enums';
import { HttpErrorPage } from '../../errors';
import { P, api, fill, serverText, useApi, type StaffRow, type TutorStudent } from '../runningCourses/api';
import { EmailListDialog, ListState, rcKey as k } from '../runningCourses/ui';

/** /courses/{courseId}/instructors: list with search, include/exclude by e-mails, Excel export. */
export default function InstructorsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<'include' | 'exclude' | null>(null);
  const list = useApi<StaffRow[]>(['staff', courseId, search], 'GET', `${fill(P.instructors, { courseId })}${search ? `?search=${encodeURIComponent(search)}` : ''}`);
  const refresh = () => qc.invalidateQueries({ queryKey: ['runningCourses'] });
  /** System.OperationFinishedWithErrors: the server's message is shown in the dialog. */
  const run = (path: string) => async (emails: string) => {
    try {
      await api('POST', fill(path, { courseId }), { emails });
      notify(k('saved'), { type: 'success' });
    } catch (e) {
      if ((e as { body?: { ErrorCode?: string } }).body?.ErrorCode === 'System.OperationFinishedWithErrors') {
        await refresh();
        return serverText(e);
      }
      throw e;
    }
    await refresh();
  };
  const remove = async (id: number) => {
    await api('DELETE', fill(P.instructorExclude, { courseId, instructorId: id }));
    notify(k('deleted'), { type: 'success' });
    await refresh();
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('instructors.title'))}</Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField size="small" label={translate(k('search'))} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button variant="contained" onClick={() => setDialog('include')}>{translate(k('instructors.include'))}</Button>
        <Button onClick={() => setDialog('exclude')}>{translate(k('instructors.exclude'))}</Button>
        <Button href={fill(P.instructorsExcel, { courseId })}>{translate(k('export'))}</Button>
      </Stack>
      <ListState isPending={list.isPending} error={list.error} empty={(list.data?.length ?? 0) === 0} onRetry={() => list.refetch()}>
        <Table size="small">
          <TableHead><TableRow><TableCell>{translate(k('name'))}</TableCell><TableCell>{translate(k('email'))}</TableCell><TableCell>{translate(k('instructors.role'))}</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {list.data?.map((r) => (
              <TableRow key={r.accountId}>
                <TableCell>{r.name || r.email}</TableCell>
                <TableCell>{r.email}</TableCell>
                <TableCell>{translate(k(`instructors.roles.${r.courseRole}`))}</TableCell>
                <TableCell align="right">
                  <Button size="small" component={Link} to={`${r.accountId}/edit`}>{translate(k('edit'))}</Button>
                  {r.courseRole === 'tutor' && <Button size="small" component={Link} to={`${r.accountId}/tutor-join`}>{translate(k('instructors.tutorStudents'))}</Button>}
                  <IconButton aria-label={translate(k('delete'))} onClick={() => remove(r.accountId)}><Delete /></IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <EmailListDialog open={dialog === 'include'} title={translate(k('instructors.include'))} onClose={() => setDialog(null)} onSubmit={run(P.instructorsInclude)} />
      <EmailListDialog open={dialog === 'exclude'} title={translate(k('instructors.exclude'))} onClose={() => setDialog(null)} onSubmit={run(P.instructorsExclude)} />
    </Box>
  );
}

const permissionCodes = Object.entries(InstructorPanelPermission);

/** /courses/{courseId}/instructors/{instructorId}/edit: course role and panel permissions. */
export function InstructorEditPage() {
  const { courseId = '', instructorId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const url = fill(P.instructorEdit, { courseId, instructorId });
  const q = useApi<StaffRow>(['staffEdit', courseId, instructorId], 'GET', url);
  const [role, setRole] = useState<StaffRow['courseRole']>('instructor');
  const [perms, setPerms] = useState<number[]>([]);
  useEffect(() => {
    if (q.data) {
      setRole(q.data.courseRole);
      setPerms(q.data.panelPermissions);
    }
  }, [q.data]);
  if (q.error) return <HttpErrorPage error={q.error} />;
  const save = async () => {
    try {
      await api('PUT', url, { courseRole: role, panelPermissions: perms });
      notify(k('saved'), { type: 'success' });
      navigate('../..', { relative: 'path' });
    } catch (e) {
      notify(serverText(e) ?? k('failed'), { type: 'error' });
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 500 }}>
      <Typography variant="h5" gutterBottom>{q.data?.name || q.data?.email}</Typography>
      <TextField select fullWidth label={translate(k('instructors.role'))} value={role} onChange={(e) => setRole(e.target.value as StaffRow['courseRole'])}>
        {(['instructor', 'tutor', 'moderator'] as const).map((r) => <MenuItem key={r} value={r}>{translate(k(`instructors.roles.${r}`))}</MenuItem>)}
      </TextField>
      <Typography sx={{ mt: 2 }}>{translate(k('instructors.permissions'))}</Typography>
      {permissionCodes.map(([name, code]) => (
        <FormControlLabel
          key={code}
          sx={{ display: 'block' }}
          control={<Checkbox checked={perms.includes(code)} onChange={(e) => setPerms((p) => (e.target.checked ? [...p, code] : p.filter((x) => x !== code)))} />}
          label={translate(k(`instructors.permission.${name}`))}
        />
      ))}
      <Button variant="contained" sx={{ mt: 2 }} disabled={q.isPending} onClick={save}>{translate(k('save'))}</Button>
    </Box>
  );
}

/** /courses/{courseId}/instructors/{instructorId}/tutor-join: attach/detach students, bulk by e-mails. */
export function TutorJoinPage() {
  const { courseId = '', instructorId = '' } = useParams();
  const translate = useTranslate();
  const qc = useQueryClient();
  const [bulk, setBulk] = useState(false);
  const q = useApi<TutorStudent[]>(['tutor', courseId, instructorId], 'GET', fill(P.tutorStudents, { courseId, tutorId: instructorId }));
  if (q.error && (q.error as { status?: number }).status !== 400) return <HttpErrorPage error={q.error} />;
  const toggle = async (studentId: number) => {
    await api('POST', fill(P.tutorToggle, { courseId, tutorId: instructorId, studentId }));
    await qc.invalidateQueries({ queryKey: ['runningCourses', 'tutor'] });
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('instructors.tutorStudents'))}</Typography>
      <Button variant="contained" sx={{ mb: 2 }} onClick={() => setBulk(true)}>{translate(k('instructors.bulk'))}</Button>
      <ListState isPending={q.isPending} error={q.error} empty={(q.data?.length ?? 0) === 0} onRetry={() => q.refetch()}>
        <Table size="small">
          <TableBody>
            {q.data?.map((s) => (
              <TableRow key={s.accountId}>
                <TableCell padding="checkbox"><Checkbox checked={s.attached} onChange={() => toggle(s.accountId)} inputProps={{ 'aria-label': s.email }} /></TableCell>
                <TableCell>{s.name || s.email}</TableCell>
                <TableCell>{s.email}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <EmailListDialog
        open={bulk}
        title={translate(k('instructors.bulk'))}
        onClose={() => setBulk(false)}
        onSubmit={async (emails) => {
          try {
            await api('POST', P.bulkTutor, { trainingId: Number(courseId), tutorId: Number(instructorId), studentsEmails: emails });
          } catch (e) {
            if ((e as { body?: { ErrorCode?: string } }).body?.ErrorCode === 'System.OperationFinishedWithErrors') return serverText(e);
            throw e;
          } finally {
            await qc.invalidateQueries({ queryKey: ['runningCourses', 'tutor'] });
          }
        }}
      />
    </Box>
  );
}
