import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { closedQuestionAnswers, closedQuestions } from '../../../../shared/resources/questions';
import { listPath } from '../../factory/paths';
import { QuestionCreate, QuestionEdit, type QuestionCreateSpec } from '../common/QuestionScreens';
import { answerPaths, bankPaths } from '../paths';
import { ClosedInputs } from './ClosedInputs';

const paths = bankPaths('closed');
const answersOf = (id: number | string) => listPath(closedQuestionAnswers.name, answerPaths, { questionId: id });

/** A closed question with its first answers. */
export const closedCreate: QuestionCreateSpec = {
  decl: closedQuestions,
  title: 'questionBanks.titles.createClosed',
  defaultValues: { label: '', text: '', courseId: null, options: [{ text: '', correct: true }, { text: '', correct: false }] },
  inputs: <ClosedInputs withOptions />,
};

/** /resources/closed-questions/create: the question and its first answers; then its answers screen. */
export function ClosedCreate() {
  return <QuestionCreate {...closedCreate} paths={paths} redirectTo={(q) => answersOf(q.id)} />;
}

/** /resources/closed-questions/{questionId}/edit: the question itself (answers have their own screens). */
export function ClosedEdit() {
  const translate = useTranslate();
  return (
    <QuestionEdit
      decl={closedQuestions}
      paths={paths}
      kind="closed"
      title="questionBanks.titles.editClosed"
      actions={(q) => (
        <Button size="small" component={Link} to={answersOf(q.id)}>
          {translate('questionBanks.actions.answers')}
        </Button>
      )}
    >
      <ClosedInputs withOptions={false} />
    </QuestionEdit>
  );
}
