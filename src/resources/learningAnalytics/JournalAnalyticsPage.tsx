import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { JOURNAL_DEFAULT_TYPES } from '../../../shared/calls/journal';
import { learningAnalyticsCalls, SCORE_BUCKETS } from '../../../shared/calls/learningAnalytics';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useNumbers } from '../../ui/numbers';
import { useDebounced } from '../../ui/useDebounced';
import { JournalFilters, type JournalFilterState } from '../studentsJournal/JournalFilters';
import { ChartFigure, DataScroll, SectionTitle, T, useChartColours } from './parts';

const J = `${T}.journal`;
const STEP = 100 / SCORE_BUCKETS.length;

/**
 * /courses/{courseId}/students-journal/analytics (spec 1 §2.9; ShowStudents): over the journal's
 * filters, the distribution of scores per exercise (in percent of the maximum), per group, and
 * the share done over time — each chart with its table.
 */
export default function JournalAnalyticsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const numbers = useNumbers();
  const dates = useDates();
  const colours = useChartColours();
  const [filters, setFilters] = useState<JournalFilterState>({ groupId: '', types: [...JOURNAL_DEFAULT_TYPES], search: '' });
  const search = useDebounced(filters.search);
  const { data, isPending, error, refetch } = useCall(
    learningAnalyticsCalls.journalAnalytics,
    { params: { courseId }, query: { groupId: filters.groupId ? Number(filters.groupId) : undefined, exerciseTypes: filters.types, search: search.trim() || undefined } },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const c = (k: string) => translate(`${J}.columns.${k}`);
  const bucketLabels = SCORE_BUCKETS.map((from) => translate(`${J}.bucket`, { from, to: from + STEP }));
  const pct = (v: number | null) => (v === null ? '—' : numbers.decimal(v, 1));
  const exercises = (data?.exercises ?? []).map((e, i) => ({ ...e, position: i + 1, ...Object.fromEntries(e.buckets.map((n, b) => [`b${b}`, n])) }));
  const groups = (data?.groups ?? []).map((g) => ({ ...g, name: g.label ?? translate(`${T}.common.noGroup`) }));
  const progress = (data?.progress ?? []).map((d) => ({ ...d, label: dates.day(d.day) }));

  return (
    <PageFrame title={translate(`${J}.title`)} back={`/courses/${courseId}/students-journal`}>
      <JournalFilters courseId={courseId} value={filters} onChange={setFilters} />
      <PageState
        isPending={isPending}
        error={error}
        refetch={refetch}
        errorTitle={translate(`${T}.common.loadError`)}
        isEmpty={!data || data.students === 0 || data.exercises.length === 0}
        emptyText={translate(`${T}.common.empty`)}
      >
        {data && (
          <>
            <Typography sx={{ mb: 2 }} data-testid="journal-analytics-summary">
              {translate(`${J}.summary`, { count: data.students, smart_count: data.students })}
            </Typography>
            <SectionTitle>{translate(`${J}.byExercise`)}</SectionTitle>
            <ChartFigure label={translate(`${J}.exercisesChart`)} height={320} testId="journal-analytics-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={exercises} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
                  <XAxis dataKey="position" tick={{ fill: colours.text }} />
                  <YAxis allowDecimals={false} tick={{ fill: colours.text }} />
                  <Tooltip contentStyle={colours.tooltip} labelFormatter={(_, p) => (p?.[0]?.payload ? `${p[0].payload.position}. ${p[0].payload.label}` : '')} />
                  <Legend wrapperStyle={{ color: colours.text }} />
                  {bucketLabels.map((label, b) => (
                    <Bar key={b} dataKey={`b${b}`} name={label} stackId="s" fill={[colours.series[4], colours.series[3], colours.series[5], colours.series[0], colours.series[2]][b]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <DataScroll label={translate(`${J}.byExercise`)}>
              <Table size="small" data-testid="journal-analytics-exercises" aria-label={translate(`${J}.byExercise`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{c('exercise')}</TableCell>
                    {bucketLabels.map((l) => (
                      <TableCell key={l} align="right">
                        {l}
                      </TableCell>
                    ))}
                    {['average', 'median', 'notStarted', 'inProgress', 'evaluation', 'done'].map((k) => (
                      <TableCell key={k} align="right">
                        {c(k)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {exercises.map((e) => (
                    <TableRow key={e.id}>
                      <TableCell component="th" scope="row">
                        {`${e.position}. ${e.label}`}
                        <Typography variant="caption" color="text.secondary" display="block">
                          {e.lessonLabel}
                        </Typography>
                      </TableCell>
                      {e.buckets.map((n, b) => (
                        <TableCell key={b} align="right">
                          {numbers.count(n)}
                        </TableCell>
                      ))}
                      <TableCell align="right">{pct(e.averagePercent)}</TableCell>
                      <TableCell align="right">{pct(e.medianPercent)}</TableCell>
                      <TableCell align="right">{numbers.count(e.notStarted)}</TableCell>
                      <TableCell align="right">{numbers.count(e.inProgress)}</TableCell>
                      <TableCell align="right">{numbers.count(e.evaluation)}</TableCell>
                      <TableCell align="right">{numbers.count(e.done)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DataScroll>

            <SectionTitle>{translate(`${J}.byGroup`)}</SectionTitle>
            <ChartFigure label={translate(`${J}.groupsChart`)} height={240} testId="journal-analytics-groups-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={groups} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
                  <XAxis dataKey="name" tick={{ fill: colours.text }} />
                  <YAxis domain={[0, 100]} tick={{ fill: colours.text }} />
                  <Tooltip contentStyle={colours.tooltip} />
                  <Legend wrapperStyle={{ color: colours.text }} />
                  <Bar dataKey="averagePercent" name={c('average')} fill={colours.series[0]} isAnimationActive={false} />
                  <Bar dataKey="donePercent" name={c('donePercent')} fill={colours.series[2]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <DataScroll label={translate(`${J}.byGroup`)}>
              <Table size="small" data-testid="journal-analytics-groups" aria-label={translate(`${J}.byGroup`)}>
                <TableHead>
                  <TableRow>
                    {['group', 'students', 'average', 'donePercent'].map((k) => (
                      <TableCell key={k} align={k === 'group' ? 'left' : 'right'}>
                        {c(k)}
                      </TableCell>
                    ))}
                    {bucketLabels.map((l) => (
                      <TableCell key={l} align="right">
                        {l}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {groups.map((g) => (
                    <TableRow key={g.groupId ?? 'none'}>
                      <TableCell component="th" scope="row">
                        {g.name}
                      </TableCell>
                      <TableCell align="right">{numbers.count(g.students)}</TableCell>
                      <TableCell align="right">{pct(g.averagePercent)}</TableCell>
                      <TableCell align="right">{pct(g.donePercent)}</TableCell>
                      {g.buckets.map((n, b) => (
                        <TableCell key={b} align="right">
                          {numbers.count(n)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DataScroll>

            <SectionTitle>{translate(`${J}.progress`)}</SectionTitle>
            {progress.length === 0 ? (
              <Typography>{translate(`${J}.noProgress`)}</Typography>
            ) : (
              <>
                <ChartFigure label={translate(`${J}.progressChart`)} height={240} testId="journal-analytics-progress-chart">
                  <ResponsiveContainer width="100%" height="100%">
                    <LineChart data={progress} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                      <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
                      <XAxis dataKey="label" tick={{ fill: colours.text }} minTickGap={16} />
                      <YAxis domain={[0, 100]} tick={{ fill: colours.text }} />
                      <Tooltip contentStyle={colours.tooltip} />
                      <Line dataKey="cumulativePercent" name={c('cumulative')} stroke={colours.series[0]} strokeWidth={2} dot={false} isAnimationActive={false} />
                    </LineChart>
                  </ResponsiveContainer>
                </ChartFigure>
                <DataScroll label={translate(`${J}.progress`)} sx={{ maxHeight: 360 }}>
                  <Table size="small" stickyHeader data-testid="journal-analytics-progress" aria-label={translate(`${J}.progress`)}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{c('day')}</TableCell>
                        <TableCell align="right">{c('completed')}</TableCell>
                        <TableCell align="right">{c('cumulative')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {progress.map((d) => (
                        <TableRow key={d.day}>
                          <TableCell component="th" scope="row">
                            {d.label}
                          </TableCell>
                          <TableCell align="right">{numbers.count(d.completed)}</TableCell>
                          <TableCell align="right">{pct(d.cumulativePercent)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </DataScroll>
              </>
            )}
          </>
        )}
      </PageState>
    </PageFrame>
  );
}
