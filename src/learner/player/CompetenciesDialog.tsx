import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../app';
import { resultCalls } from '../../../shared/calls/study/results';
import { useCall } from '../../http/queries';
import { useNumbers } from '../../ui/numbers';
import { PageState } from '../../ui/PageState';

/** View competencies (final page): the exercise's competencies and the student's evaluation (0..1). */
export function CompetenciesAction({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const [open, setOpen] = useState(false);
  const list = useCall(resultCalls.competencies, open ? { params: { courseId, exerciseId } } : null, { retry: false });
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>{translate('app.player.final.competencies')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="competencies-title">
        <DialogTitle id="competencies-title">{translate('app.player.competencies.title')}</DialogTitle>
        <DialogContent data-testid="competencies-dialog">
          <PageState
            isPending={list.isPending}
            error={list.error}
            errorTitle={translate('app.player.competencies.loadError')}
            refetch={() => void list.refetch()}
            isEmpty={list.data?.length === 0}
            emptyText={translate('app.player.competencies.empty')}
          >
            {/* a narrow screen scrolls the table inside the dialog */}
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>#</TableCell>
                    <TableCell>{translate('app.player.competencies.name')}</TableCell>
                    <TableCell align="right">{translate('app.player.competencies.weight')}</TableCell>
                    <TableCell align="right">{translate('app.player.competencies.value')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data?.map((c, i) => (
                    <TableRow key={c.id}>
                      <TableCell>{i + 1}</TableCell>
                      <TableCell>{c.name}</TableCell>
                      <TableCell align="right">{c.weight}</TableCell>
                      <TableCell align="right">{c.value === null ? '—' : numbers.decimal(c.value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </PageState>
        </DialogContent>
        <DialogActions><Button onClick={() => setOpen(false)}>{translate('app.player.competencies.close')}</Button></DialogActions>
      </Dialog>
    </>
  );
}
