import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import GroupAdd from '@mui/icons-material/GroupAdd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { P, api, fieldErrors, fill, serverText, useApi, type StaffRow } from '../runningCourses/api';
import { EmailListDialog, ListState, rcKey as k } from '../runningCourses/ui';

interface Group { id: number; label: string; leadId?: number | null; lead?: { id: number; name?: string; initials?: string } | null; studentsCount?: number }

/** /courses/{courseId}/student-management/groups: create, edit (label, lead), drop, include students. */
export default function GroupsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const groups = useApi<Group[]>(['groups', courseId], 'GET', `/api/instructors/trainings/${courseId}/groups`);
  const staff = useApi<StaffRow[]>(['staff', courseId], 'GET', fill(P.instructors, { courseId }), undefined, { retry: false });
  const [edit, setEdit] = useState<{ id?: number; label: string; lead: number | '' } | null>(null);
  const [includeTo, setIncludeTo] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => qc.invalidateQueries({ queryKey: ['runningCourses'] });
  const save = async () => {
    if (!edit) return;
    const body = { label: edit.label, lead: edit.lead === '' ? null : edit.lead };
    try {
      if (edit.id) await api('PUT', fill(P.groupEdit, { courseId, groupId: edit.id }), body);
      else await api('POST', fill(P.groupCreate, { courseId }), body);
      setEdit(null);
      setErrors({});
      notify(k('saved'), { type: 'success' });
      await refresh();
    } catch (e) {
      setErrors({ ...fieldErrors(e), _: serverText(e) ?? '' });
    }
  };
  const drop = async (id: number) => {
    await api('DELETE', fill(P.groupDrop, { courseId, groupId: id }));
    notify(k('deleted'), { type: 'success' });
    await refresh();
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('groups.title'))}</Typography>
      <Button variant="contained" sx={{ mb: 2 }} onClick={() => setEdit({ label: '', lead: '' })}>{translate(k('groups.create'))}</Button>
      <ListState isPending={groups.isPending} error={groups.error} empty={(groups.data?.length ?? 0) === 0} onRetry={() => groups.refetch()}>
        <Table size="small">
          <TableHead><TableRow><TableCell>{translate(k('groups.label'))}</TableCell><TableCell>{translate(k('groups.lead'))}</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {groups.data?.map((g) => (
              <TableRow key={g.id}>
                <TableCell>{g.label}</TableCell>
                <TableCell>{g.lead?.name ?? g.lead?.initials ?? '—'}</TableCell>
                <TableCell align="right">
                  <IconButton aria-label={translate(k('groups.include'))} onClick={() => setIncludeTo(g.id)}><GroupAdd /></IconButton>
                  <IconButton aria-label={translate(k('edit'))} onClick={() => setEdit({ id: g.id, label: g.label, lead: g.lead?.id ?? g.leadId ?? '' })}><Edit /></IconButton>
                  <IconButton aria-label={translate(k('delete'))} onClick={() => drop(g.id)}><Delete /></IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <Dialog open={!!edit} onClose={() => setEdit(null)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(k(edit?.id ? 'groups.edit' : 'groups.create'))}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField label={translate(k('groups.label'))} value={edit?.label ?? ''} error={!!errors.label} helperText={errors.label} onChange={(e) => setEdit((s) => s && { ...s, label: e.target.value })} />
            <TextField select label={translate(k('groups.lead'))} value={edit?.lead ?? ''} error={!!errors.lead} helperText={errors.lead} onChange={(e) => setEdit((s) => s && { ...s, lead: e.target.value === '' ? '' : Number(e.target.value) })}>
              <MenuItem value="">—</MenuItem>
              {(staff.data ?? []).map((s) => <MenuItem key={s.accountId} value={s.accountId}>{s.name || s.email}</MenuItem>)}
            </TextField>
            {errors._ && !errors.label && !errors.lead && <Alert severity="error">{errors._}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEdit(null)}>{translate(k('cancel'))}</Button>
          <Button variant="contained" onClick={save}>{translate(k('save'))}</Button>
        </DialogActions>
      </Dialog>
      <EmailListDialog
        open={includeTo !== null}
        title={translate(k('groups.include'))}
        onClose={() => setIncludeTo(null)}
        onSubmit={async (emails) => {
          const r = await api<{ included: number; notFound: string[] }>('POST', fill(P.groupInclude, { courseId }), { groupId: includeTo, emails });
          await refresh();
          notify(translate(k('students.included'), { count: r.included }), { type: 'success' });
          if (r.notFound.length) return translate(k('notFoundEmails'), { emails: r.notFound.join(', ') });
        }}
      />
    </Box>
  );
}
