import { Button } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { closedQuestionInput, closedQuestionUpdate, questionPaths as P, type ClosedQuestion } from '../../../../shared/questions';
import { apiPath, apiSend, useQuestion } from '../api';
import { DropButton } from '../common/DropButton';
import { FormActions } from '../common/FormActions';
import { LoadState } from '../common/LoadState';
import { QuestionPage } from '../common/QuestionPage';
import { questionResolver } from '../common/resolver';
import { useSubmitQuestion } from '../common/useSubmitQuestion';
import { WhereUsedButton } from '../common/WhereUsed';
import { ClosedInputs } from './ClosedInputs';

const LIST = '/resources?tab=closed';

/** /resources/closed-questions/create: the question and its first options; then its answers screen. */
export function ClosedCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const submit = useSubmitQuestion(
    (values: Record<string, unknown>) => apiSend<ClosedQuestion>('POST', apiPath(P.closed.create), values),
    (q) => navigate(`/resources/closed-questions/${(q as ClosedQuestion).id}/answers`),
  );
  return (
    <QuestionPage title={translate('resources.questions.titles.createClosed')} back={LIST}>
      <Form
        defaultValues={{ label: '', text: '', courseId: null, options: [{ text: '', correct: true }, { text: '', correct: false }] }}
        resolver={questionResolver(closedQuestionInput)}
        onSubmit={submit}
      >
        <ClosedInputs withOptions />
        <FormActions cancel={LIST} />
      </Form>
    </QuestionPage>
  );
}

/** /resources/closed-questions/{questionId}/edit: the question itself (answers have their own screens). */
export function ClosedEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { questionId } = useParams();
  const { data, isPending, error, refetch } = useQuestion<ClosedQuestion>('closed', questionId);
  const submit = useSubmitQuestion(
    (values: Record<string, unknown>) =>
      apiSend('PUT', apiPath(P.closed.update, { id: questionId! }), { label: values.label, text: values.text, courseId: values.courseId ?? null, choiceMode: values.choiceMode }),
    () => navigate(LIST),
  );
  return (
    <QuestionPage
      title={translate('resources.questions.titles.editClosed')}
      back={LIST}
      actions={data && (
        <>
          <Button component={Link} to={`/resources/closed-questions/${data.id}/answers`}>
            {translate('resources.questions.actions.answers')}
          </Button>
          <WhereUsedButton kind="closed" id={data.id} size="medium" />
          <DropButton path={P.closed.drop} params={{ id: data.id }} onDone={() => navigate(LIST)} />
        </>
      )}
    >
      <LoadState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <Form defaultValues={{ label: data.label, text: data.text, courseId: data.courseId, choiceMode: data.choiceMode }} resolver={questionResolver(closedQuestionUpdate)} onSubmit={submit}>
            <ClosedInputs withOptions={false} />
            <FormActions cancel={LIST} />
          </Form>
        )}
      </LoadState>
    </QuestionPage>
  );
}
