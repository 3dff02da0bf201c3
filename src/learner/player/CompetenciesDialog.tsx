import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useApi } from '../api';
import { playerUrls, type Competency } from './playerApi';

/** View competencies (final page): the exercise's competencies and the student's evaluation (0..1). */
export function CompetenciesAction({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const list = useApi<Competency[]>(['player-competencies', courseId, exerciseId], open ? playerUrls.competencies(courseId, exerciseId) : null);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>{translate('app.player.final.competencies')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="competencies-title">
        <DialogTitle id="competencies-title">{translate('app.player.competencies.title')}</DialogTitle>
        <DialogContent data-testid="competencies-dialog">
          {list.isPending && <Skeleton height={80} />}
          {list.error && <Alert severity="error">{translate('app.player.competencies.loadError')}</Alert>}
          {list.data?.length === 0 && <Alert severity="info">{translate('app.player.competencies.empty')}</Alert>}
          {!!list.data?.length && (
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
                {list.data.map((c, i) => (
                  <TableRow key={c.id}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell>{c.name}</TableCell>
                    <TableCell align="right">{c.weight}</TableCell>
                    <TableCell align="right">{c.value === null ? '—' : c.value.toFixed(2)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions><Button onClick={() => setOpen(false)}>{translate('app.player.competencies.close')}</Button></DialogActions>
      </Dialog>
    </>
  );
}
