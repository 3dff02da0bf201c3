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
import type { RuleKey } from '../permissions';
import { defineResource, type HttpRequestParts, type ListRequest, type ObjectSchema, type ResourceDeclaration } from './define';
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

type BankCalls = { list: CallSpec; get: CallSpec; create: CallSpec; update: CallSpec; drop: CallSpec };

/** A bank: its record and input schemas, its rule, and its list, get, create, update and drop calls. */
function bank<Rec extends ObjectSchema, Create extends ObjectSchema, Update extends ObjectSchema = Create>(
  name: string,
  rule: RuleKey,
  schema: { record: Rec; create: Create; update?: Update },
  calls: BankCalls,
) {
  return defineResource<Rec, Create, Update>({
    name,
    schema,
    rule,
    api: {
      conventions: 'calls',
      operations: {
        getList: { call: calls.list, request: bankListRequest, response: fromListAnswer },
        getOne: { call: calls.get },
        create: { call: calls.create },
        update: { call: calls.update },
        delete: { call: calls.drop },
      },
    },
    // every record has `label` and `courseId` (questionBase)
    ui: bankUi as ResourceDeclaration<Rec>['ui'],
  });
}

export const closedQuestions = bank('closed-questions', 'resources', { record: closedQuestionRecord, create: closedQuestionInput, update: closedQuestionUpdate }, closedQuestionCalls);
export const freeQuestions = bank('free-questions', 'resources', { record: freeQuestionRecord, create: freeQuestionInput }, freeQuestionCalls);
export const matchingQuestions = bank('matching-questions', 'resources', { record: matchingQuestionRecord, create: matchingQuestionInput }, matchingQuestionCalls);
export const sequenceQuestions = bank('sequence-questions', 'sequenceQuestions', { record: sequenceQuestionRecord, create: sequenceQuestionInput }, sequenceQuestionCalls);
/** Create and update take JSON here; the screens send the multipart form (new files) through the calls. */
export const codeQuestions = bank('code-questions', 'resources', { record: codeQuestionRecord, create: codeQuestionInput }, codeQuestionCalls);

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
