import { Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { learningAnalyticsCalls } from '../../../shared/calls/learningAnalytics';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useNumbers } from '../../ui/numbers';
import { ChartFigure, DataScroll, SectionTitle, T, useChartColours } from './parts';
import { P as COURSE_PATHS, PathsSteps } from './PathsSteps';

const P = `${T}.programPaths`;

/**
 * /programs/{programId}/paths-analytics (ELP; ExportStudentActions): the paths of a program's
 * courses — each course beside the others (finished, out of order, stopped, in percent of its
 * students) as a bar chart with its table, then the steps of the program summed over the courses
 * with the frequent moves. The courses are those the caller may read (docs/decisions/analytics.md).
 */
export default function ProgramPathsAnalyticsPage() {
  const { programId = '' } = useParams();
  const translate = useTranslate();
  const numbers = useNumbers();
  const colours = useChartColours();
  const { data, isPending, error, refetch } = useCall(learningAnalyticsCalls.programPaths, { params: { programId } }, { staleTime: 0 });
  const c = (k: string) => translate(`${P}.columns.${k}`);
  const percentColumns = ['finishedPercent', 'offOrderPercent', 'stoppedPercent'] as const;

  return (
    <PageFrame title={data ? translate(`${P}.title`, { label: data.program.label }) : translate(`${COURSE_PATHS}.title`)} back={`/programs/${programId}`}>
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(`${T}.common.loadError`)} isEmpty={!data || data.students === 0 || data.steps.length === 0} emptyText={translate(`${P}.empty`)}>
        {data && (
          <>
            <Typography sx={{ mb: 2 }} data-testid="program-paths-summary">
              {translate(`${P}.summary`, { courses: numbers.count(data.courses.length), students: numbers.count(data.students), finished: numbers.count(data.finished), offOrder: numbers.count(data.offOrder) })}
            </Typography>
            <SectionTitle>{translate(`${P}.courses`)}</SectionTitle>
            <ChartFigure label={translate(`${P}.coursesChart`)} height={280} testId="program-paths-courses-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.courses} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
                  <XAxis dataKey="label" tick={{ fill: colours.text }} />
                  <YAxis domain={[0, 100]} tick={{ fill: colours.text }} />
                  <Tooltip contentStyle={colours.tooltip} />
                  <Legend wrapperStyle={{ color: colours.text }} />
                  {percentColumns.map((k, i) => (
                    <Bar key={k} dataKey={k} name={c(k)} fill={colours.series[[2, 3, 4][i]]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <DataScroll label={translate(`${P}.courses`)}>
              <Table size="small" data-testid="program-paths-courses" aria-label={translate(`${P}.courses`)}>
                <TableHead>
                  <TableRow>
                    {['course', 'students', 'finished', 'finishedPercent', 'offOrder', 'offOrderPercent', 'stopped', 'stoppedPercent', 'topStop'].map((k) => (
                      <TableCell key={k} align={['course', 'topStop'].includes(k) ? 'left' : 'right'}>
                        {c(k)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.courses.map((course) => (
                    <TableRow key={course.courseId} data-testid={`program-paths-course-${course.courseId}`}>
                      <TableCell component="th" scope="row">
                        <MuiLink component={Link} to={`/courses/${course.courseId}/paths-analytics`}>
                          {course.label}
                        </MuiLink>
                      </TableCell>
                      <TableCell align="right">{numbers.count(course.students)}</TableCell>
                      <TableCell align="right">{numbers.count(course.finished)}</TableCell>
                      <TableCell align="right">{numbers.decimal(course.finishedPercent, 1)}</TableCell>
                      <TableCell align="right">{numbers.count(course.offOrder)}</TableCell>
                      <TableCell align="right">{numbers.decimal(course.offOrderPercent, 1)}</TableCell>
                      <TableCell align="right">{numbers.count(course.stopped)}</TableCell>
                      <TableCell align="right">{numbers.decimal(course.stoppedPercent, 1)}</TableCell>
                      <TableCell>{course.topStop ? translate(`${P}.topStop`, { label: course.topStop.label, students: numbers.count(course.topStop.students) }) : '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DataScroll>
            <SectionTitle>{translate(`${P}.together`)}</SectionTitle>
            <PathsSteps data={data} chart={translate(`${P}.chart`)} steps={translate(`${P}.steps`)} />
          </>
        )}
      </PageState>
    </PageFrame>
  );
}
