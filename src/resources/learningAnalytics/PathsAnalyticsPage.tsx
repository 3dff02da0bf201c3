import { Checkbox, Chip, ListItemText, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { learningAnalyticsCalls } from '../../../shared/calls/learningAnalytics';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useNumbers } from '../../ui/numbers';
import { ChartFigure, DataScroll, GroupSelect, SectionTitle, T, useChartColours } from './parts';

const P = `${T}.paths`;

/**
 * /courses/{courseId}/paths-analytics (spec 1 §2.9; ExportStudentActions): how the course's
 * students move through its exercises — how many reached and completed each step in course
 * order, the drop-off, where they stopped, who went out of order and the frequent moves —
 * as a bar chart with its table.
 */
export default function PathsAnalyticsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const numbers = useNumbers();
  const colours = useChartColours();
  const [groupId, setGroupId] = useState('');
  const [lessonIds, setLessonIds] = useState<number[]>([]);
  const lessons = useCall(learningAnalyticsCalls.pathsLessons, { params: { courseId } }, { staleTime: 60_000 });
  const { data, isPending, error, refetch } = useCall(
    learningAnalyticsCalls.paths,
    { params: { courseId }, query: { groupId: groupId ? Number(groupId) : undefined, lessonIds: lessonIds.length ? lessonIds : undefined } },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const steps = data?.steps ?? [];
  const labelOf = new Map(steps.map((s) => [s.exerciseId, `${s.position}. ${s.label}`]));
  const c = (k: string) => translate(`${P}.columns.${k}`);

  return (
    <PageFrame title={translate(`${P}.title`)} back={`/courses/${courseId}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <GroupSelect courseId={courseId} value={groupId} onChange={setGroupId} />
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={translate(`${T}.filters.lessons`)}
          value={lessonIds}
          onChange={(e) => {
            const v = e.target.value as unknown as number[] | string;
            setLessonIds(typeof v === 'string' ? v.split(',').filter(Boolean).map(Number) : v);
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (sel) => {
                const ids = sel as number[];
                return ids.length ? (lessons.data ?? []).filter((l) => ids.includes(l.id)).map((l) => l.label).join(', ') : translate(`${T}.filters.allLessons`);
              },
            },
            inputLabel: { shrink: true },
          }}
        >
          {(lessons.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              <Checkbox size="small" checked={lessonIds.includes(l.id)} />
              <ListItemText primary={l.label} />
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(`${T}.common.loadError`)} isEmpty={!data || data.students === 0 || steps.length === 0} emptyText={translate(`${T}.common.empty`)}>
        {data && (
          <>
            <Typography sx={{ mb: 2 }} data-testid="paths-summary">
              {translate(`${P}.summary`, { students: numbers.count(data.students), finished: numbers.count(data.finished), offOrder: numbers.count(data.offOrder) })}
            </Typography>
            <ChartFigure label={translate(`${P}.chart`)} height={320} testId="paths-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={steps} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
                  <XAxis dataKey="position" tick={{ fill: colours.text }} />
                  <YAxis allowDecimals={false} tick={{ fill: colours.text }} />
                  <Tooltip contentStyle={colours.tooltip} labelFormatter={(_, p) => (p?.[0]?.payload ? `${p[0].payload.position}. ${p[0].payload.label}` : '')} />
                  <Legend wrapperStyle={{ color: colours.text }} />
                  <Bar dataKey="reached" name={c('reached')} fill={colours.series[0]} isAnimationActive={false} />
                  <Bar dataKey="completed" name={c('completed')} fill={colours.series[2]} isAnimationActive={false} />
                  <Bar dataKey="stoppedHere" name={c('stoppedHere')} fill={colours.series[4]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <SectionTitle>{translate(`${P}.steps`)}</SectionTitle>
            <DataScroll label={translate(`${P}.steps`)}>
              <Table size="small" data-testid="paths-table" aria-label={translate(`${P}.steps`)}>
                <TableHead>
                  <TableRow>
                    {['position', 'exercise', 'lesson', 'reached', 'completed', 'dropOff', 'dropOffPercent', 'stoppedHere', 'outOfOrder'].map((k) => (
                      <TableCell key={k} align={['exercise', 'lesson'].includes(k) ? 'left' : 'right'}>
                        {c(k)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {steps.map((s) => (
                    <TableRow key={s.exerciseId} data-testid={`paths-step-${s.exerciseId}`}>
                      <TableCell align="right">{s.position}</TableCell>
                      <TableCell component="th" scope="row">
                        {s.label}
                      </TableCell>
                      <TableCell>{s.lessonLabel}</TableCell>
                      <TableCell align="right">{numbers.count(s.reached)}</TableCell>
                      <TableCell align="right">{numbers.count(s.completed)}</TableCell>
                      <TableCell align="right">{numbers.count(s.dropOff)}</TableCell>
                      <TableCell align="right">{numbers.decimal(s.dropOffPercent, 1)}</TableCell>
                      <TableCell align="right">{numbers.count(s.stoppedHere)}</TableCell>
                      <TableCell align="right">{numbers.count(s.outOfOrder)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DataScroll>
            <SectionTitle>{translate(`${P}.transitions`)}</SectionTitle>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${P}.transitionsHint`)}
            </Typography>
            <DataScroll label={translate(`${P}.transitions`)}>
              <Table size="small" data-testid="paths-transitions" aria-label={translate(`${P}.transitions`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{c('from')}</TableCell>
                    <TableCell>{c('to')}</TableCell>
                    <TableCell align="right">{c('students')}</TableCell>
                    <TableCell>{c('kind')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.transitions.map((t) => (
                    <TableRow key={`${t.fromExerciseId}-${t.toExerciseId}`}>
                      <TableCell>{t.fromExerciseId === null ? translate(`${P}.start`) : labelOf.get(t.fromExerciseId)}</TableCell>
                      <TableCell>{labelOf.get(t.toExerciseId)}</TableCell>
                      <TableCell align="right">{numbers.count(t.students)}</TableCell>
                      <TableCell>{t.jump ? <Chip size="small" color="warning" variant="outlined" label={translate(`${P}.jump`)} /> : translate(`${P}.inOrder`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DataScroll>
          </>
        )}
      </PageState>
    </PageFrame>
  );
}
