import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { QuestionKind } from '../../../../shared/questions';
import { useWhereUsed } from '../api';
import { LoadState } from './LoadState';

/** "Where used": a button opening the list of slides (program / lesson / exercise / slide) showing the question. */
export function WhereUsedButton({ kind, id, size = 'small' }: { kind: QuestionKind; id: number; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data, isPending, error, refetch } = useWhereUsed(kind, id, open);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} data-testid="where-used">
        {translate('resources.questions.actions.whereUsed')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('resources.questions.titles.whereUsed')}</DialogTitle>
        <DialogContent>
          <LoadState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.used} emptyText={translate('resources.questions.messages.notUsed')}>
            <List dense data-testid="where-used-list">
              {data?.slides.map((s) => (
                <ListItem key={s.slideId} component={Link} to={`/programs/${s.programId}/${s.lessonId}/${s.exerciseId}/slides`}>
                  <ListItemText primary={s.slideLabel || translate('resources.questions.slide', { id: s.slideId })} secondary={`${s.programLabel} / ${s.lessonLabel} / ${s.exerciseLabel}`} />
                </ListItem>
              ))}
            </List>
          </LoadState>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('resources.questions.actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
