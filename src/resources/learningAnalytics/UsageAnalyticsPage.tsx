import { Chip, Link as MuiLink, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { learningAnalyticsCalls, USAGE_ACTIVE_DAYS, WATCH_BIN_SECONDS } from '../../../shared/calls/learningAnalytics';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useNumbers } from '../../ui/numbers';
import { useDebounced } from '../../ui/useDebounced';
import { ChartFigure, DataScroll, GroupSelect, SectionTitle, T, useChartColours } from './parts';

const U = `${T}.usage`;
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * /courses/{courseId}/usage-analytics (spec 1 §2.9; ExportStudentActions): the course's activity
 * over a window of days — visits of its pages, attendance marks, watch time and answers — per
 * day (a chart with its table), per group and per student, active and inactive students, and
 * the parts of videos watched again.
 */
export default function UsageAnalyticsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const numbers = useNumbers();
  const dates = useDates();
  const colours = useChartColours();
  const [groupId, setGroupId] = useState('');
  const [range, setRange] = useState({ begin: '', end: '' });
  const period = useDebounced(range);
  const { data, isPending, error, refetch } = useCall(
    learningAnalyticsCalls.usage,
    { params: { courseId }, query: { groupId: groupId ? Number(groupId) : undefined, begin: period.begin || undefined, end: period.end || undefined } },
    { placeholderData: keepPreviousData, staleTime: 0, retry: false },
  );
  const c = (k: string) => translate(`${U}.columns.${k}`);
  const days = (data?.days ?? []).map((d) => ({ ...d, label: dates.day(d.day), watchMinutes: minutes(d.watchSeconds) }));
  const name = (s: { lastName: string | null; firstName: string | null; email: string }) => `${s.lastName ?? ''} ${s.firstName ?? ''}`.trim() || s.email;

  return (
    <PageFrame title={translate(`${U}.title`)} back={`/courses/${courseId}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <GroupSelect courseId={courseId} value={groupId} onChange={setGroupId} />
        {(['begin', 'end'] as const).map((k) => (
          <TextField
            key={k}
            type="date"
            size="small"
            label={translate(`${T}.filters.${k}`)}
            value={range[k]}
            onChange={(e) => setRange({ ...range, [k]: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `usage-${k}` } }}
          />
        ))}
      </Stack>
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(`${T}.common.loadError`)} isEmpty={!data || data.students === 0} emptyText={translate(`${T}.common.empty`)}>
        {data && (
          <>
            <Typography sx={{ mb: 2 }} data-testid="usage-summary">
              {translate(`${U}.summary`, {
                begin: dates.day(data.begin),
                end: dates.day(data.end),
                students: numbers.count(data.students),
                active: numbers.count(data.active),
                inactive: numbers.count(data.inactive),
                days: USAGE_ACTIVE_DAYS,
              })}
            </Typography>
            <ChartFigure label={translate(`${U}.chart`)} height={320} testId="usage-chart">
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
                  <XAxis dataKey="label" tick={{ fill: colours.text }} minTickGap={16} />
                  <YAxis allowDecimals={false} tick={{ fill: colours.text }} />
                  <Tooltip contentStyle={colours.tooltip} />
                  <Legend wrapperStyle={{ color: colours.text }} />
                  <Bar dataKey="visits" name={c('visits')} stackId="a" fill={colours.series[0]} isAnimationActive={false} />
                  <Bar dataKey="answers" name={c('answers')} stackId="a" fill={colours.series[1]} isAnimationActive={false} />
                  <Bar dataKey="attendance" name={c('attendance')} stackId="a" fill={colours.series[5]} isAnimationActive={false} />
                  <Line dataKey="watchMinutes" name={c('watchMinutes')} stroke={colours.series[4]} strokeWidth={2} dot={false} isAnimationActive={false} />
                </ComposedChart>
              </ResponsiveContainer>
            </ChartFigure>

            <SectionTitle>{translate(`${U}.byGroup`)}</SectionTitle>
            <ChartFigure label={translate(`${U}.groupsChart`)} height={220} testId="usage-groups-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.byGroup.map((g) => ({ ...g, name: g.label ?? translate(`${T}.common.noGroup`), inactive: g.students - g.active }))} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
                  <XAxis dataKey="name" tick={{ fill: colours.text }} />
                  <YAxis allowDecimals={false} tick={{ fill: colours.text }} />
                  <Tooltip contentStyle={colours.tooltip} />
                  <Legend wrapperStyle={{ color: colours.text }} />
                  <Bar dataKey="active" name={c('active')} stackId="g" fill={colours.series[2]} isAnimationActive={false} />
                  <Bar dataKey="inactive" name={c('inactive')} stackId="g" fill={colours.series[4]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <DataScroll label={translate(`${U}.byGroup`)}>
              <Table size="small" data-testid="usage-groups" aria-label={translate(`${U}.byGroup`)}>
                <TableHead>
                  <TableRow>
                    {['group', 'students', 'active', 'visits', 'attendance', 'watchMinutes', 'answers'].map((k) => (
                      <TableCell key={k} align={k === 'group' ? 'left' : 'right'}>
                        {c(k)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.byGroup.map((g) => (
                    <TableRow key={g.groupId ?? 'none'}>
                      <TableCell component="th" scope="row">
                        {g.label ?? translate(`${T}.common.noGroup`)}
                      </TableCell>
                      <TableCell align="right">{numbers.count(g.students)}</TableCell>
                      <TableCell align="right">{numbers.count(g.active)}</TableCell>
                      <TableCell align="right">{numbers.count(g.visits)}</TableCell>
                      <TableCell align="right">{numbers.count(g.attendance)}</TableCell>
                      <TableCell align="right">{numbers.decimal(minutes(g.watchSeconds), 1)}</TableCell>
                      <TableCell align="right">{numbers.count(g.answers)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DataScroll>

            <SectionTitle>{translate(`${U}.rewatched`)}</SectionTitle>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${U}.rewatchedHint`, { seconds: WATCH_BIN_SECONDS })}
            </Typography>
            {data.rewatched.length === 0 ? (
              <Typography>{translate(`${U}.noRewatched`)}</Typography>
            ) : (
              <DataScroll label={translate(`${U}.rewatched`)}>
                <Table size="small" data-testid="usage-rewatched" aria-label={translate(`${U}.rewatched`)}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{c('video')}</TableCell>
                      <TableCell>{c('segment')}</TableCell>
                      <TableCell align="right">{c('rewatchers')}</TableCell>
                      <TableCell align="right">{c('rewatches')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rewatched.map((r) => (
                      <TableRow key={`${r.slideId}-${r.from}`}>
                        <TableCell>{`${r.exerciseLabel}: ${r.slideLabel}`}</TableCell>
                        <TableCell>{`${clock(r.from)}–${clock(r.to)}`}</TableCell>
                        <TableCell align="right">{numbers.count(r.rewatchers)}</TableCell>
                        <TableCell align="right">{numbers.count(r.rewatches)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </DataScroll>
            )}

            <SectionTitle>{translate(`${U}.byStudent`)}</SectionTitle>
            <DataScroll label={translate(`${U}.byStudent`)}>
              <Table size="small" data-testid="usage-students" aria-label={translate(`${U}.byStudent`)}>
                <TableHead>
                  <TableRow>
                    {['student', 'group', 'state', 'visits', 'attendance', 'watchMinutes', 'answers', 'lastActivity'].map((k) => (
                      <TableCell key={k} align={['student', 'group', 'state', 'lastActivity'].includes(k) ? 'left' : 'right'}>
                        {c(k)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.byStudent.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell component="th" scope="row">
                        <MuiLink component={Link} to={`/courses/${courseId}/student-management/${s.id}/page`}>
                          {name(s)}
                        </MuiLink>
                      </TableCell>
                      <TableCell>{s.groupLabel ?? '—'}</TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" color={s.active ? 'success' : 'default'} label={translate(`${U}.${s.active ? 'active' : 'inactive'}`)} />
                      </TableCell>
                      <TableCell align="right">{numbers.count(s.visits)}</TableCell>
                      <TableCell align="right">{numbers.count(s.attendance)}</TableCell>
                      <TableCell align="right">{numbers.decimal(minutes(s.watchSeconds), 1)}</TableCell>
                      <TableCell align="right">{numbers.count(s.answers)}</TableCell>
                      <TableCell>{s.lastActivity ? dates.day(s.lastActivity) : '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DataScroll>

            <SectionTitle>{translate(`${U}.byDay`)}</SectionTitle>
            <DataScroll label={translate(`${U}.byDay`)} sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader data-testid="usage-days" aria-label={translate(`${U}.byDay`)}>
                <TableHead>
                  <TableRow>
                    {['day', 'visits', 'answers', 'attendance', 'watchMinutes', 'activeStudents'].map((k) => (
                      <TableCell key={k} align={k === 'day' ? 'left' : 'right'}>
                        {c(k)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {days.map((d) => (
                    <TableRow key={d.day}>
                      <TableCell component="th" scope="row">
                        {d.label}
                      </TableCell>
                      <TableCell align="right">{numbers.count(d.visits)}</TableCell>
                      <TableCell align="right">{numbers.count(d.answers)}</TableCell>
                      <TableCell align="right">{numbers.count(d.attendance)}</TableCell>
                      <TableCell align="right">{numbers.decimal(d.watchMinutes, 1)}</TableCell>
                      <TableCell align="right">{numbers.count(d.activeStudents)}</TableCell>
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
