import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { visitJournalCalls as calls } from '../../../shared/calls/visitJournal';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { GroupFilter, type GroupChoice } from './GroupFilter';
import { JOURNAL_STALE_MS } from './JournalTable';

/**
 * /courses/{courseId}/visit-journal/download (spec 1 §2.9): starts the visit journal export (job
 * type 12) for a group or everyone, then shows its task queue (progress, stop, download).
 */
export default function JournalDownloadPage() {
  const { courseId: raw = '' } = useParams();
  const courseId = Number(raw);
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [groupId, setGroupId] = useState<GroupChoice>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lessons = useCall(calls.lessons, { params: { courseId } }, { staleTime: JOURNAL_STALE_MS });
  const first = lessons.data?.[0]?.id;
  const groups = useCall(calls.groups, first ? { params: { courseId, lessonId: first } } : null, { staleTime: JOURNAL_STALE_MS });
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await callApi(calls.exportJournal, { params: { courseId }, body: { groupId: groupId === '' ? null : groupId } });
      notify(translate('resources.visitJournal.download.queued'), { type: 'success' });
      navigate(`/courses/${courseId}/visit-journal/task-queue`);
    } catch (e) {
      setError(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame title={translate('resources.visitJournal.download.title')} back={`/courses/${courseId}/visit-journal`}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.visitJournal.download.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <GroupFilter value={groupId} onChange={setGroupId} groups={groups.data} />
        <Button variant="contained" disabled={busy} onClick={() => void start()} data-testid="start-export">
          {translate('resources.visitJournal.actions.startExport')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </PageFrame>
  );
}
