import { Alert, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatInvitationDate } from '../../../shared/runningCourses';
import { P, api, fill, useApi, type InvitationRow } from '../runningCourses/api';
import { ListState, rcKey as k } from '../runningCourses/ui';

/** /courses/{courseId}/invitations: invitation links (generated code, expiry DD/MM/YYYY or DD.MM.YYYY), edit, delete. */
export default function InvitationsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const list = useApi<InvitationRow[]>(['invitations', courseId], 'GET', `/api/instructors/trainings/${courseId}/invitation-link/description`, undefined, { staleTime: 2000 });
  const [form, setForm] = useState<{ id?: number; code: string; expiryDate: string }>({ code: '', expiryDate: '' });
  const [errors, setErrors] = useState<{ Code?: string; ExpiryDate?: string }>({});
  const generate = async () => {
    const { code } = await api<{ code: string }>('POST', P.inviteGenerate);
    setForm((f) => ({ ...f, code }));
  };
  const save = async () => {
    setErrors({});
    try {
      const body = { trainingId: Number(courseId), code: form.code || null, expiryDate: form.expiryDate || null };
      if (form.id) await api('PUT', fill(P.invite, { invitationId: form.id }), body);
      else await api('POST', P.inviteCreate, body);
      setForm({ code: '', expiryDate: '' });
      notify(k('saved'), { type: 'success' });
      await qc.invalidateQueries({ queryKey: ['runningCourses', 'invitations'] });
    } catch (e) {
      const b = (e as { status?: number; body?: { Code?: string; ExpiryDate?: string } }).body;
      if ((e as { status?: number }).status === 400 && b) setErrors({ Code: b.Code, ExpiryDate: b.ExpiryDate });
      else notify(k('failed'), { type: 'error' });
    }
  };
  const remove = async (id: number) => {
    await api('DELETE', fill(P.invite, { invitationId: id }));
    await qc.invalidateQueries({ queryKey: ['runningCourses', 'invitations'] });
  };
  const rows = (list.data ?? []).map((r) => ({ ...r, id: r.id ?? r.invitationId }));
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('invitations.title'))}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
        <TextField size="small" label={translate(k('invitations.code'))} value={form.code} error={!!errors.Code} helperText={errors.Code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
        <Button onClick={generate}>{translate(k('invitations.generate'))}</Button>
        <TextField size="small" label={translate(k('invitations.expiry'))} placeholder="ДД.ММ.ГГГГ" value={form.expiryDate} error={!!errors.ExpiryDate} helperText={errors.ExpiryDate ?? translate(k('invitations.expiryHint'))} onChange={(e) => setForm({ ...form, expiryDate: e.target.value })} />
        <Button variant="contained" onClick={save}>{translate(k(form.id ? 'save' : 'invitations.create'))}</Button>
      </Stack>
      <ListState isPending={list.isPending} error={list.error} empty={rows.length === 0} onRetry={() => list.refetch()}>
        <Table size="small">
          <TableHead><TableRow><TableCell>{translate(k('invitations.link'))}</TableCell><TableCell>{translate(k('invitations.expiry'))}</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{`${window.location.origin}/invite/${r.code}`}</TableCell>
                <TableCell>{r.expiryDate ? formatInvitationDate(r.expiryDate) : '—'}</TableCell>
                <TableCell align="right">
                  <IconButton aria-label={translate(k('edit'))} onClick={() => setForm({ id: r.id, code: r.code, expiryDate: r.expiryDate ? formatInvitationDate(r.expiryDate) : '' })}><Edit /></IconButton>
                  <IconButton aria-label={translate(k('delete'))} onClick={() => remove(r.id)}><Delete /></IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      {errors.Code === undefined && errors.ExpiryDate === undefined ? null : <Alert severity="error" sx={{ mt: 2 }}>{translate(k('failed'))}</Alert>}
    </Box>
  );
}
