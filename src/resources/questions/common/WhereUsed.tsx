import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { questionCalls } from '../../../../shared/calls/questions';
import type { QuestionKind } from '../../../../shared/questions';
import { useCall } from '../../../http/queries';
import { PageState } from '../../../ui/PageState';

/** "Where used": a button opening the list of slides (program / lesson / exercise / slide) showing the question. */
export function WhereUsedButton({ kind, id }: { kind: QuestionKind; id: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data, isPending, error, refetch } = useCall(questionCalls.used, open ? { params: { id }, query: { type: kind } } : null);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="where-used">
        {translate('questionBanks.actions.whereUsed')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('questionBanks.titles.whereUsed')}</DialogTitle>
        <DialogContent>
          <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.used} emptyText={translate('questionBanks.messages.notUsed')}>
            <List dense data-testid="where-used-list">
              {data?.slides.map((s) => (
                <ListItem key={s.slideId} component={Link} to={`/programs/${s.programId}/${s.lessonId}/${s.exerciseId}/slides`}>
                  <ListItemText primary={s.slideLabel || translate('questionBanks.slide', { id: s.slideId })} secondary={`${s.programLabel} / ${s.lessonLabel} / ${s.exerciseLabel}`} />
                </ListItem>
              ))}
            </List>
          </PageState>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('app.common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
