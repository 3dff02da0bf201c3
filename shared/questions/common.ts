/**
 * What every question bank shares (spec 2 §3.1, §4; spec 3 §7.8): limits, the kinds, the list
 * query, the fields of every question, "where used" and the Excel import's answer.
 *
 * The program a question belongs to is `courseId` on the wire (the API says "Course" for a
 * program; the code form sends it as `CourseId`); null = a question shared by all programs.
 * zod messages are server i18n keys (`validation.*`, `questions.*`).
 */
import { z } from 'zod';
import { messages as m } from '../resources/define';

export const LABEL_MAX = 500;
export const TEXT_MAX = 20_000;
export const ITEM_TEXT_MAX = 2000;
export const MAX_OPTIONS = 50;
export const MAX_MATCH_TARGETS = 50;
export const MAX_MATCH_OPTIONS = 100;
export const MAX_SEQUENCE_ITEMS = 50;
export const MAX_CORRECT_VALUES = 50;
/** spec 2 §6: a text area holds at most 500 characters */
export const TEXTAREA_MAX = 500;
export const CODE_MAX = 64 * 1024;
export const TEST_CASE_TEXT_MAX = 64 * 1024;
export const MAX_TEST_CASES = 50;
export const CODE_FILES_MAX = 20;
export const CODE_FILE_MAX_BYTES = 1024 * 1024;
/** the Excel import: file size and rows */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;

export const QUESTION_KINDS = ['closed', 'free', 'matching', 'sequence', 'code'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** The API words of each kind (paths say answers / free / matches / sequences / code). */
export const questionKindAliases: Record<string, QuestionKind> = {
  closed: 'closed', answers: 'closed', answer: 'closed', choice: 'closed',
  free: 'free',
  matching: 'matching', matches: 'matching', match: 'matching',
  sequence: 'sequence', sequences: 'sequence',
  code: 'code',
};

export const label = z.string(m.type).trim().min(1, m.required).max(LABEL_MAX, m.tooLong);
/** rich text (sanitised by the server); may be empty */
export const text = z.string(m.type).max(TEXT_MAX, m.tooLong).default('');
export const itemText = z.string(m.type).trim().min(1, m.required).max(ITEM_TEXT_MAX, m.tooLong);
/** the program (API "Course"); null = shared by all programs */
export const courseId = z.number(m.type).int(m.type).positive(m.tooSmall).nullable().default(null);
export const optionalId = z.number(m.type).int(m.type).positive(m.tooSmall).optional();

/** An item of a list a question keeps (answers refer to its id): with its id to keep it, without to add it. */
export const keptItem = z.object({ id: optionalId, text: itemText });

/** Refuses an id sent twice in one list of kept items (`items.2.id`). */
export function refineUniqueIds(items: ReadonlyArray<{ id?: number }>, path: string, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  items.forEach((it, i) => {
    if (it.id === undefined) return;
    if (seen.has(it.id)) ctx.addIssue({ code: 'custom', path: [path, i, 'id'], message: 'validation.invalid' });
    seen.add(it.id);
  });
}

const listFields = {
  /** the program (API "Course"); absent = every program the caller sees */
  courseId: z.coerce.number(m.type).int(m.type).positive(m.tooSmall),
  search: z.string(m.type).max(200, m.tooLong),
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(100, m.tooBig),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1_000_000, m.tooBig),
};

/** The query string of a bank list call: every part optional (a JSON body may carry them too). */
export const questionListFilter = z.object(listFields).partial();

/** POST .../list: query and/or JSON body of every bank list, merged (the query wins), with the defaults. */
export const questionListQuery = z.object({
  courseId: listFields.courseId.optional(),
  search: listFields.search.optional(),
  take: listFields.take.default(20),
  skip: listFields.skip.default(0),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;

/** The fields of every question record. */
export const questionBase = {
  id: z.number().int(),
  label: z.string(),
  text: z.string(),
  courseId: z.number().int().nullable(),
};

/** What a drop answers: the id of what went. */
export interface Dropped {
  id: number;
}

// ------------------------------------------------------------------ where used, import

export const usedRecord = z.object({
  used: z.boolean(),
  slides: z.array(
    z.object({
      slideId: z.number().int(),
      slideLabel: z.string(),
      exerciseId: z.number().int(),
      exerciseLabel: z.string(),
      lessonId: z.number().int(),
      lessonLabel: z.string(),
      programId: z.number().int(),
      programLabel: z.string(),
    }),
  ),
});
export type WhereUsed = z.infer<typeof usedRecord>;

/** A refused import: every bad row with its reasons (nothing was imported). */
export interface ImportRowProblem {
  /** the row number as Excel shows it */
  row: number;
  messages: string[];
}

/** Question files a bank is exchanged in (besides the Excel sheet). */
export const QUESTION_FILE_FORMATS = ['gift', 'moodle', 'qti'] as const;
export type QuestionFileFormat = (typeof QUESTION_FILE_FORMATS)[number];

/** What a question file held that ELP could not take (kept: imported without that part). */
export const importNote = z.object({
  number: z.number().int(),
  title: z.string(),
  kept: z.boolean(),
  /** translated reason */
  reason: z.string(),
});
export type ImportNote = z.infer<typeof importNote>;

export const importAnswer = z.object({
  imported: z.number().int(),
  /** slideId is 0 when the questions went to the bank only */
  questions: z.array(z.object({ row: z.number().int(), kind: z.enum(QUESTION_KINDS), questionId: z.number().int(), slideId: z.number().int() })),
  format: z.enum(['xlsx', ...QUESTION_FILE_FORMATS]).optional(),
  /** the import report: questions not imported, and parts not carried over */
  notes: z.array(importNote).optional(),
  /** the file's categories and how many questions each held (they all go to the chosen bank) */
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })).optional(),
});
export type ImportAnswer = z.infer<typeof importAnswer>;

/** Columns of the import sheet, in order (header texts are translated in the template). */
export const IMPORT_COLUMNS = [
  'kind',
  'label',
  'text',
  /** closed: options, one per line; sequence: items in order; matching: "option = target" lines */
  'options',
  /** closed: numbers of the correct options, e.g. "1" or "1, 3" */
  'correct',
  /** free: string | text | integer | float | date | boolean */
  'inputType',
  /** free: accepted answers, one per line */
  'answers',
  /** code: starter code */
  'code',
  'input1', 'output1',
  'input2', 'output2',
  'input3', 'output3',
  'input4', 'output4',
  'input5', 'output5',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
