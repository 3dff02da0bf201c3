import type { FieldValues } from 'react-hook-form';
import { freeQuestionCalls } from '../../../../shared/calls/questions';
import { InputValueType } from '../../../../shared/enums';
import { freeQuestions } from '../../../../shared/resources/questions';
import { useCall } from '../../../http/queries';
import { PageState } from '../../../ui/PageState';
import { DialogButton } from '../common/DialogButton';
import { QuestionCreate, QuestionEdit, type QuestionCreateSpec } from '../common/QuestionScreens';
import type { FormShape } from '../common/resolver';
import { bankPaths } from '../paths';
import { FreeInputs } from './FreeInputs';
import { FreePreview } from './FreePreview';

const paths = bankPaths('free');

/**
 * The accepted answers are typed one per line (blank lines dropped; their errors show on that
 * box); dates and booleans have no bounds.
 */
const shape: FormShape = {
  toBody: (values: FieldValues) => {
    const inputType = Number(values.inputType);
    const bounded = inputType !== InputValueType.boolean && inputType !== InputValueType.date;
    return {
      ...values,
      inputType,
      correctValues: ((values.correctValues ?? []) as string[]).map((s) => s.trim()).filter(Boolean),
      caseSensitive: Boolean(values.caseSensitive),
      min: bounded ? (values.min ?? null) : null,
      max: bounded ? (values.max ?? null) : null,
    };
  },
  fieldOf: (path) => (path[0] === 'correctValues' ? ['correctValues'] : path),
};

export const freeCreate: QuestionCreateSpec = {
  decl: freeQuestions,
  title: 'questionBanks.titles.createFree',
  shape,
  defaultValues: { label: '', text: '', courseId: null, inputType: InputValueType.string, correctValues: [], caseSensitive: false, min: null, max: null },
  inputs: <FreeInputs />,
};

/** /resources/free-questions/create */
export function FreeCreate() {
  return <QuestionCreate {...freeCreate} paths={paths} />;
}

/** The server's preview of a saved question. */
function ServerPreview({ id }: { id: number }) {
  const { data, isPending, error, refetch } = useCall(freeQuestionCalls.preview, { params: { id } });
  return (
    <PageState isPending={isPending} error={error} refetch={refetch}>
      {data && <FreePreview preview={data} />}
    </PageState>
  );
}

/** /resources/free-questions/{questionId}/edit */
export function FreeEdit() {
  return (
    <QuestionEdit
      decl={freeQuestions}
      paths={paths}
      kind="free"
      title="questionBanks.titles.editFree"
      shape={shape}
      actions={(q) => (
        <DialogButton label="questionBanks.actions.preview" testId="preview" wide>
          <ServerPreview id={Number(q.id)} />
        </DialogButton>
      )}
    >
      <FreeInputs />
    </QuestionEdit>
  );
}
