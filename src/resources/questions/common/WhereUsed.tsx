import { List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { questionCalls } from '../../../../shared/calls/questions';
import type { QuestionKind } from '../../../../shared/questions';
import { useCall } from '../../../http/queries';
import { PageState } from '../../../ui/PageState';
import { DialogButton } from './DialogButton';

/** The slides (program / lesson / exercise / slide) showing the question. */
function WhereUsedList({ kind, id }: { kind: QuestionKind; id: number }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useCall(questionCalls.used, { params: { id }, query: { type: kind } });
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.used} emptyText={translate('questionBanks.messages.notUsed')}>
      <List dense data-testid="where-used-list">
        {data?.slides.map((s) => (
          <ListItem key={s.slideId} component={Link} to={`/programs/${s.programId}/${s.lessonId}/${s.exerciseId}/slides`}>
            <ListItemText primary={s.slideLabel || translate('questionBanks.slide', { id: s.slideId })} secondary={`${s.programLabel} / ${s.lessonLabel} / ${s.exerciseLabel}`} />
          </ListItem>
        ))}
      </List>
    </PageState>
  );
}

/** "Where used": a button opening the list of slides showing the question. */
export function WhereUsedButton({ kind, id }: { kind: QuestionKind; id: number }) {
  return (
    <DialogButton label="questionBanks.actions.whereUsed" testId="where-used" title="questionBanks.titles.whereUsed">
      <WhereUsedList kind={kind} id={id} />
    </DialogButton>
  );
}
