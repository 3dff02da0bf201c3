import Download from '@mui/icons-material/Download';
import { Button, FormControlLabel, Stack, Switch } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { journalCalls } from '../../../shared/calls/journal';
import { TaskType } from '../../../shared/enums';
import { callApi } from '../../http/client';
import { useToasts } from '../../ui/useToasts';
import { TaskQueuePage } from '../tasks/TaskQueuePage';
import { TASKS_KEY } from '../tasks/TaskList';

const T = 'resources.studentsJournal';

/** Starts one export from its queue screen, then refreshes the queue (spec 3 §7.10: posted, then the queue refreshes). */
function useStart() {
  const toasts = useToasts();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const start = async (run: () => Promise<unknown>) => {
    setBusy(true);
    await toasts.run(run, `${T}.download.queued`);
    setBusy(false);
    await client.invalidateQueries({ queryKey: TASKS_KEY });
  };
  return { busy, start };
}

/** /courses/{courseId}/students-journal/task-queue: the journal's downloads (task types 3 and 16). */
export function StudentsJournalQueue() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  return (
    <TaskQueuePage
      title={translate(`${T}.queue.title`)}
      back={`/courses/${courseId}/students-journal`}
      filter={{ courseId: Number(courseId), type: [TaskType.progressDownload, TaskType.allStudentsDownload] }}
      actions={
        <Button component={Link} to={`/courses/${courseId}/students-journal/download`} startIcon={<Download />}>
          {translate(`${T}.actions.download`)}
        </Button>
      }
    />
  );
}

/** /courses/{courseId}/instructor-estimates/task-queue: the instructors' estimates exports (task type 14), started here. */
export function InstructorEstimatesQueue() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const { busy, start } = useStart();
  const [drafts, setDrafts] = useState(false);
  return (
    <TaskQueuePage
      title={translate(`${T}.estimates.title`)}
      back={`/courses/${courseId}`}
      filter={{ courseId: Number(courseId), type: [TaskType.inspectors] }}
      actions={
        <Stack direction="row" spacing={1} alignItems="center">
          <FormControlLabel control={<Switch size="small" checked={drafts} onChange={(e) => setDrafts(e.target.checked)} />} label={translate(`${T}.estimates.drafts`)} />
          <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void start(() => callApi(journalCalls.exportEstimates, { params: { courseId }, body: { includeDrafts: drafts } }))}>
            {translate(`${T}.actions.startEstimates`)}
          </Button>
        </Stack>
      }
    />
  );
}

/** /courses/{courseId}/export-group-log/task-queue: the group log exports (task type 21), started here. */
export function GroupLogQueue() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const { busy, start } = useStart();
  return (
    <TaskQueuePage
      title={translate(`${T}.groupLog.title`)}
      back={`/courses/${courseId}`}
      filter={{ courseId: Number(courseId), type: [TaskType.groupLogExport] }}
      actions={
        <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void start(() => callApi(journalCalls.exportGroupLog, { params: { courseId }, body: {} }))}>
          {translate(`${T}.actions.startGroupLog`)}
        </Button>
      }
    />
  );
}
