import { Form, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { codeQuestionInput, questionPaths as P, type CodeQuestion } from '../../../../shared/questions';
import { apiPath, apiSend, useQuestion } from '../api';
import { DropButton } from '../common/DropButton';
import { FormActions } from '../common/FormActions';
import { LoadState } from '../common/LoadState';
import { QuestionPage } from '../common/QuestionPage';
import { questionResolver } from '../common/resolver';
import { useSubmitQuestion } from '../common/useSubmitQuestion';
import { WhereUsedButton } from '../common/WhereUsed';
import { CodeInputs } from './CodeInputs';
import { codeForm, codePayload } from './codePayload';
import { RunAllTests } from './RunAllTests';

const LIST = '/resources?tab=code';

const resolver = (values: FieldValues, context: unknown, options: never) => questionResolver(codeQuestionInput)(codePayload(values), context, options);

/** /resources/code-questions/create */
export function CodeCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const submit = useSubmitQuestion((v: FieldValues) => apiSend<CodeQuestion>('POST', apiPath(P.code.create), codeForm(v)), (q) =>
    navigate(`/resources/code-questions/${(q as CodeQuestion).id}/edit`),
  );
  return (
    <QuestionPage title={translate('resources.questions.titles.createCode')} back={LIST}>
      <Form
        defaultValues={{ label: '', text: '', courseId: null, code: '', keptFileIds: [], newFiles: [], testCases: [{ inputValues: '', outputValue: '', isHidden: false }] }}
        resolver={resolver as never}
        onSubmit={submit}
      >
        <CodeInputs />
        <RunAllTests />
        <FormActions cancel={LIST} />
      </Form>
    </QuestionPage>
  );
}

/** /resources/code-questions/{questionId}/edit */
export function CodeEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { questionId } = useParams();
  const { data, isPending, error, refetch } = useQuestion<CodeQuestion>('code', questionId);
  const submit = useSubmitQuestion((v: FieldValues) => apiSend('PUT', apiPath(P.code.edit, { id: questionId! }), codeForm(v, { edit: true })), () => navigate(LIST));
  return (
    <QuestionPage
      title={translate('resources.questions.titles.editCode')}
      back={LIST}
      actions={data && (
        <>
          <WhereUsedButton kind="code" id={data.id} size="medium" />
          <DropButton path={P.code.drop} params={{ id: data.id }} onDone={() => navigate(LIST)} />
        </>
      )}
    >
      <LoadState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <Form
            key={data.id}
            defaultValues={{
              label: data.label,
              text: data.text,
              courseId: data.courseId,
              code: data.code,
              keptFileIds: data.files.map((f) => f.id),
              newFiles: [],
              testCases: data.testCases.map((c) => ({ inputValues: c.inputValues, outputValue: c.outputValue, isHidden: c.isHidden })),
            }}
            resolver={resolver as never}
            onSubmit={submit}
          >
            <CodeInputs savedFiles={data.files} />
            <RunAllTests questionId={data.id} />
            <FormActions cancel={LIST} />
          </Form>
        )}
      </LoadState>
    </QuestionPage>
  );
}
