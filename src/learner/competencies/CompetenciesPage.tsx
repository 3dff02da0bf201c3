import { Box, Grid, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from '../../app';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer, Tooltip } from 'recharts';
import { competencyCalls } from '../../../shared/calls/competencies';
import { useCall } from '../../http/queries';
import { useNumbers } from '../../ui/numbers';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { READ_ONCE } from '../learnerReads';

const k = (key: string) => `app.learner.competenciesPage.${key}`;

/**
 * /competencies (spec 1 §2.3): the student's competencies as grading scored them — a table
 * (index, competency, evaluation) and a radar chart 0..1 whose tooltip shows the key and the
 * grade — or the empty-state alert before anything was graded. Its own chunk (recharts loads here only).
 */
export default function CompetenciesPage() {
  const translate = useTranslate();
  const numbers = useNumbers();
  const grade = (v: number) => numbers.decimal(v);
  const { data, isPending, error, refetch } = useCall(competencyCalls.skills, {}, READ_ONCE);
  return (
    <Box data-testid="competencies-page">
      <PageFrame title={translate(k('title'))} plain>
        <PageState
          isPending={isPending}
          loading={<Skeleton variant="rounded" height={240} />}
          error={error}
          errorTitle={translate(k('loadError'))}
          refetch={refetch}
          isEmpty={data?.length === 0}
          emptyText={translate(k('empty'))}
        >
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 5 }}>
              <TableScroll>
                <Table size="small" data-testid="competencies-table">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate(k('index'))}</TableCell>
                      <TableCell>{translate(k('competency'))}</TableCell>
                      <TableCell align="right">{translate(k('evaluation'))}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data?.map((c, i) => (
                      <TableRow key={c.key}>
                        <TableCell>{i + 1}</TableCell>
                        <TableCell>{c.key}</TableCell>
                        <TableCell align="right">{grade(c.value)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableScroll>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Paper variant="outlined" sx={{ height: 360, p: 1 }} role="img" aria-label={translate(k('chart'))}>
                <ResponsiveContainer width="100%" height="100%">
                  <RadarChart data={data ?? []} outerRadius="75%">
                    <PolarGrid />
                    <PolarAngleAxis dataKey="key" />
                    <PolarRadiusAxis domain={[0, 1]} tickCount={6} angle={90} />
                    <Radar name={translate(k('grade'))} dataKey="value" stroke="#1976d2" fill="#1976d2" fillOpacity={0.35} isAnimationActive={false} />
                    <Tooltip formatter={(value) => [grade(Number(value)), translate(k('grade'))]} />
                  </RadarChart>
                </ResponsiveContainer>
              </Paper>
            </Grid>
          </Grid>
        </PageState>
      </PageFrame>
    </Box>
  );
}
