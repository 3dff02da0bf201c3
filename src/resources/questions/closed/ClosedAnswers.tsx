import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { Alert, Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Datagrid, FunctionField, ListBase, useGetOne, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { closedAnswerCalls } from '../../../../shared/calls/questions';
import type { ClosedOption, ClosedQuestion } from '../../../../shared/questions';
import { closedQuestionAnswers, closedQuestions } from '../../../../shared/resources/questions';
import { callApi } from '../../../http/client';
import { serverText } from '../../../http/errors';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { TableScroll } from '../../../ui/TableScroll';
import { SafeHtml } from '../../richText';
import { createPath, editPath } from '../../factory/paths';
import { ChoiceModeChip } from '../banks/columns';
import { DropButton } from '../common/DropButton';
import { answerPaths, bankPaths } from '../paths';

/** The answers in their order: correct flags, reorder (the sequence call), edit, delete. */
function AnswerRows({ questionId }: { questionId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data, isPending, error, refetch, total } = useListContext<ClosedOption>();
  const move = useMutation({
    mutationFn: (v: { optionId: number; to: number }) => callApi(closedAnswerCalls.move, { params: { questionId, optionId: v.optionId, n: v.to } }),
    onSuccess: () => refresh(),
    onError: (e) => notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' }),
  });
  const scope = { questionId };
  const last = (data?.length ?? 0) - 1;
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={total === 0} emptyText={translate('questionBanks.messages.noAnswers')}>
      <TableScroll data-testid="answers">
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField label="№" sortable={false} render={(o: ClosedOption) => o.sequence} />
          <FunctionField label="questionBanks.fields.optionText" sortable={false} render={(o: ClosedOption) => o.text} />
          <FunctionField
            label="questionBanks.fields.correct"
            sortable={false}
            render={(o: ClosedOption) => (o.correct ? <Chip size="small" color="success" label={translate('questionBanks.correct')} /> : '—')}
          />
          <FunctionField
            label="questionBanks.fields.actions"
            sortable={false}
            render={(o: ClosedOption) => {
              const i = data?.findIndex((d) => d.id === o.id) ?? 0;
              return (
                <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                  <IconButton size="small" disabled={i === 0 || move.isPending} onClick={() => move.mutate({ optionId: o.id, to: o.sequence - 1 })} aria-label={translate('questionBanks.actions.up')}>
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton size="small" disabled={i === last || move.isPending} onClick={() => move.mutate({ optionId: o.id, to: o.sequence + 1 })} aria-label={translate('questionBanks.actions.down')}>
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <Button size="small" component={Link} to={editPath(closedQuestionAnswers.name, answerPaths, o.id, scope)}>
                    {translate('ra.action.edit')}
                  </Button>
                  <DropButton resource={closedQuestionAnswers.name} record={o} meta={{ scope }} content="questionBanks.messages.confirmDeleteAnswer" />
                </Box>
              );
            }}
          />
        </Datagrid>
      </TableScroll>
    </PageState>
  );
}

/** /resources/closed-questions/{questionId}/answers: the question, then its answers (the answers resource of the question). */
export function ClosedAnswers() {
  const translate = useTranslate();
  const { questionId = '' } = useParams();
  const question = useGetOne<ClosedQuestion>(closedQuestions.name, { id: Number(questionId) }, { onError: () => undefined, retry: false });
  const q = question.data;
  return (
    <PageFrame
      title={translate('questionBanks.titles.answers')}
      back={bankPaths('closed').list}
      actions={
        <Button variant="contained" startIcon={<Add />} component={Link} to={createPath(closedQuestionAnswers.name, answerPaths, { questionId })} data-testid="add-answer">
          {translate('questionBanks.actions.addAnswer')}
        </Button>
      }
    >
      <PageState
        isPending={question.isPending}
        error={question.error}
        refetch={question.refetch}
        notFound={<Alert severity="warning" data-testid="load-error">{translate('questionBanks.messages.notFound')}</Alert>}
      >
        {q && (
          <>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6">{q.label}</Typography>
              <ChoiceModeChip mode={q.choiceMode} translate={translate} />
              <Button size="small" component={Link} to={editPath(closedQuestions.name, bankPaths('closed'), q.id)}>
                {translate('ra.action.edit')}
              </Button>
            </Stack>
            <SafeHtml html={q.text} />
            <ListBase
              resource={closedQuestionAnswers.name}
              queryOptions={{ meta: { scope: { questionId } }, onError: () => undefined }}
              perPage={100}
              sort={{ field: 'sequence', order: 'ASC' }}
              disableSyncWithLocation
              storeKey={false}
            >
              <AnswerRows questionId={questionId} />
            </ListBase>
          </>
        )}
      </PageState>
    </PageFrame>
  );
}
