import Download from '@mui/icons-material/Download';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { CRM_TARGETS, crmExportCalls, type CrmTarget } from '../../../shared/calls/crmExport';
import { TaskType } from '../../../shared/enums';
import { callApi } from '../../http/client';
import { useToasts } from '../../ui/useToasts';
import { TaskQueuePage } from '../tasks/TaskQueuePage';
import { TASKS_KEY } from '../tasks/TaskList';

const k = (key: string) => `resources.crmExport.${key}`;

/**
 * /courses/{courseId}/export-to-crm/task-queue: the course's exports to the CRM (task type 1),
 * started here with the target (an xlsx or CSV file the CRM imports), then followed in the queue.
 */
export default function CrmExportQueue() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const toasts = useToasts();
  const client = useQueryClient();
  const [target, setTarget] = useState<CrmTarget>('xlsx');
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    await toasts.run(() => callApi(crmExportCalls.start, { params: { courseId }, body: { target } }), k('queued'));
    setBusy(false);
    await client.invalidateQueries({ queryKey: TASKS_KEY });
  };
  return (
    <TaskQueuePage
      title={translate(k('title'))}
      back={`/courses/${courseId}`}
      filter={{ courseId: Number(courseId), type: [TaskType.crmIntegration] }}
      actions={
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <TextField select size="small" label={translate(k('target'))} value={target} onChange={(e) => setTarget(e.target.value as CrmTarget)} sx={{ minWidth: 160 }} slotProps={{ select: { inputProps: { 'data-testid': 'crm-target' } } }}>
            {CRM_TARGETS.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(k(`targets.${t}`))}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void start()} data-testid="crm-export-start">
            {translate(k('start'))}
          </Button>
        </Stack>
      }
    />
  );
}
