import type { QuestionKind } from '../../../shared/questions/common';

/**
 * The question banks' screens (spec 1 §2.10), a light module: the app registers these routes
 * without loading the screens. Each kind's screens sit under /resources at its resource's name
 * (shared/resources/questions.ts); the banks' list is a tab of /resources.
 */
export const QUESTION_BANKS_PATH = '/resources';

export const bankSegments: Record<QuestionKind, string> = {
  closed: 'closed-questions',
  free: 'free-questions',
  matching: 'matching-questions',
  sequence: 'sequence-questions',
  code: 'code-questions',
};

/** A kind's screens: its tab of the banks, create and edit. */
export function bankPaths(kind: QuestionKind) {
  const base = `${QUESTION_BANKS_PATH}/${bankSegments[kind]}`;
  return { list: `${QUESTION_BANKS_PATH}?tab=${kind}`, create: `${base}/create`, edit: `${base}/:id/edit` };
}

/** The answers of a closed question. */
export const answerPaths = {
  list: `${QUESTION_BANKS_PATH}/closed-questions/:questionId/answers`,
  create: `${QUESTION_BANKS_PATH}/closed-questions/:questionId/answer/create`,
  edit: `${QUESTION_BANKS_PATH}/closed-questions/:questionId/answers/:id/edit`,
};

/** Every route of the banks' screens. */
export const questionBankRoutePaths: string[] = [
  QUESTION_BANKS_PATH,
  ...(Object.keys(bankSegments) as QuestionKind[]).flatMap((kind) => [bankPaths(kind).create, bankPaths(kind).edit]),
  answerPaths.list,
  answerPaths.create,
  answerPaths.edit,
];
