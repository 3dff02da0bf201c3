import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PathsAnalytics } from '../../../shared/calls/learningAnalytics';
import { useNumbers } from '../../ui/numbers';
import { ChartFigure, DataScroll, SectionTitle, T, useChartColours } from './parts';

export const P = `${T}.paths`;

/**
 * The steps of a path in their intended order — reached, completed and stopped as a bar chart,
 * the table behind it (drop-off, out of order) — and the frequent moves: a course's paths and a
 * program's alike. `chart` and `steps` name the order (the course's or the program's).
 */
export function PathsSteps({ data, chart, steps: stepsTitle }: { data: PathsAnalytics; chart: string; steps: string }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const colours = useChartColours();
  const steps = data.steps;
  const labelOf = new Map(steps.map((s) => [s.exerciseId, `${s.position}. ${s.label}`]));
  const c = (k: string) => translate(`${P}.columns.${k}`);
  return (
    <>
      <ChartFigure label={chart} height={320} testId="paths-chart">
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
      <SectionTitle>{stepsTitle}</SectionTitle>
      <DataScroll label={stepsTitle}>
        <Table size="small" data-testid="paths-table" aria-label={stepsTitle}>
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
  );
}
