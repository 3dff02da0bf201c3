import { Alert, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { studentCalls, type ImportProblem } from '../../../shared/calls/students';
import { callUrl } from '../../http/client';
import { serverText } from '../../http/errors';
import { PageFrame } from '../../ui/PageFrame';
import { percent, uploadWithProgress } from '../../ui/upload';
import { fillRoute } from '../factory/paths';
import { STUDENT_PATHS } from './paths';

const k = (key: string) => `resources.course-students.${key}`;

/** /courses/{courseId}/student-management/import: an xlsx/csv upload with progress; rows with errors are listed, and then nothing is imported. */
export default function StudentImport() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [rows, setRows] = useState<ImportProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const send = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setRows([]);
    setError(null);
    setDone(null);
    setProgress(0);
    try {
      const r = await uploadWithProgress<{ imported: number }>(callUrl(studentCalls.import, { params: { courseId } }), form, setProgress);
      setDone(r.imported);
    } catch (e) {
      setRows((e as { body?: { rows?: ImportProblem[] } }).body?.rows ?? []);
      setError(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <PageFrame title={translate(k('import'))} back={fillRoute(STUDENT_PATHS.list, { courseId })}>
      <Typography color="text.secondary" gutterBottom>{translate(k('importHint'))}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <Button variant="outlined" component="label" sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : translate(k('chooseFile'))}
          <input hidden type="file" accept=".xlsx,.csv" data-testid="import-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        <Button variant="contained" disabled={!file || progress !== null} onClick={send}>{translate(k('upload'))}</Button>
      </Stack>
      {progress !== null && <LinearProgress sx={{ mt: 2 }} variant="determinate" value={percent(progress)} />}
      {done !== null && <Alert sx={{ mt: 2 }} severity="success">{translate(k('imported'), { count: done })}</Alert>}
      {error && <Alert sx={{ mt: 2 }} severity="error">{error}</Alert>}
      {rows.length > 0 && (
        <TableContainer sx={{ mt: 2 }}>
          <Table size="small" data-testid="import-errors">
            <TableHead><TableRow><TableCell>{translate(k('row'))}</TableCell><TableCell>{translate(k('problem'))}</TableCell></TableRow></TableHead>
            <TableBody>{rows.map((r) => <TableRow key={r.row}><TableCell>{r.row}</TableCell><TableCell>{r.message}</TableCell></TableRow>)}</TableBody>
          </Table>
        </TableContainer>
      )}
    </PageFrame>
  );
}
