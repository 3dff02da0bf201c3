import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { courseLinkCalls as calls, type LinkNode } from '../../../shared/calls/courseLinks';
import { callApi } from '../../http/client';
import { fieldErrors } from '../../http/errors';
import { callKey, useCall } from '../../http/queries';
import { ListState, rcKey as k } from '../runningCourses/ui';

function flatten(nodes: LinkNode[], depth = 0): { node: LinkNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flatten(n.children, depth + 1)]);
}

/** /courses/{courseId}/links: the course's link (artifact) tree. */
export default function LinksPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const tree = useCall(calls.tree, { params: { courseId } });
  const [form, setForm] = useState<{ id?: number; text: string; address: string; parentId: number | '' }>({ text: '', address: '', parentId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rows = flatten(tree.data ?? []);
  const refresh = () => qc.invalidateQueries({ queryKey: callKey(calls.tree) });
  const save = async () => {
    const body = { text: form.text, address: form.address || null, parentId: form.parentId === '' ? null : form.parentId };
    try {
      if (form.id) await callApi(calls.update, { params: { courseId, linkId: form.id }, body });
      else await callApi(calls.create, { params: { courseId }, body });
      setForm({ text: '', address: '', parentId: '' });
      setErrors({});
      notify(k('saved'), { type: 'success' });
      await refresh();
    } catch (e) {
      setErrors(fieldErrors(e));
    }
  };
  const remove = async (id: number) => {
    await callApi(calls.remove, { params: { courseId, linkId: id } });
    await refresh();
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('links.title'))}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 2 }} alignItems="flex-start">
        <TextField size="small" label={translate(k('links.text'))} value={form.text} error={!!errors.text} helperText={errors.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
        <TextField size="small" label={translate(k('links.address'))} value={form.address} error={!!errors.address} helperText={errors.address} onChange={(e) => setForm({ ...form, address: e.target.value })} />
        <TextField size="small" select sx={{ minWidth: 180 }} label={translate(k('links.parent'))} value={form.parentId} error={!!errors.parentId} helperText={errors.parentId} onChange={(e) => setForm({ ...form, parentId: e.target.value === '' ? '' : Number(e.target.value) })}>
          <MenuItem value="">—</MenuItem>
          {rows.filter((r) => r.node.id !== form.id).map((r) => <MenuItem key={r.node.id} value={r.node.id}>{'— '.repeat(r.depth)}{r.node.text}</MenuItem>)}
        </TextField>
        <Button variant="contained" onClick={save}>{translate(k(form.id ? 'save' : 'links.add'))}</Button>
      </Stack>
      {errors._ && <Alert severity="error">{errors._}</Alert>}
      <ListState isPending={tree.isPending} error={tree.error} empty={rows.length === 0} onRetry={() => tree.refetch()}>
        <List dense>
          {rows.map(({ node, depth }) => (
            <ListItem
              key={node.id}
              sx={{ pl: 2 + depth * 3 }}
              secondaryAction={
                <>
                  <IconButton aria-label={translate(k('edit'))} onClick={() => setForm({ id: node.id, text: node.text, address: node.address ?? '', parentId: node.parentId ?? '' })}><Edit /></IconButton>
                  <IconButton aria-label={translate(k('delete'))} onClick={() => remove(node.id)}><Delete /></IconButton>
                </>
              }
            >
              <ListItemText primary={node.address ? <a href={node.address} target="_blank" rel="noreferrer">{node.text}</a> : node.text} />
            </ListItem>
          ))}
        </List>
      </ListState>
    </Box>
  );
}
