import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CERTIFICATE_MAX_BYTES } from '../../../shared/runningCourses';
import { P, api, fieldErrors, fill, serverText, useApi, type CertificateRow, type ListAnswer, type StudentRow } from '../runningCourses/api';
import { uploadWithProgress } from '../../ui/upload';
import { ListState, rcKey as k } from '../runningCourses/ui';

const PdfView = lazy(() => import('./PdfView'));

/** /courses/{courseId}/certificates: issued certificates, view (react-pdf), delete; issue to a student. */
export default function CertificatesPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<CertificateRow | null>(null);
  const [student, setStudent] = useState<number | ''>('');
  const list = useApi<CertificateRow[]>(['certificates', courseId], 'POST', fill(P.credentials, { courseId }));
  const students = useApi<ListAnswer<StudentRow>>(['students', courseId, 'all'], 'POST', fill(P.studentsList, { id: courseId }), { take: 1000, skip: 0 }, { retry: false });
  const remove = async (id: number) => {
    await api('DELETE', fill(P.credential, { certificateId: id }));
    notify(k('deleted'), { type: 'success' });
    await qc.invalidateQueries({ queryKey: ['runningCourses', 'certificates'] });
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('certificates.title'))}</Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <TextField size="small" select sx={{ minWidth: 260 }} label={translate(k('certificates.student'))} value={student} onChange={(e) => setStudent(Number(e.target.value))}>
          {(students.data?.result ?? []).map((s) => <MenuItem key={s.accountId} value={s.accountId}>{s.name || s.email}</MenuItem>)}
        </TextField>
        <Button variant="contained" disabled={student === ''} onClick={() => navigate(`/courses/${courseId}/${student}/certificate/create`)}>{translate(k('certificates.issue'))}</Button>
      </Stack>
      <ListState isPending={list.isPending} error={list.error} empty={(list.data?.length ?? 0) === 0} onRetry={() => list.refetch()}>
        <Table size="small">
          <TableHead><TableRow><TableCell>{translate(k('certificates.student'))}</TableCell><TableCell>{translate(k('certificates.name'))}</TableCell><TableCell>{translate(k('date'))}</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {list.data?.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{c.studentName || c.studentEmail}</TableCell>
                <TableCell><Button size="small" onClick={() => setViewing(c)}>{c.title}</Button></TableCell>
                <TableCell>{c.date}</TableCell>
                <TableCell align="right"><IconButton aria-label={translate(k('delete'))} onClick={() => remove(c.id)}><Delete /></IconButton></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <Dialog open={!!viewing} onClose={() => setViewing(null)} maxWidth="md" fullWidth>
        <DialogTitle>{viewing?.title}</DialogTitle>
        <DialogContent>{viewing?.file && <Suspense fallback={<LinearProgress />}><PdfView url={viewing.file.address} /></Suspense>}</DialogContent>
      </Dialog>
    </Box>
  );
}

/** /courses/{courseId}/{accountId}/certificate/create: a PDF with title and date, uploaded with progress. */
export function CertificateCreatePage() {
  const { courseId = '', accountId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = translate(k('required'));
    if (!file) problems.file = translate(k('certificates.pdfOnly'));
    else if (!file.name.toLowerCase().endsWith('.pdf')) problems.file = translate(k('certificates.pdfOnly'));
    else if (file.size > CERTIFICATE_MAX_BYTES) problems.file = translate(k('certificates.tooLarge'));
    setErrors(problems);
    if (Object.keys(problems).length || !file) return;
    const form = new FormData();
    form.append('trainingId', courseId);
    form.append('studentId', accountId);
    form.append('title', title);
    form.append('date', date);
    form.append('file', file);
    setProgress(0);
    try {
      await uploadWithProgress(P.credentialCreate, form, setProgress);
      notify(k('saved'), { type: 'success' });
      navigate(`/courses/${courseId}/certificates`);
    } catch (e) {
      setErrors({ ...fieldErrors(e), _: serverText(e) ?? translate(k('failed')) });
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 520 }}>
      <Typography variant="h5" gutterBottom>{translate(k('certificates.issue'))}</Typography>
      <Stack spacing={2}>
        <TextField label={translate(k('certificates.name'))} value={title} error={!!errors.title} helperText={errors.title} onChange={(e) => setTitle(e.target.value)} />
        <TextField type="date" label={translate(k('date'))} value={date} error={!!errors.date} helperText={errors.date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="outlined" component="label">
          {file ? file.name : translate(k('certificates.choosePdf'))}
          <input hidden type="file" accept="application/pdf,.pdf" data-testid="certificate-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        {errors.file && <Alert severity="error">{errors.file}</Alert>}
        {progress !== null && <LinearProgress variant="determinate" value={progress * 100} />}
        {errors._ && !errors.title && !errors.date && <Alert severity="error">{errors._}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={progress !== null} onClick={submit}>{translate(k('save'))}</Button>
          <Button component={Link} to={`/courses/${courseId}/certificates`}>{translate(k('cancel'))}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
