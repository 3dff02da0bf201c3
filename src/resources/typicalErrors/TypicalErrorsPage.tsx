import { Alert, Box, Chip, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { analyticsCalls, type QuestionStats } from '../../../shared/calls/analytics';
import { courseCalls } from '../../../shared/calls/courses';
import { useCall } from '../../http/queries';
import { useLocaleState } from '../../app';
import { useDates } from '../../ui/dates';
import { numberFormat } from '../../ui/intl';
import { useNumbers } from '../../ui/numbers';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { ExportPanel } from './ExportPanel';
import { useLiveAnswers } from './useLiveAnswers';

const AnswersChart = lazy(() => import('./AnswersChart'));
const T = 'resources.typicalErrors';

export interface TypicalErrorsFilter {
  groupId: string;
  lessonId: string;
  exerciseId: string;
}

/**
 * /courses/{courseId}/typical-errors (ExportStudentActions; panel permission 2; a tutor sees their
 * students): per question of the course, or of a lesson or exercise, and per group, the shares of
 * right, partly right and wrong answers (a chart and the table behind it), the most given wrong
 * answers, facility and discrimination (Moodle's item analysis). Live: it refetches when the
 * server signals new answers of the course over /hubs/analytics (useLiveAnswers).
 */
export default function TypicalErrorsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const numbers = useNumbers();
  const dates = useDates();
  const [language] = useLocaleState();
  const percent = (v: number) => numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(v);
  const [filter, setFilter] = useState<TypicalErrorsFilter>({ groupId: '', lessonId: '', exerciseId: '' });
  const groups = useCall(courseCalls.groups, { params: { courseId } }, { staleTime: 60_000 });
  const exercises = useCall(courseCalls.progressFilterExercises, { params: { courseId } }, { staleTime: 60_000 });
  const lessons = useMemo(() => {
    const seen = new Map<number, string>();
    for (const e of exercises.data ?? []) if (!seen.has(e.lessonId)) seen.set(e.lessonId, e.lessonLabel);
    return [...seen].map(([id, label]) => ({ id, label }));
  }, [exercises.data]);
  const shownExercises = (exercises.data ?? []).filter((e) => !filter.lessonId || String(e.lessonId) === filter.lessonId);
  const query = {
    GroupId: filter.groupId ? Number(filter.groupId) : undefined,
    lessonId: filter.lessonId ? Number(filter.lessonId) : undefined,
    exerciseId: filter.exerciseId ? Number(filter.exerciseId) : undefined,
  };
  const { data, isPending, error, refetch } = useCall(analyticsCalls.typicalErrors, { params: { courseId }, query }, { placeholderData: keepPreviousData, staleTime: 0 });
  const live = useLiveAnswers(Number(courseId), () => void refetch());
  const questions = data?.questions ?? [];
  const share = (n: number, q: QuestionStats) => translate(`${T}.share`, { n: numbers.count(n), percent: q.answers ? percent(n / q.answers) : '—' });
  const index = (v: number | null) => (v === null ? '—' : numbers.decimal(v, 2));
  const select = (key: keyof TypicalErrorsFilter, label: string, all: string, options: { id: number; label: string }[], testId: string) => (
    <TextField
      select
      size="small"
      sx={{ minWidth: 200 }}
      label={label}
      value={filter[key]}
      onChange={(e) => setFilter({ ...filter, [key]: e.target.value, ...(key === 'lessonId' ? { exerciseId: '' } : {}) })}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <PageFrame title={translate(`${T}.name`)} back={`/courses/${courseId}`}>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        {select('groupId', translate(`${T}.filters.group`), translate(`${T}.filters.allGroups`), groups.data ?? [], 'te-group')}
        {select('lessonId', translate(`${T}.filters.lesson`), translate(`${T}.filters.allLessons`), lessons, 'te-lesson')}
        {select('exerciseId', translate(`${T}.filters.exercise`), translate(`${T}.filters.allExercises`), shownExercises, 'te-exercise')}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <Chip size="small" color={live === 'lost' ? 'warning' : 'default'} label={translate(live === 'lost' ? `${T}.live.lost` : `${T}.live.on`)} data-testid="te-live" data-status={live} />
        {data && (
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.summary`, { count: data.attempts })} · {translate(`${T}.live.updated`, { time: dates.time(data.at) })}
          </Typography>
        )}
      </Stack>
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(`${T}.loadError`)} isEmpty={questions.length === 0} emptyText={translate(`${T}.empty`)}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${T}.chart.title`)}
        </Typography>
        <Suspense fallback={<Box sx={{ height: 200 }} />}>
          <AnswersChart questions={questions} />
        </Suspense>
        <Typography variant="h6" component="h2" id="te-table-title" sx={{ mb: 1 }}>
          {translate(`${T}.table`)}
        </Typography>
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate(`${T}.indicesHint`)}
        </Alert>
        <TableScroll tabIndex={0} role="region" aria-labelledby="te-table-title">
          <Table size="small" data-testid="typical-errors">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.columns.question`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.answers`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.right`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.partly`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.wrong`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.notRated`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.facility`)}</TableCell>
                <TableCell align="right">{translate(`${T}.columns.discrimination`)}</TableCell>
                <TableCell sx={{ minWidth: 240 }}>{translate(`${T}.columns.wrongAnswers`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {questions.map((q, i) => (
                <TableRow key={q.slideId} data-testid={`te-row-${q.slideId}`}>
                  <TableCell component="th" scope="row">
                    {`${i + 1}. ${q.label || translate(`${T}.kind.${q.kind}`)}`}
                    <Typography variant="caption" color="text.secondary" display="block">
                      {`${translate(`${T}.kind.${q.kind}`)} · ${q.lessonLabel} / ${q.exerciseLabel}`}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{numbers.count(q.answers)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{share(q.right, q)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{share(q.partly, q)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{share(q.wrong, q)}</TableCell>
                  <TableCell align="right">{numbers.count(q.notRated)}</TableCell>
                  <TableCell align="right">{index(q.facility)}</TableCell>
                  <TableCell align="right">{index(q.discrimination)}</TableCell>
                  <TableCell>
                    {q.wrongAnswers.length === 0 ? (
                      '—'
                    ) : (
                      <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="te-wrong">
                        {q.wrongAnswers.map((w) => (
                          <li key={w.text}>
                            {w.text} <Typography component="span" variant="body2" color="text.secondary">{translate(`${T}.times`, { n: numbers.count(w.count) })}</Typography>
                          </li>
                        ))}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      </PageState>
      <ExportPanel courseId={courseId} filter={filter} />
    </PageFrame>
  );
}
