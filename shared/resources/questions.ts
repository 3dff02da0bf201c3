import {
  closedAnswerCalls,
  closedQuestionCalls,
  codeQuestionCalls,
  freeQuestionCalls,
  matchingQuestionCalls,
  sequenceQuestionCalls,
} from '../calls/questions';
import type { CallSpec } from '../http/call';
import {
  closedOptionInput,
  closedOptionRecord,
  closedQuestionInput,
  closedQuestionRecord,
  closedQuestionUpdate,
  codeQuestionInput,
  codeQuestionRecord,
  freeQuestionInput,
  freeQuestionRecord,
  matchingQuestionInput,
  matchingQuestionRecord,
  sequenceQuestionInput,
  sequenceQuestionRecord,
  type ClosedOption,
  type QuestionKind,
} from '../questions';
import { defineResource, type HttpRequestParts, type ListRequest, type ResourceDeclaration } from './define';
import { fromListAnswer } from './paging';

/**
 * The question banks (spec 1 §2.10, spec 3 §7.8): one resource per question kind, named as
 * the screens' paths are (/resources/closed-questions/…), and the answers of a closed question
 * (a resource inside one question). The banks' screen is /resources; the declarations only
 * say which calls serve react-admin's operations.
 */

/** A bank's list: paging, the label search and the program filter (the API's `courseId`). */
function bankListRequest(req: ListRequest): HttpRequestParts {
  const { search, programId } = req.filter as { search?: string; programId?: number };
  return { query: { take: req.take, skip: req.skip, search, courseId: programId } };
}

const bankUi = {
  recordRepresentation: 'label',
  fields: {
    label: { kind: 'text', label: 'questionBanks.fields.label' },
    courseId: { kind: 'number', label: 'questionBanks.fields.courseId' },
  },
  list: {
    columns: [{ source: 'label' }, { source: 'courseId' }],
    filters: [
      { source: 'search', op: 'search', fields: ['label'], alwaysOn: true },
      { source: 'programId', op: 'eq', field: 'courseId', alwaysOn: true, label: 'questionBanks.filters.program' },
    ],
    perPage: 20,
  },
} as const;

/** The operations of a bank: its list, get, create, update and drop calls. */
function bankOperations(calls: { list: CallSpec; get: CallSpec; create: CallSpec; update: CallSpec; drop: CallSpec }) {
  return {
    conventions: 'calls' as const,
    operations: {
      getList: { call: calls.list, request: bankListRequest, response: fromListAnswer },
      getOne: { call: calls.get },
      create: { call: calls.create },
      update: { call: calls.update },
      delete: { call: calls.drop },
    },
  };
}

export const closedQuestions = defineResource({
  name: 'closed-questions',
  schema: { record: closedQuestionRecord, create: closedQuestionInput, update: closedQuestionUpdate },
  rule: 'resources',
  api: bankOperations(closedQuestionCalls),
  ui: bankUi,
});

export const freeQuestions = defineResource({
  name: 'free-questions',
  schema: { record: freeQuestionRecord, create: freeQuestionInput },
  rule: 'resources',
  api: bankOperations(freeQuestionCalls),
  ui: bankUi,
});

export const matchingQuestions = defineResource({
  name: 'matching-questions',
  schema: { record: matchingQuestionRecord, create: matchingQuestionInput },
  rule: 'resources',
  api: bankOperations(matchingQuestionCalls),
  ui: bankUi,
});

export const sequenceQuestions = defineResource({
  name: 'sequence-questions',
  schema: { record: sequenceQuestionRecord, create: sequenceQuestionInput },
  rule: 'sequenceQuestions',
  api: bankOperations(sequenceQuestionCalls),
  ui: bankUi,
});

/** Create and update take JSON here; the screens send the multipart form (new files) through the calls. */
export const codeQuestions = defineResource({
  name: 'code-questions',
  schema: { record: codeQuestionRecord, create: codeQuestionInput },
  rule: 'resources',
  api: bankOperations(codeQuestionCalls),
  ui: bankUi,
});

/** Each kind's bank. */
export const questionBanks: Record<QuestionKind, ResourceDeclaration> = {
  closed: closedQuestions,
  free: freeQuestions,
  matching: matchingQuestions,
  sequence: sequenceQuestions,
  code: codeQuestions,
};

/** The answers of one closed question (`questionId` from the screen's route), in their order. */
export const closedQuestionAnswers = defineResource({
  name: 'closed-question-answers',
  schema: { record: closedOptionRecord, create: closedOptionInput },
  rule: 'resources',
  scope: ['questionId'],
  api: {
    conventions: 'calls',
    operations: {
      // every answer at once: no paging, no query
      getList: { call: closedAnswerCalls.list, request: () => ({}), response: (json) => ({ data: json as ClosedOption[], total: (json as unknown[]).length }) },
      getOne: { call: closedAnswerCalls.get },
      create: { call: closedAnswerCalls.create },
      update: { call: closedAnswerCalls.update },
      delete: { call: closedAnswerCalls.drop },
    },
  },
  ui: {
    recordRepresentation: 'text',
    fields: {
      sequence: { kind: 'number', label: 'questionBanks.fields.number' },
      text: { kind: 'longText', label: 'questionBanks.fields.optionText' },
      correct: { kind: 'boolean', label: 'questionBanks.fields.correct', helperText: 'questionBanks.help.correct' },
    },
    list: { columns: [{ source: 'sequence' }, { source: 'text' }, { source: 'correct' }], sort: { field: 'sequence', order: 'ASC' }, perPage: 100 },
    inputs: ['text', 'correct'],
  },
});
