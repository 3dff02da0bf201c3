import { Alert, Box, Button, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { P, fill, serverText } from '../runningCourses/api';
import { uploadWithProgress } from '../../ui/upload';
import { rcKey as k } from '../runningCourses/ui';

/** /courses/{courseId}/student-management/import: xlsx/csv upload with progress; rows with errors listed, nothing imported then. */
export default function StudentImportPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [rows, setRows] = useState<{ row: number; message: string }[]>([]);
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
      const r = await uploadWithProgress<{ imported: number }>(fill(P.studentsImport, { courseId }), form, setProgress);
      setDone(r.imported);
    } catch (e) {
      const body = (e as { body?: { rows?: { row: number; message: string }[] } }).body;
      setRows(body?.rows ?? []);
      setError(serverText(e) ?? translate(k('failed')));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 800 }}>
      <Typography variant="h5" gutterBottom>{translate(k('students.import'))}</Typography>
      <Typography color="text.secondary" gutterBottom>{translate(k('students.importHint'))}</Typography>
      <Button variant="outlined" component="label">
        {file ? file.name : translate(k('chooseFile'))}
        <input hidden type="file" accept=".xlsx,.csv" data-testid="import-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Button>
      <Button sx={{ ml: 2 }} variant="contained" disabled={!file || progress !== null} onClick={send}>{translate(k('upload'))}</Button>
      {progress !== null && <LinearProgress sx={{ mt: 2 }} variant="determinate" value={progress * 100} />}
      {done !== null && <Alert sx={{ mt: 2 }} severity="success">{translate(k('students.imported'), { count: done })}</Alert>}
      {error && <Alert sx={{ mt: 2 }} severity="error">{error}</Alert>}
      {rows.length > 0 && (
        <Table size="small" sx={{ mt: 2 }} data-testid="import-errors">
          <TableHead><TableRow><TableCell>{translate(k('students.row'))}</TableCell><TableCell>{translate(k('students.problem'))}</TableCell></TableRow></TableHead>
          <TableBody>{rows.map((r) => <TableRow key={r.row}><TableCell>{r.row}</TableCell><TableCell>{r.message}</TableCell></TableRow>)}</TableBody>
        </Table>
      )}
    </Box>
  );
}
