import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import {
  closedOptionInput,
  closedOptionRecord,
  closedQuestionInput,
  closedQuestionRecord,
  closedQuestionUpdate,
  codeFileRecord,
  codeQuestionRecord,
  execAllAnswer,
  freeQuestionInput,
  freeQuestionPreview,
  freeQuestionRecord,
  freeTypeRecord,
  importAnswer,
  matchingQuestionInput,
  matchingQuestionRecord,
  questionListFilter,
  QUESTION_FILE_FORMATS,
  sequenceQuestionInput,
  sequenceQuestionRecord,
  usedRecord,
  type Dropped,
} from '../questions';
import { listAnswerOf } from '../resources/paging';

/**
 * The question banks' calls (spec 3 §7.8), the Excel import of questions and its template
 * (§7.6). Rules: 'resources' (TrainingSettings) for every call but the sequence questions
 * ('sequenceQuestions': OnlyEditSettings or TrainingSettings), "where used" of any kind
 * (declared with the looser rule; the server asks 'resources' for the other kinds) and the
 * free-answer types (any signed-in user: the player reads them).
 *
 * Every list is a POST whose query (take, skip, search, courseId = the program) may also come
 * as a JSON body with the same fields; the query wins.
 */
const TAG = 'question-banks';
const Q = '/api/questions';
const rule = 'resources' as const;
const list = { method: 'POST', query: questionListFilter } as const;
const dropped = returns<Dropped>();

export const closedQuestionCalls = defineCalls(TAG, {
  list: { ...list, path: `${Q}/answers/list`, rule, response: listAnswerOf(closedQuestionRecord) },
  create: { method: 'POST', reads: true, path: `${Q}/answers`, rule, body: closedQuestionInput, status: 201, response: closedQuestionRecord },
  /** the question's own fields; its answers have their own calls */
  update: { method: 'PUT', path: `${Q}/answers/{id}`, rule, body: closedQuestionUpdate, response: closedQuestionRecord },
  get: { method: 'GET', path: `${Q}/answers/{id}/edit`, rule, response: closedQuestionRecord },
  used: { method: 'GET', path: `${Q}/answers/{id}/used`, rule, response: usedRecord },
  drop: { method: 'DELETE', path: `${Q}/answers/{id}/Drop`, rule, response: dropped },
}, 'closed-questions');

/** The answers (options) of a closed question, in their order (1-based `sequence`, no gaps). */
export const closedAnswerCalls = defineCalls(TAG, {
  list: { method: 'GET', path: `${Q}/answers/{questionId}/options`, rule, response: z.array(closedOptionRecord) },
  create: { method: 'POST', path: `${Q}/{questionId}/Options/Create`, rule, body: closedOptionInput, status: 201, response: closedOptionRecord },
  get: { method: 'GET', path: `${Q}/{questionId}/Options/{optionId}/Edit`, rule, response: closedOptionRecord },
  update: { method: 'PUT', path: `${Q}/{questionId}/Options/{optionId}/Edit`, rule, body: closedOptionInput, response: closedOptionRecord },
  drop: { method: 'DELETE', path: `${Q}/{questionId}/Options/{optionId}/Drop`, rule, response: dropped },
  /** moves the answer to position {n} (1-based); answers the answers in their new order */
  move: { method: 'POST', path: `${Q}/{questionId}/answers/{optionId}/sequence/{n}`, rule, response: z.array(closedOptionRecord) },
}, 'closed-answers');

export const freeQuestionCalls = defineCalls(TAG, {
  /** the typed input kinds, named in the caller's language (spec 3 §7.4: the player reads them too) */
  types: { method: 'GET', path: `${Q}/free/types`, rule: 'signedIn', response: z.array(freeTypeRecord) },
  list: { ...list, path: `${Q}/free/list`, rule, response: listAnswerOf(freeQuestionRecord) },
  create: { method: 'POST', reads: true, path: `${Q}/free`, rule, body: freeQuestionInput, status: 201, response: freeQuestionRecord },
  update: { method: 'PUT', path: `${Q}/free/{id}`, rule, body: freeQuestionInput, response: freeQuestionRecord },
  get: { method: 'GET', path: `${Q}/free/{id}/edit`, rule, response: freeQuestionRecord },
  /** the question as a student sees it (no correct values) */
  preview: { method: 'GET', path: `${Q}/free/{id}/preview`, rule, response: freeQuestionPreview },
  drop: { method: 'DELETE', path: '/api/Questions/Free/{id}/Drop', rule, response: dropped },
}, 'free-questions');

export const matchingQuestionCalls = defineCalls(TAG, {
  list: { ...list, path: `${Q}/matches/list`, rule, response: listAnswerOf(matchingQuestionRecord) },
  create: { method: 'POST', reads: true, path: `${Q}/matches/Create`, rule, body: matchingQuestionInput, status: 201, response: matchingQuestionRecord },
  get: { method: 'GET', path: `${Q}/matches/{id}/Edit`, rule, response: matchingQuestionRecord },
  update: { method: 'PUT', path: `${Q}/matches/{id}/Edit`, rule, body: matchingQuestionInput, response: matchingQuestionRecord },
  drop: { method: 'DELETE', path: `${Q}/matches/{id}/Drop`, rule, response: dropped },
}, 'matching-questions');

const sequenceRule = 'sequenceQuestions' as const;
export const sequenceQuestionCalls = defineCalls(TAG, {
  list: { ...list, path: `${Q}/sequences/list`, rule: sequenceRule, response: listAnswerOf(sequenceQuestionRecord) },
  create: { method: 'POST', reads: true, path: `${Q}/Sequences/Create`, rule: sequenceRule, body: sequenceQuestionInput, status: 201, response: sequenceQuestionRecord },
  get: { method: 'GET', path: `${Q}/Sequences/{id}/Edit`, rule: sequenceRule, response: sequenceQuestionRecord },
  update: { method: 'PUT', path: `${Q}/Sequences/{id}/Edit`, rule: sequenceRule, body: sequenceQuestionInput, response: sequenceQuestionRecord },
  drop: { method: 'DELETE', path: `${Q}/Sequences/{id}/Drop`, rule: sequenceRule, response: dropped },
}, 'sequence-questions');

/**
 * Code questions. Create and update take the form of spec 3 §7.8 as multipart (label, code,
 * CourseId, text, Files = new files, FilesId = kept files, testCases) or as JSON
 * (`codeQuestionInput`); the server parses either (server/modules/questions/codeForm.ts).
 */
export const codeQuestionCalls = defineCalls(TAG, {
  list: { ...list, path: `${Q}/code/list`, rule, response: listAnswerOf(codeQuestionRecord) },
  create: { method: 'POST', reads: true, path: `${Q}/code/Create`, rule, bodyKind: 'multipart', status: 201, response: codeQuestionRecord },
  get: { method: 'GET', path: `${Q}/code/{id}/Edit`, rule, response: codeQuestionRecord },
  update: { method: 'PUT', path: `${Q}/code/{id}/Edit`, rule, bodyKind: 'multipart', response: codeQuestionRecord },
  drop: { method: 'DELETE', path: '/api/Questions/code/{id}/Drop', rule, response: dropped },
  /** runs code against test cases in the sandbox (`execAllInput`, JSON or multipart with files) */
  execAll: { method: 'POST', reads: true, path: `${Q}/code/execAllTextCases`, rule, bodyKind: 'multipart', response: execAllAnswer },
  files: { method: 'GET', path: `${Q}/{id}/code/getAllFiles`, rule, response: z.array(codeFileRecord) },
  dropFile: { method: 'DELETE', path: `${Q}/{id}/code/dropFile/{fileId}`, rule, response: dropped },
}, 'code-questions');

export const questionCalls = defineCalls(TAG, {
  /** where a question of any kind is used; query `type` (or `kind`) = closed | free | matching | sequence | code */
  used: {
    method: 'GET',
    path: `${Q}/{id}/used`,
    rule: sequenceRule,
    query: z.object({ type: z.string().optional(), kind: z.string().optional() }),
    response: usedRecord,
  },
  /** a reflection question of an exercise the caller sees */
  reflectionDrop: { method: 'DELETE', path: '/api/reflection/questions/{id}', rule, response: dropped },
  /** multipart `file`: an .xlsx whose rows become bank questions of the program and slides of the exercise */
  import: {
    method: 'POST',
    path: '/api/instructors/Courses/{programId}/Exercises/{exerciseId}/Pages/LoadQuestions',
    rule,
    bodyKind: 'multipart',
    response: importAnswer,
  },
  /**
   * multipart `file`: a question file (GIFT, Moodle XML, a QTI 2.1 package or item, or the .xlsx
   * sheet; the format is found from the content) whose questions join the program's bank.
   * The answer is the import report: what was not imported and why.
   */
  fileImport: { method: 'POST', path: `${Q}/files/import/{programId}`, rule, bodyKind: 'multipart', response: importAnswer },
  /** the program's bank as a question file (a download: GIFT text, Moodle XML or a QTI zip) */
  fileExport: {
    method: 'GET',
    path: `${Q}/files/export/{programId}`,
    rule,
    query: z.object({ format: z.enum(QUESTION_FILE_FORMATS) }),
  },
  /** the import's .xlsx template, in the caller's language (a download, not JSON) */
  importTemplate: { method: 'GET', path: '/api/Instructors/Templates/GetLoadQuestionsTemplate', rule },
});
