import { BooleanInput, TextInput } from 'react-admin';
import { ITEM_TEXT_MAX } from '../../../../shared/questions';
import { closedQuestionAnswers } from '../../../../shared/resources/questions';
import { QuestionCreate, QuestionEdit } from '../common/QuestionScreens';
import { answerPaths } from '../paths';

function AnswerInputs() {
  return (
    <>
      <TextInput source="text" label="questionBanks.fields.optionText" fullWidth multiline inputProps={{ maxLength: ITEM_TEXT_MAX }} />
      <BooleanInput source="correct" label="questionBanks.fields.correct" helperText="questionBanks.help.correct" />
    </>
  );
}

/** /resources/closed-questions/{questionId}/answer/create */
export function AnswerCreate() {
  return (
    <QuestionCreate decl={closedQuestionAnswers} paths={answerPaths} title="questionBanks.titles.createAnswer" defaultValues={{ text: '', correct: false }} inputs={<AnswerInputs />} />
  );
}

/** /resources/closed-questions/{questionId}/answers/{answerId}/edit */
export function AnswerEdit() {
  return (
    <QuestionEdit decl={closedQuestionAnswers} paths={answerPaths} title="questionBanks.titles.editAnswer" notFound="questionBanks.messages.answerNotFound">
      <AnswerInputs />
    </QuestionEdit>
  );
}
