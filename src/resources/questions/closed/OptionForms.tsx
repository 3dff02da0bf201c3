import { useQuery } from '@tanstack/react-query';
import { BooleanInput, Form, TextInput, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { closedOptionInput, ITEM_TEXT_MAX, questionPaths as P, type ClosedOption } from '../../../../shared/questions';
import { apiGet, apiPath, apiSend, keys, noRetryOn4xx } from '../api';
import { FormActions } from '../common/FormActions';
import { LoadState } from '../common/LoadState';
import { QuestionPage } from '../common/QuestionPage';
import { questionResolver } from '../common/resolver';
import { useSubmitQuestion } from '../common/useSubmitQuestion';

function OptionInputs() {
  return (
    <>
      <TextInput source="text" label="resources.questions.fields.optionText" fullWidth multiline inputProps={{ maxLength: ITEM_TEXT_MAX }} />
      <BooleanInput source="correct" label="resources.questions.fields.correct" helperText="resources.questions.help.correct" />
    </>
  );
}

/** /resources/closed-questions/{questionId}/answer/create */
export function OptionCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { questionId } = useParams();
  const back = `/resources/closed-questions/${questionId}/answers`;
  const submit = useSubmitQuestion((values: Record<string, unknown>) => apiSend('POST', apiPath(P.closed.optionCreate, { id: questionId! }), values), () => navigate(back));
  return (
    <QuestionPage title={translate('resources.questions.titles.createAnswer')} back={back}>
      <Form defaultValues={{ text: '', correct: false }} resolver={questionResolver(closedOptionInput)} onSubmit={submit}>
        <OptionInputs />
        <FormActions cancel={back} />
      </Form>
    </QuestionPage>
  );
}

/** /resources/closed-questions/{questionId}/answers/{answerId}/edit */
export function OptionEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { questionId, answerId } = useParams();
  const back = `/resources/closed-questions/${questionId}/answers`;
  const path = apiPath(P.closed.optionEdit, { id: questionId!, optionId: answerId! });
  const { data, isPending, error, refetch } = useQuery({
    queryKey: [...keys.one('closed', questionId!), 'option', answerId],
    queryFn: () => apiGet<ClosedOption>(path),
    retry: noRetryOn4xx,
  });
  const submit = useSubmitQuestion((values: Record<string, unknown>) => apiSend('PUT', path, { text: values.text, correct: values.correct }), () => navigate(back));
  return (
    <QuestionPage title={translate('resources.questions.titles.editAnswer')} back={back}>
      <LoadState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <Form defaultValues={{ text: data.text, correct: data.correct }} resolver={questionResolver(closedOptionInput)} onSubmit={submit}>
            <OptionInputs />
            <FormActions cancel={back} />
          </Form>
        )}
      </LoadState>
    </QuestionPage>
  );
}
