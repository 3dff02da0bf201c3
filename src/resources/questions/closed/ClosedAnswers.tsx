import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { Button, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { questionPaths as P, type ClosedQuestion } from '../../../../shared/questions';
import { apiPath, apiSend, errorText, useBankMutation, useQuestion } from '../api';
import { DropButton } from '../common/DropButton';
import { LoadState } from '../common/LoadState';
import { QuestionPage } from '../common/QuestionPage';
import { SafeHtml } from '../../richText';

/** /resources/closed-questions/{questionId}/answers: the answer options in their order, correct flags, reorder, add, edit, delete. */
export function ClosedAnswers() {
  const translate = useTranslate();
  const notify = useNotify();
  const { questionId } = useParams();
  const { data, isPending, error, refetch } = useQuestion<ClosedQuestion>('closed', questionId);
  const move = useBankMutation((v: { optionId: number; to: number }) =>
    apiSend('POST', apiPath(P.closed.optionSequence, { q: questionId!, a: v.optionId, n: v.to })),
  );
  const base = `/resources/closed-questions/${questionId}`;
  const reorder = (optionId: number, to: number) =>
    move.mutate({ optionId, to }, { onError: (e) => notify(errorText(e) || translate('resources.questions.messages.failed'), { type: 'error' }) });
  const options = data?.options ?? [];
  return (
    <QuestionPage
      title={translate('resources.questions.titles.answers')}
      back="/resources?tab=closed"
      actions={
        <Button variant="contained" startIcon={<Add />} component={Link} to={`${base}/answer/create`} data-testid="add-answer">
          {translate('resources.questions.actions.addAnswer')}
        </Button>
      }
    >
      <LoadState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
              <Typography variant="h6">{data.label}</Typography>
              <Chip size="small" label={translate(`resources.questions.choiceModes.${data.choiceMode === 0 ? 'checkbox' : 'radio'}`)} />
              <Button size="small" component={Link} to={`${base}/edit`}>
                {translate('resources.questions.actions.edit')}
              </Button>
            </Stack>
            <SafeHtml html={data.text} />
            <LoadState isPending={false} error={null} isEmpty={options.length === 0} emptyText={translate('resources.questions.messages.noAnswers')}>
              <Table size="small" data-testid="answers">
                <TableHead>
                  <TableRow>
                    <TableCell width={60}>№</TableCell>
                    <TableCell>{translate('resources.questions.fields.optionText')}</TableCell>
                    <TableCell>{translate('resources.questions.fields.correct')}</TableCell>
                    <TableCell align="right">{translate('resources.questions.fields.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {options.map((o, i) => (
                    <TableRow key={o.id}>
                      <TableCell>{o.sequence}</TableCell>
                      <TableCell>{o.text}</TableCell>
                      <TableCell>{o.correct ? <Chip size="small" color="success" label={translate('resources.questions.correct')} /> : '—'}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <IconButton size="small" disabled={i === 0 || move.isPending} onClick={() => reorder(o.id, o.sequence - 1)} aria-label={translate('resources.questions.actions.up')}>
                          <ArrowUpward fontSize="small" />
                        </IconButton>
                        <IconButton size="small" disabled={i === options.length - 1 || move.isPending} onClick={() => reorder(o.id, o.sequence + 1)} aria-label={translate('resources.questions.actions.down')}>
                          <ArrowDownward fontSize="small" />
                        </IconButton>
                        <Button size="small" component={Link} to={`${base}/answers/${o.id}/edit`}>
                          {translate('resources.questions.actions.edit')}
                        </Button>
                        <DropButton path={P.closed.optionDrop} params={{ id: data.id, optionId: o.id }} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </LoadState>
          </>
        )}
      </LoadState>
    </QuestionPage>
  );
}
