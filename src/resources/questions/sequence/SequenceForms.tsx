import { ArrayInput, Form, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { ITEM_TEXT_MAX, LABEL_MAX, questionPaths as P, sequenceQuestionInput, type SequenceQuestion } from '../../../../shared/questions';
import { RichTextInput } from '../../richText';
import { apiPath, apiSend, useQuestion } from '../api';
import { DropButton } from '../common/DropButton';
import { FormActions } from '../common/FormActions';
import { LoadState } from '../common/LoadState';
import { ProgramInput } from '../common/ProgramInput';
import { QuestionPage } from '../common/QuestionPage';
import { questionResolver } from '../common/resolver';
import { useBackTo } from '../common/useBackTo';
import { useSubmitQuestion } from '../common/useSubmitQuestion';
import { WhereUsedButton } from '../common/WhereUsed';

const BANK = '/resources?tab=sequence';

const payload = (v: FieldValues) => ({
  label: v.label,
  text: v.text ?? '',
  courseId: v.courseId ?? null,
  items: ((v.items ?? []) as { id?: number; text: string }[]).map((i) => ({ ...(i.id ? { id: i.id } : {}), text: i.text ?? '' })),
});
const resolver = (values: FieldValues, context: unknown, options: never) => questionResolver(sequenceQuestionInput)(payload(values), context, options);

/** Fields of a sequence question: the items in their correct order (reorder with the arrows). */
function SequenceInputs() {
  return (
    <>
      <TextInput source="label" label="resources.questions.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <RichTextInput source="text" label="resources.questions.fields.text" />
      <ProgramInput />
      <ArrayInput source="items" label="resources.questions.fields.items" helperText="resources.questions.help.items">
        <SimpleFormIterator inline>
          <TextInput source="text" label="resources.questions.fields.itemText" inputProps={{ maxLength: ITEM_TEXT_MAX }} sx={{ minWidth: 360 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** /resources/sequence-questions/create */
export function SequenceCreate() {
  const translate = useTranslate();
  const LIST = useBackTo(BANK);
  const navigate = useNavigate();
  const submit = useSubmitQuestion((v: FieldValues) => apiSend('POST', apiPath(P.sequence.create), payload(v)), () => navigate(LIST));
  return (
    <QuestionPage title={translate('resources.questions.titles.createSequence')} back={LIST}>
      <Form defaultValues={{ label: '', text: '', courseId: null, items: [{ text: '' }, { text: '' }] }} resolver={resolver as never} onSubmit={submit}>
        <SequenceInputs />
        <FormActions cancel={LIST} />
      </Form>
    </QuestionPage>
  );
}

/** /resources/sequence-questions/{questionId}/edit */
export function SequenceEdit() {
  const translate = useTranslate();
  const LIST = useBackTo(BANK);
  const navigate = useNavigate();
  const { questionId } = useParams();
  const { data, isPending, error, refetch } = useQuestion<SequenceQuestion>('sequence', questionId);
  const submit = useSubmitQuestion((v: FieldValues) => apiSend('PUT', apiPath(P.sequence.edit, { id: questionId! }), payload(v)), () => navigate(LIST));
  return (
    <QuestionPage
      title={translate('resources.questions.titles.editSequence')}
      back={LIST}
      actions={data && (
        <>
          <WhereUsedButton kind="sequence" id={data.id} size="medium" />
          <DropButton path={P.sequence.drop} params={{ id: data.id }} onDone={() => navigate(LIST)} />
        </>
      )}
    >
      <LoadState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <Form
            defaultValues={{ label: data.label, text: data.text, courseId: data.courseId, items: data.items.map((i) => ({ id: i.id, text: i.text })) }}
            resolver={resolver as never}
            onSubmit={submit}
          >
            <SequenceInputs />
            <FormActions cancel={LIST} />
          </Form>
        )}
      </LoadState>
    </QuestionPage>
  );
}
