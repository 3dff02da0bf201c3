import { Form, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { matchingQuestionInput, questionPaths as P, type MatchingQuestion } from '../../../../shared/questions';
import { apiPath, apiSend, useQuestion } from '../api';
import { DropButton } from '../common/DropButton';
import { FormActions } from '../common/FormActions';
import { LoadState } from '../common/LoadState';
import { QuestionPage } from '../common/QuestionPage';
import { questionResolver } from '../common/resolver';
import { useSubmitQuestion } from '../common/useSubmitQuestion';
import { WhereUsedButton } from '../common/WhereUsed';
import { MatchingInputs } from './MatchingInputs';

const LIST = '/resources?tab=matching';

/** The form's values → the API body (ids kept so students' answers stay valid). */
const payload = (v: FieldValues) => ({
  label: v.label,
  text: v.text ?? '',
  courseId: v.courseId ?? null,
  targets: ((v.targets ?? []) as { id?: number; text: string }[]).map((t) => ({ ...(t.id ? { id: t.id } : {}), text: t.text ?? '' })),
  options: ((v.options ?? []) as { id?: number; text: string; target?: number | null }[]).map((o) => ({
    ...(o.id ? { id: o.id } : {}),
    text: o.text ?? '',
    target: o.target ?? null,
  })),
});

const resolver = (values: FieldValues, context: unknown, options: never) => questionResolver(matchingQuestionInput)(payload(values), context, options);

/** /resources/matching-questions/create */
export function MatchingCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const submit = useSubmitQuestion((v: FieldValues) => apiSend('POST', apiPath(P.matching.create), payload(v)), () => navigate(LIST));
  return (
    <QuestionPage title={translate('resources.questions.titles.createMatching')} back={LIST}>
      <Form
        defaultValues={{ label: '', text: '', courseId: null, targets: [{ text: '' }, { text: '' }], options: [{ text: '', target: 0 }, { text: '', target: 1 }] }}
        resolver={resolver as never}
        onSubmit={submit}
      >
        <MatchingInputs />
        <FormActions cancel={LIST} />
      </Form>
    </QuestionPage>
  );
}

/** /resources/matching-questions/{questionId}/edit */
export function MatchingEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { questionId } = useParams();
  const { data, isPending, error, refetch } = useQuestion<MatchingQuestion>('matching', questionId);
  const submit = useSubmitQuestion((v: FieldValues) => apiSend('PUT', apiPath(P.matching.edit, { id: questionId! }), payload(v)), () => navigate(LIST));
  return (
    <QuestionPage
      title={translate('resources.questions.titles.editMatching')}
      back={LIST}
      actions={data && (
        <>
          <WhereUsedButton kind="matching" id={data.id} size="medium" />
          <DropButton path={P.matching.drop} params={{ id: data.id }} onDone={() => navigate(LIST)} />
        </>
      )}
    >
      <LoadState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <Form
            defaultValues={{
              label: data.label,
              text: data.text,
              courseId: data.courseId,
              targets: data.targets.map((t) => ({ id: t.id, text: t.text })),
              options: data.options.map((o) => ({ id: o.id, text: o.text, target: o.target })),
            }}
            resolver={resolver as never}
            onSubmit={submit}
          >
            <MatchingInputs />
            <FormActions cancel={LIST} />
          </Form>
        )}
      </LoadState>
    </QuestionPage>
  );
}
