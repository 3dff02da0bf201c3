import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { P, api, downloadPost, fill, serverText, useApi, type ApplicationRow, type ExpulsionRow, type ListAnswer } from '../runningCourses/api';
import { ListState, rcKey as k } from '../runningCourses/ui';
import { APPLICATIONS_COUNT_KEY } from './ApplicationsBadge';

/** /applications-enrollment: pending applications of the caller's courses, allow or deny. */
export default function ApplicationsEnrollmentPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const list = useApi<ListAnswer<ApplicationRow>>(['applications'], 'POST', P.applications, { take: 200, skip: 0 });
  const decide = async (id: number, decision: 'allow' | 'deny') => {
    try {
      await api('POST', fill(decision === 'allow' ? P.applicationAllow : P.applicationDeny, { applicationId: id }));
      notify(k(decision === 'allow' ? 'applications.allowed' : 'applications.denied'), { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? k('failed'), { type: 'error' });
    }
    await qc.invalidateQueries({ queryKey: ['runningCourses', 'applications'] });
    await qc.invalidateQueries({ queryKey: APPLICATIONS_COUNT_KEY });
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('applications.title'))}</Typography>
      {[...new Map((list.data?.result ?? []).map((a) => [a.trainingId, a.courseLabel])).entries()].map(([trainingId, label]) => (
        <Button
          key={trainingId}
          size="small"
          sx={{ mr: 1, mb: 1 }}
          onClick={() => downloadPost(fill(P.applicationsExport, { trainingId }), 'applications.xlsx').catch((e) => notify(serverText(e) ?? k('failed'), { type: 'error' }))}
        >
          {translate(k('applications.export'))}: {label}
        </Button>
      ))}
      <ListState isPending={list.isPending} error={list.error} empty={(list.data?.result.length ?? 0) === 0} onRetry={() => list.refetch()}>
        <Table size="small">
          <TableHead><TableRow><TableCell>{translate(k('name'))}</TableCell><TableCell>{translate(k('email'))}</TableCell><TableCell>{translate(k('course'))}</TableCell><TableCell>{translate(k('date'))}</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {list.data?.result.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.name || a.email}</TableCell>
                <TableCell>{a.email}</TableCell>
                <TableCell>{a.courseLabel}</TableCell>
                <TableCell>{new Date(a.createdAt).toLocaleDateString()}</TableCell>
                <TableCell align="right">
                  <Button size="small" variant="contained" onClick={() => decide(a.id, 'allow')}>{translate(k('applications.allow'))}</Button>
                  <Button size="small" onClick={() => decide(a.id, 'deny')}>{translate(k('applications.deny'))}</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
    </Box>
  );
}

/** /applications-expulsion: students' expulsion applications of the caller's courses. */
export function ApplicationsExpulsionPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const qc = useQueryClient();
  const list = useApi<ExpulsionRow[]>(['expulsions'], 'GET', P.expulsions);
  const decide = async (id: number, decision: 'allow' | 'deny') => {
    try {
      await api('POST', `/api/instructors/expulsions/${id}/${decision}`);
      notify(k('saved'), { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? k('failed'), { type: 'error' });
    }
    await qc.invalidateQueries({ queryKey: ['runningCourses', 'expulsions'] });
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" gutterBottom>{translate(k('expulsions.title'))}</Typography>
      <ListState isPending={list.isPending} error={list.error} empty={(list.data?.length ?? 0) === 0} onRetry={() => list.refetch()}>
        <Table size="small">
          <TableHead><TableRow><TableCell>{translate(k('name'))}</TableCell><TableCell>{translate(k('course'))}</TableCell><TableCell>{translate(k('expulsions.reason'))}</TableCell><TableCell>{translate(k('expulsions.file'))}</TableCell><TableCell>{translate(k('expulsions.status'))}</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {list.data?.map((x) => (
              <TableRow key={x.id}>
                <TableCell>{x.name || x.email}</TableCell>
                <TableCell>{x.courseLabel}</TableCell>
                <TableCell>{x.reason ?? '—'}</TableCell>
                <TableCell>{x.file ? <a href={x.file.address}>{x.file.name}</a> : '—'}</TableCell>
                <TableCell><Chip size="small" label={translate(k(`status.${x.status}`))} /></TableCell>
                <TableCell align="right">
                  {x.status === 'pending' && (
                    <>
                      <Button size="small" variant="contained" onClick={() => decide(x.id, 'allow')}>{translate(k('applications.allow'))}</Button>
                      <Button size="small" onClick={() => decide(x.id, 'deny')}>{translate(k('applications.deny'))}</Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
    </Box>
  );
}

