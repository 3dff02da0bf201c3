import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { HttpErrorPage } from '../../errors';
import { P, fill, useApi } from '../runningCourses/api';
import { ListState, rcKey as k } from '../runningCourses/ui';

interface StudentView {
  student: { accountId: number; email: string; firstName: string; lastName: string };
  enrolment: { status: number; progress: number; joinedAt: string };
  exercises: { id: number; label: string; lessonLabel: string; status: number; score: number | null }[];
  profile: { attributeId: number; label: string; value: string | null }[];
}
interface Changes { profile: { id: number; field: string | null; oldValue: string | null; newValue: string | null; changedAt: string }[]; enrolment: { id: number; event: string; reason: string | null; at: string }[] }

/** /courses/{courseId}/student-management/{accountId}/page: progress per exercise and profile. */
export default function StudentPage() {
  const { courseId = '', accountId = '' } = useParams();
  const translate = useTranslate();
  const q = useApi<StudentView>(['student', courseId, accountId], 'GET', fill(P.studentView, { courseId, studentId: accountId }));
  if (q.error) return <HttpErrorPage error={q.error} />;
  const v = q.data;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5">{v ? `${v.student.lastName} ${v.student.firstName}`.trim() || v.student.email : ''}</Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Button component={Link} to="../changes" relative="path">{translate(k('students.changes'))}</Button>
      </Stack>
      <ListState isPending={q.isPending} error={null} empty={(v?.exercises.length ?? 0) === 0}>
        <Table size="small">
          <TableHead><TableRow><TableCell>{translate(k('students.lesson'))}</TableCell><TableCell>{translate(k('students.exercise'))}</TableCell><TableCell>{translate(k('students.status'))}</TableCell><TableCell>{translate(k('students.score'))}</TableCell></TableRow></TableHead>
          <TableBody>
            {v?.exercises.map((e) => (
              <TableRow key={e.id}><TableCell>{e.lessonLabel}</TableCell><TableCell>{e.label}</TableCell><TableCell><Chip size="small" label={translate(k(`progressStatus.${e.status}`), { _: String(e.status) })} /></TableCell><TableCell>{e.score ?? '—'}</TableCell></TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <Typography variant="h6" sx={{ mt: 3 }}>{translate(k('students.profile'))}</Typography>
      {v?.profile.length ? v.profile.map((p) => <Typography key={p.attributeId}>{p.label}: {p.value ?? '—'}</Typography>) : <Typography color="text.secondary">{translate(k('empty'))}</Typography>}
    </Box>
  );
}

/** /courses/{courseId}/student-management/{accountId}/changes: profile change history and enrolment log. */
export function StudentChangesPage() {
  const { courseId = '', accountId = '' } = useParams();
  const translate = useTranslate();
  const q = useApi<Changes>(['changes', courseId, accountId], 'GET', fill(P.studentChanges, { courseId, studentId: accountId }));
  if (q.error) return <HttpErrorPage error={q.error} />;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('students.changes'))}</Typography>
      <ListState isPending={q.isPending} error={null} empty={!q.data || q.data.profile.length + q.data.enrolment.length === 0}>
        <Table size="small">
          <TableBody>
            {q.data?.enrolment.map((e) => <TableRow key={`e${e.id}`}><TableCell>{new Date(e.at).toLocaleString()}</TableCell><TableCell>{translate(k(`students.event.${e.event}`), { _: e.event })}</TableCell><TableCell>{e.reason ?? ''}</TableCell></TableRow>)}
            {q.data?.profile.map((p) => <TableRow key={`p${p.id}`}><TableCell>{new Date(p.changedAt).toLocaleString()}</TableCell><TableCell>{p.field}</TableCell><TableCell>{p.oldValue ?? '—'} → {p.newValue ?? '—'}</TableCell></TableRow>)}
          </TableBody>
        </Table>
      </ListState>
    </Box>
  );
}
