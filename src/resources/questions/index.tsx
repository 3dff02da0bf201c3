import type { ComponentType } from 'react';
import { closedQuestionAnswers, questionBanks } from '../../../shared/resources/questions';
import type { QuestionKind } from '../../../shared/questions';
import { resourceFromDeclaration, type ResourceRoute } from '../factory';
import { QuestionBanks } from './banks/QuestionBanks';
import { ClosedAnswers } from './closed/ClosedAnswers';
import { AnswerCreate, AnswerEdit } from './closed/AnswerForms';
import { ClosedCreate, ClosedEdit } from './closed/ClosedForms';
import { CodeCreate, CodeEdit } from './code/CodeForms';
import { FreeCreate, FreeEdit } from './free/FreeForms';
import { MatchingCreate, MatchingEdit } from './matching/MatchingForms';
import { answerPaths, bankPaths, QUESTION_BANKS_PATH } from './paths';
import { SequenceCreate, SequenceEdit } from './sequence/SequenceForms';

export { questionBanksEn, questionBanksRu, questionBankResourcesEn, questionBankResourcesRu } from './i18n';

/** Each kind's create and edit screens (files beside the declaration's defaults: the forms differ by kind). */
const screens: Record<QuestionKind, { create: ComponentType; edit: ComponentType }> = {
  closed: { create: ClosedCreate, edit: ClosedEdit },
  free: { create: FreeCreate, edit: FreeEdit },
  matching: { create: MatchingCreate, edit: MatchingEdit },
  sequence: { create: SequenceCreate, edit: SequenceEdit },
  code: { create: CodeCreate, edit: CodeEdit },
};

/**
 * The question banks' screens (spec 1 §2.10) at the spec's paths: /resources (a tab per kind
 * and the Excel import), each kind's create and edit under /resources/<its resource's name>,
 * and a closed question's answers. Guards come from the shared table (/resources:
 * TrainingSettings; /resources/sequence-questions/**: OnlyEditSettings or TrainingSettings).
 */
export const questionBankRoutes: ResourceRoute[] = [
  { path: QUESTION_BANKS_PATH, element: <QuestionBanks /> },
  ...(Object.keys(screens) as QuestionKind[]).flatMap(
    (kind) => resourceFromDeclaration(questionBanks[kind], { ...screens[kind], paths: bankPaths(kind) }).routes,
  ),
  { path: answerPaths.list, element: <ClosedAnswers /> },
  ...resourceFromDeclaration(closedQuestionAnswers, { create: AnswerCreate, edit: AnswerEdit, paths: answerPaths }).routes,
];
