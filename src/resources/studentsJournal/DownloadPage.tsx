import Download from '@mui/icons-material/Download';
import { Alert, Button, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { JOURNAL_DEFAULT_TYPES, journalCalls, type JournalExportKind } from '../../../shared/calls/journal';
import { callApi } from '../../http/client';
import { PageFrame } from '../../ui/PageFrame';
import { useToasts } from '../../ui/useToasts';
import { JournalFilters, type JournalFilterState } from './JournalFilters';
import { journalQueryOf } from './StudentsJournalPage';

const T = 'resources.studentsJournal';

/**
 * /courses/{courseId}/students-journal/download (spec 1 §2.9): queues the journal's xlsx — the
 * journal with the chosen filters (task type 3, progress download) or every student of the course
 * (16, all-students download) — and opens the journal's task queue, where the file is downloaded.
 */
export default function DownloadPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const toasts = useToasts();
  const [kind, setKind] = useState<JournalExportKind>('progress');
  const [filters, setFilters] = useState<JournalFilterState>({ groupId: '', types: [...JOURNAL_DEFAULT_TYPES], search: '' });
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    const ok = await toasts.run(
      () => callApi(journalCalls.exportJournal, { params: { courseId }, body: { kind, ...journalQueryOf(filters, filters.search) } }),
      `${T}.download.queued`,
    );
    setBusy(false);
    if (ok) navigate(`/courses/${courseId}/students-journal/task-queue`);
  };
  return (
    <PageFrame title={translate(`${T}.download.title`)} back={`/courses/${courseId}/students-journal`}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(`${T}.download.hint`)}
      </Alert>
      <Typography variant="subtitle2">{translate(`${T}.download.kind`)}</Typography>
      <RadioGroup value={kind} onChange={(e) => setKind(e.target.value as JournalExportKind)} sx={{ mb: 2 }}>
        <FormControlLabel value="progress" control={<Radio />} label={translate(`${T}.download.progress`)} />
        <FormControlLabel value="allStudents" control={<Radio />} label={translate(`${T}.download.allStudents`)} />
      </RadioGroup>
      <JournalFilters courseId={courseId} value={filters} onChange={setFilters} types={kind === 'progress'} />
      <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void start()} data-testid="journal-export">
        {translate(`${T}.actions.start`)}
      </Button>
    </PageFrame>
  );
}
