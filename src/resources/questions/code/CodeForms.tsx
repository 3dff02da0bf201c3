import { useRecordContext } from 'react-admin';
import { codeQuestionCalls } from '../../../../shared/calls/questions';
import type { CodeQuestion } from '../../../../shared/questions';
import { codeQuestions } from '../../../../shared/resources/questions';
import { callApi } from '../../../http/client';
import { editPath } from '../../factory/paths';
import { QuestionCreate, QuestionEdit, type QuestionCreateSpec } from '../common/QuestionScreens';
import type { FormShape } from '../common/resolver';
import { bankPaths } from '../paths';
import { CodeInputs } from './CodeInputs';
import { codeForm, codePayload } from './codePayload';
import { RunAllTests } from './RunAllTests';

const paths = bankPaths('code');
/** the schema checks the payload; the form goes as multipart (new files) */
const shape: FormShape = { toBody: codePayload };

/** Saved as the multipart form. */
export const codeCreate: QuestionCreateSpec = {
  decl: codeQuestions,
  title: 'questionBanks.titles.createCode',
  shape,
  send: (values) => callApi(codeQuestionCalls.create, { body: codeForm(values) }),
  defaultValues: { label: '', text: '', courseId: null, code: '', keptFileIds: [], newFiles: [], testCases: [{ inputValues: '', outputValue: '', isHidden: false }] },
  inputs: (
    <>
      <CodeInputs />
      <RunAllTests />
    </>
  ),
};

/** /resources/code-questions/create: saved as the multipart form, then opened for editing. */
export function CodeCreate() {
  return <QuestionCreate {...codeCreate} paths={paths} redirectTo={(q) => editPath(codeQuestions.name, paths, q.id)} />;
}

/** /resources/code-questions/{questionId}/edit: files kept unless removed here, new ones added, test cases replaced. */
export function CodeEdit() {
  return (
    <QuestionEdit
      decl={codeQuestions}
      paths={paths}
      title="questionBanks.titles.editCode"
      shape={shape}
      send={(values, q) => callApi(codeQuestionCalls.update, { params: { id: q!.id }, body: codeForm(values, { edit: true }) })}
      formDefaults={(q) => ({ keptFileIds: (q as CodeQuestion).files.map((f) => f.id), newFiles: [] })}
      kind="code"
    >
      <CodeEditInputs />
    </QuestionEdit>
  );
}

/** The inputs with the record's saved files, and the run of its tests. */
function CodeEditInputs() {
  const q = useRecordContext<CodeQuestion>();
  return (
    <>
      <CodeInputs savedFiles={q?.files ?? []} />
      <RunAllTests questionId={q?.id} />
    </>
  );
}
