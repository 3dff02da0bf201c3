import { Box, Button, MenuItem, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { P, api, fill, useApi, type GroupItem, type KickedRow, type ListAnswer, type StudentRow } from '../runningCourses/api';
import { EmailListDialog, ListState, rcKey as k } from '../runningCourses/ui';

interface IncludeAnswer { included: number; notFound: string[] }
interface ExcludeAnswer { excluded: number; notFound: string[] }

/** /courses/{courseId}/student-management: students with search and group filter, include/exclude, kicked list. */
export default function StudentManagementPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const [tab, setTab] = useState<'students' | 'kicked'>('students');
  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState<number | ''>('');
  const [dialog, setDialog] = useState<'include' | 'exclude' | null>(null);
  const [reason, setReason] = useState('');
  const [attributeId, setAttributeId] = useState<number | ''>('');
  const [attributeValue, setAttributeValue] = useState('');
  const filter = attributeId !== '' && attributeValue ? [{ attributeId, value: attributeValue }] : undefined;
  const body = { search: search || undefined, groupId: groupId === '' ? undefined : groupId, filter, take: 100, skip: 0 };
  const attributes = useApi<{ id: number; label: string; options: { id?: string | number; value?: string; label?: string }[] }[]>(['studentFilters'], 'GET', '/api/instructors/trainings/students/filters');
  const options = attributes.data?.find((a) => a.id === attributeId)?.options ?? [];
  const list = useApi<ListAnswer<StudentRow>>(['students', courseId, body], 'POST', fill(P.studentsList, { id: courseId }), body);
  const kicked = useApi<KickedRow[]>(['kicked', courseId], 'GET', tab === 'kicked' ? fill(P.kicked, { courseId }) : null);
  const groups = useApi<GroupItem[]>(['groups', courseId], 'GET', `/api/instructors/trainings/${courseId}/groups`);
  const reasons = useApi<{ id: string; label: string }[]>(['kickReasons', courseId], 'GET', fill(P.kickReasons, { courseId }));
  const refresh = () => qc.invalidateQueries({ queryKey: ['runningCourses'] });

  const include = async (emails: string) => {
    const r = await api<IncludeAnswer>('POST', fill(P.studentsInclude, { id: courseId }), { emails });
    await refresh();
    notify(translate(k('students.included'), { count: r.included }), { type: 'success' });
    if (r.notFound.length) return translate(k('notFoundEmails'), { emails: r.notFound.join(', ') });
  };
  const exclude = async (emails: string) => {
    const r = await api<ExcludeAnswer>('POST', fill(P.studentsExclude, { id: courseId }), { emails, reason: reason || null });
    await refresh();
    notify(translate(k('students.excluded'), { count: r.excluded }), { type: 'success' });
    if (r.notFound.length) return translate(k('notFoundEmails'), { emails: r.notFound.join(', ') });
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('students.title'))}</Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setDialog('include')}>{translate(k('students.include'))}</Button>
        <Button onClick={() => setDialog('exclude')}>{translate(k('students.exclude'))}</Button>
        <Button component={Link} to="import">{translate(k('students.import'))}</Button>
        <Button component={Link} to="groups">{translate(k('groups.title'))}</Button>
      </Stack>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="students" label={translate(k('students.tabStudying'))} />
        <Tab value="kicked" label={translate(k('students.tabKicked'))} />
      </Tabs>
      {tab === 'students' ? (
        <>
          <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
            <TextField size="small" label={translate(k('search'))} value={search} onChange={(e) => setSearch(e.target.value)} />
            <TextField size="small" select sx={{ minWidth: 200 }} label={translate(k('students.group'))} value={groupId} onChange={(e) => setGroupId(e.target.value === '' ? '' : Number(e.target.value))}>
              <MenuItem value="">{translate(k('all'))}</MenuItem>
              {(groups.data ?? []).map((g) => <MenuItem key={g.id} value={g.id}>{g.label}</MenuItem>)}
            </TextField>
            <TextField size="small" select sx={{ minWidth: 200 }} label={translate(k('students.attribute'))} value={attributeId} onChange={(e) => { setAttributeId(e.target.value === '' ? '' : Number(e.target.value)); setAttributeValue(''); }}>
              <MenuItem value="">—</MenuItem>
              {(attributes.data ?? []).map((a) => <MenuItem key={a.id} value={a.id}>{a.label}</MenuItem>)}
            </TextField>
            {attributeId !== '' &&
              (options.length ? (
                <TextField size="small" select sx={{ minWidth: 160 }} label={translate(k('students.value'))} value={attributeValue} onChange={(e) => setAttributeValue(e.target.value)}>
                  {options.map((o, i) => <MenuItem key={i} value={String(o.id ?? o.value ?? o.label ?? '')}>{o.label ?? o.value}</MenuItem>)}
                </TextField>
              ) : (
                <TextField size="small" label={translate(k('students.value'))} value={attributeValue} onChange={(e) => setAttributeValue(e.target.value)} />
              ))}
          </Stack>
          <ListState isPending={list.isPending} error={list.error} empty={(list.data?.result.length ?? 0) === 0} onRetry={() => list.refetch()}>
            <Table size="small">
              <TableHead><TableRow><TableCell>{translate(k('name'))}</TableCell><TableCell>{translate(k('email'))}</TableCell><TableCell>{translate(k('students.group'))}</TableCell><TableCell>{translate(k('students.progress'))}</TableCell></TableRow></TableHead>
              <TableBody>
                {list.data?.result.map((s) => (
                  <TableRow key={s.accountId} hover>
                    <TableCell><Link to={`${s.accountId}/page`}>{s.name || s.email}</Link></TableCell>
                    <TableCell>{s.email}</TableCell>
                    <TableCell>{s.groupLabel ?? '—'}</TableCell>
                    <TableCell>{Math.round(s.progress * 100)}%</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="caption" color="text.secondary">{translate(k('total'), { count: list.data?.metadata.filteredRecords ?? 0 })}</Typography>
          </ListState>
        </>
      ) : (
        <ListState isPending={kicked.isPending} error={kicked.error} empty={(kicked.data?.length ?? 0) === 0} onRetry={() => kicked.refetch()}>
          <Table size="small">
            <TableHead><TableRow><TableCell>{translate(k('name'))}</TableCell><TableCell>{translate(k('email'))}</TableCell><TableCell>{translate(k('students.reason'))}</TableCell><TableCell>{translate(k('date'))}</TableCell></TableRow></TableHead>
            <TableBody>
              {kicked.data?.map((s) => (
                <TableRow key={s.accountId}>
                  <TableCell>{s.name || s.email}</TableCell>
                  <TableCell>{s.email}</TableCell>
                  <TableCell>{reasons.data?.find((r) => r.id === s.kickReason)?.label ?? s.kickReason ?? '—'}</TableCell>
                  <TableCell>{s.kickedAt ? new Date(s.kickedAt).toLocaleDateString() : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ListState>
      )}
      <EmailListDialog open={dialog === 'include'} title={translate(k('students.include'))} onClose={() => setDialog(null)} onSubmit={include} />
      <EmailListDialog
        open={dialog === 'exclude'}
        title={translate(k('students.exclude'))}
        onClose={() => setDialog(null)}
        onSubmit={exclude}
        extra={
          <TextField select fullWidth margin="dense" label={translate(k('students.reason'))} value={reason} onChange={(e) => setReason(e.target.value)}>
            {(reasons.data ?? []).map((r) => <MenuItem key={r.id} value={r.id}>{r.label}</MenuItem>)}
          </TextField>
        }
      />
    </Box>
  );
}
