import Quiz from '@mui/icons-material/Quiz';
import { Route } from 'react-router-dom';
import type { ResourceEntry } from '../factory';
import { ClosedAnswers } from './closed/ClosedAnswers';
import { ClosedCreate, ClosedEdit } from './closed/ClosedForms';
import { OptionCreate, OptionEdit } from './closed/OptionForms';
import { CodeCreate, CodeEdit } from './code/CodeForms';
import { FreeCreate, FreeEdit } from './free/FreeForms';
import { QuestionBanks } from './list/QuestionBanks';
import { MatchingCreate, MatchingEdit } from './matching/MatchingForms';
import { SequenceCreate, SequenceEdit } from './sequence/SequenceForms';

export { questionsEn, questionsRu } from './i18n';

/**
 * The question banks (spec 1 §2.10) under /resources: the list page has a tab per kind and
 * the Excel import; each kind has /create and /{questionId}/edit, closed questions also
 * their answers screens. Guards come from the shared table (/resources: TrainingSettings;
 * /resources/sequence-questions/**: OnlyEditSettings or TrainingSettings).
 */
export const questionRoutes = [
  ['closed-questions/create', ClosedCreate],
  ['closed-questions/:questionId/edit', ClosedEdit],
  ['closed-questions/:questionId/answers', ClosedAnswers],
  ['closed-questions/:questionId/answer/create', OptionCreate],
  ['closed-questions/:questionId/answers/:answerId/edit', OptionEdit],
  ['free-questions/create', FreeCreate],
  ['free-questions/:questionId/edit', FreeEdit],
  ['matching-questions/create', MatchingCreate],
  ['matching-questions/:questionId/edit', MatchingEdit],
  ['sequence-questions/create', SequenceCreate],
  ['sequence-questions/:questionId/edit', SequenceEdit],
  ['code-questions/create', CodeCreate],
  ['code-questions/:questionId/edit', CodeEdit],
] as const;

export const questionBanks: ResourceEntry = {
  name: 'resources',
  list: QuestionBanks,
  icon: Quiz,
  options: { label: 'resources.questions.name' },
  children: questionRoutes.map(([path, Page]) => <Route key={path} path={path} element={<Page />} />),
};
