import Download from '@mui/icons-material/Download';
import { Button, Checkbox, ListItemText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { analyticsCalls } from '../../../shared/calls/analytics';
import { courseCalls } from '../../../shared/calls/courses';
import { callApi } from '../../http/client';
import { useCall } from '../../http/queries';
import { useToasts } from '../../ui/useToasts';
import type { TypicalErrorsFilter } from './TypicalErrorsPage';

const T = 'resources.typicalErrors.exports';

/** A multiple choice shown as a select of checkboxes. */
function MultiSelect({ label, all, options, value, onChange, testId }: { label: string; all: string; options: { id: number; label: string }[]; value: number[]; onChange: (v: number[]) => void; testId: string }) {
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth: 240 }}
      label={label}
      value={value}
      onChange={(e) => {
        const v = e.target.value as unknown as number[] | string;
        onChange(typeof v === 'string' ? v.split(',').map(Number) : v);
      }}
      slotProps={{
        select: { multiple: true, displayEmpty: true, renderValue: (sel) => ((sel as number[]).length ? options.filter((o) => (sel as number[]).includes(o.id)).map((o) => o.label).join(', ') : all) },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          <Checkbox size="small" checked={value.includes(o.id)} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The answers and questions exports (spec 3 §7.10) of what the page shows — the course, or its
 * chosen lesson or exercise —, queued as tasks; the queue screen shows their progress and files.
 */
export function ExportPanel({ courseId, filter }: { courseId: string; filter: TypicalErrorsFilter }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const toasts = useToasts();
  const attributes = useCall(courseCalls.attributes, {}, { staleTime: 300_000 });
  const types = useCall(analyticsCalls.questionTypes, {}, { staleTime: 300_000 });
  const [attributeIds, setAttributeIds] = useState<number[]>([]);
  const [kinds, setKinds] = useState<number[]>([]);
  const [begin, setBegin] = useState('');
  const [end, setEnd] = useState('');
  const [busy, setBusy] = useState(false);
  const { lessonId, exerciseId } = filter;
  const queue = `/courses/${courseId}/typical-errors/task-queue`;

  const run = async (start: () => Promise<unknown>) => {
    setBusy(true);
    const ok = await toasts.run(start, `${T}.queued`);
    setBusy(false);
    if (ok) navigate(queue);
  };
  const answers = () => {
    const query = { attributeIds: attributeIds.length ? attributeIds : undefined };
    if (exerciseId) return callApi(analyticsCalls.answersExportExercise, { params: { courseId, exerciseId }, query });
    if (lessonId) return callApi(analyticsCalls.answersExportLesson, { params: { courseId, lessonId }, query });
    return callApi(analyticsCalls.answersExportCourse, { params: { courseId }, query });
  };
  const questions = (lessonOfExercise: string | undefined) => {
    const query = { types: kinds.length ? kinds : undefined, begin: begin || undefined, end: end || undefined };
    if (exerciseId && lessonOfExercise) return callApi(analyticsCalls.questionsExportExercise, { params: { courseId, lessonId: lessonOfExercise, exerciseId }, query });
    if (lessonId) return callApi(analyticsCalls.questionsExportLesson, { params: { courseId, lessonId }, query });
    return callApi(analyticsCalls.questionsExportCourse, { params: { courseId }, query });
  };
  // the questions export's exercise path names its lesson
  const exercises = useCall(courseCalls.progressFilterExercises, { params: { courseId } }, { staleTime: 60_000 });
  const lessonOfExercise = exercises.data?.find((e) => String(e.id) === exerciseId)?.lessonId;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="te-exports" sx={{ p: 2, mt: 3 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" id="te-exports">
          {translate(`${T}.title`)}
        </Typography>
        <Button component={Link} to={queue}>
          {translate(`${T}.queue`)}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.scope`)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap" alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <MultiSelect label={translate(`${T}.attributes`)} all="—" options={attributes.data ?? []} value={attributeIds} onChange={setAttributeIds} testId="te-attributes" />
        <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void run(answers)} data-testid="te-export-answers">
          {translate(`${T}.answers`)}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap" alignItems={{ sm: 'center' }}>
        <MultiSelect label={translate(`${T}.types`)} all={translate(`${T}.allTypes`)} options={types.data ?? []} value={kinds} onChange={setKinds} testId="te-types" />
        <TextField type="date" size="small" label={translate(`${T}.begin`)} value={begin} onChange={(e) => setBegin(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" size="small" label={translate(`${T}.end`)} value={end} onChange={(e) => setEnd(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void run(() => questions(lessonOfExercise ? String(lessonOfExercise) : undefined))} data-testid="te-export-questions">
          {translate(`${T}.questions`)}
        </Button>
      </Stack>
    </Paper>
  );
}
