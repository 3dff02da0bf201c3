import { matchingQuestions } from '../../../../shared/resources/questions';
import { QuestionCreate, QuestionEdit, type QuestionCreateSpec } from '../common/QuestionScreens';
import { bankPaths } from '../paths';
import { MatchingInputs } from './MatchingInputs';

const paths = bankPaths('matching');

export const matchingCreate: QuestionCreateSpec = {
  decl: matchingQuestions,
  title: 'questionBanks.titles.createMatching',
  defaultValues: { label: '', text: '', courseId: null, targets: [{ text: '' }, { text: '' }], options: [{ text: '', target: 0 }, { text: '', target: 1 }] },
  inputs: <MatchingInputs />,
};

/** /resources/matching-questions/create */
export function MatchingCreate() {
  return <QuestionCreate {...matchingCreate} paths={paths} />;
}

/** /resources/matching-questions/{questionId}/edit: targets and options keep their ids (students' answers refer to them). */
export function MatchingEdit() {
  return (
    <QuestionEdit decl={matchingQuestions} paths={paths} kind="matching" title="questionBanks.titles.editMatching">
      <MatchingInputs />
    </QuestionEdit>
  );
}
