import { Box, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { QuestionStats } from '../../../shared/calls/analytics';

const T = 'resources.typicalErrors';
const short = (s: string, n = 22) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const pct = (part: number, q: QuestionStats) => (q.answers ? Math.round((part / q.answers) * 1000) / 10 : 0);

/**
 * Right, partly right and wrong answers per question as stacked horizontal bars (percent of the
 * question's answers). A picture for the eye only: its text alternative says what it shows and
 * points to the table, which holds the same numbers.
 */
export default function AnswersChart({ questions }: { questions: QuestionStats[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const data = questions.map((q, i) => ({
    name: `${i + 1}. ${short(q.label || translate(`${T}.kind.${q.kind}`))}`,
    right: pct(q.right, q),
    partly: pct(q.partly, q),
    wrong: pct(q.wrong, q),
  }));
  const height = Math.min(60 + data.length * 34, 1600);
  return (
    <Box role="img" aria-label={translate(`${T}.chart.alt`, { count: questions.length })} sx={{ height, mb: 2 }} data-testid="typical-errors-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 8, bottom: 8 }}>
          <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fill: theme.palette.text.primary, fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={150} tick={{ fill: theme.palette.text.primary, fontSize: 12 }} />
          <Tooltip formatter={(v) => `${String(v)}%`} contentStyle={{ background: theme.palette.background.paper, color: theme.palette.text.primary }} />
          <Legend formatter={(value: string) => <span style={{ color: theme.palette.text.primary }}>{value}</span>} />
          <Bar dataKey="right" stackId="a" name={translate(`${T}.columns.right`)} fill={theme.palette.success.main} isAnimationActive={false} />
          <Bar dataKey="partly" stackId="a" name={translate(`${T}.columns.partly`)} fill={theme.palette.warning.main} isAnimationActive={false} />
          <Bar dataKey="wrong" stackId="a" name={translate(`${T}.columns.wrong`)} fill={theme.palette.error.main} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
