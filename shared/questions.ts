/**
 * Question banks (spec 2 §3.1, §3.3, §4; spec 3 §7.8): closed (choice), free-answer,
 * matching, sequence and code questions. Input schemas, record shapes and the API paths,
 * shared by the server (server/modules/questions) and the client (src/resources/questions).
 * Plain data and zod only: no React, no Node.
 *
 * One record shape per kind answers both the list and the edit call (react-admin needs it).
 * The program a question belongs to is `courseId` on the wire (the API says "Course" for a
 * program; the code form sends it as `CourseId`); null = a question shared by all programs.
 * zod messages are server i18n keys (`validation.*`, `questions.*`).
 */
import { z } from 'zod';
import { ChoiceMode, InputValueType, SlideContentTypeCode } from './enums';
import { messages as m } from './resources/define';

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

// ------------------------------------------------------------------ paths (spec 3 §7.8, §7.6)

/** The spec's paths; "chosen" marks ones the spec does not show. All answer in any letter case. */
export const questionPaths = {
  closed: {
    /** query courseId (= programId), take, skip, search */
    list: '/api/questions/answers/list',
    create: '/api/questions/answers',
    update: '/api/questions/answers/{id}',
    edit: '/api/questions/answers/{id}/edit',
    drop: '/api/questions/answers/{id}/Drop',
    used: '/api/questions/answers/{id}/used',
    options: '/api/questions/answers/{id}/options',
    optionCreate: '/api/questions/{id}/Options/Create',
    optionEdit: '/api/questions/{id}/Options/{optionId}/Edit',
    optionDrop: '/api/questions/{id}/Options/{optionId}/Drop',
    /** move option {a} of question {q} to position {n} (1-based) */
    optionSequence: '/api/questions/{q}/answers/{a}/sequence/{n}',
  },
  free: {
    list: '/api/questions/free/list',
    create: '/api/questions/free',
    update: '/api/questions/free/{id}',
    edit: '/api/questions/free/{id}/edit',
    preview: '/api/questions/free/{id}/preview',
    drop: '/api/Questions/Free/{id}/Drop',
    /** the typed input kinds (spec 3 §7.4) */
    types: '/api/questions/free/types',
  },
  matching: {
    list: '/api/questions/matches/list',
    create: '/api/questions/matches/Create',
    edit: '/api/questions/matches/{id}/Edit',
    drop: '/api/questions/matches/{id}/Drop',
  },
  sequence: {
    list: '/api/questions/sequences/list',
    create: '/api/questions/Sequences/Create',
    edit: '/api/questions/Sequences/{id}/Edit',
    drop: '/api/questions/Sequences/{id}/Drop',
  },
  code: {
    list: '/api/questions/code/list',
    /** multipart: label, code, CourseId, text, Files (new files), FilesId (kept files), testCases */
    create: '/api/questions/code/Create',
    /** PUT multipart or JSON; GET the record */
    edit: '/api/questions/code/{id}/Edit',
    drop: '/api/Questions/code/{id}/Drop',
    execAll: '/api/questions/code/execAllTextCases',
    files: '/api/questions/{id}/code/getAllFiles',
    dropFile: '/api/questions/{id}/code/dropFile/{fileId}',
  },
  /** where a question is used; query `type` = closed | free | matching | sequence | code */
  used: '/api/questions/{id}/used',
  reflectionDrop: '/api/reflection/questions/{id}',
  import: '/api/instructors/Courses/{programId}/Exercises/{exerciseId}/Pages/LoadQuestions',
  importTemplate: '/api/Instructors/Templates/GetLoadQuestionsTemplate',
} as const;

// ------------------------------------------------------------------ common parts

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

const label = z.string(m.type).trim().min(1, m.required).max(LABEL_MAX, m.tooLong);
/** rich text (sanitised by the server); may be empty */
const text = z.string(m.type).max(TEXT_MAX, m.tooLong).default('');
const itemText = z.string(m.type).trim().min(1, m.required).max(ITEM_TEXT_MAX, m.tooLong);
const courseId = z.number(m.type).int(m.type).positive(m.tooSmall).nullable().default(null);
const optionalId = z.number(m.type).int(m.type).positive(m.tooSmall).optional();

/** POST .../list: query (and/or JSON body) of every bank list. */
export const questionListQuery = z.object({
  /** the program (API "Course"); absent = every program the caller sees */
  courseId: z.coerce.number(m.type).int(m.type).positive(m.tooSmall).optional(),
  search: z.string(m.type).max(200, m.tooLong).optional(),
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(100, m.tooBig).default(20),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1_000_000, m.tooBig).default(0),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;

const base = {
  id: z.number().int(),
  label: z.string(),
  text: z.string(),
  courseId: z.number().int().nullable(),
};

// ------------------------------------------------------------------ closed questions

export const closedOptionInput = z.object({
  text: itemText,
  correct: z.boolean(m.type).default(false),
});
export type ClosedOptionInput = z.infer<typeof closedOptionInput>;

export const closedOptionRecord = z.object({
  id: z.number().int(),
  text: z.string(),
  correct: z.boolean(),
  /** 1-based position */
  sequence: z.number().int(),
});
export type ClosedOption = z.infer<typeof closedOptionRecord>;

const choiceMode = z.union([z.literal(ChoiceMode.checkbox), z.literal(ChoiceMode.radio)], m.type);

/**
 * Create/update of a closed question. `choiceMode` is derived from the options when it is
 * absent (several correct → checkbox, else radio); a radio question with several correct
 * options is refused. `options` (create only) adds the first answers in one call.
 */
const closedQuestionFields = z.object({
  label,
  text,
  courseId,
  choiceMode: choiceMode.optional(),
  options: z.array(closedOptionInput).max(MAX_OPTIONS, m.tooBig).optional(),
});
export const closedQuestionInput = closedQuestionFields
  .superRefine((v, ctx) => {
    const correct = (v.options ?? []).filter((o) => o.correct).length;
    if (v.choiceMode === ChoiceMode.radio && correct > 1) {
      ctx.addIssue({ code: 'custom', path: ['choiceMode'], message: 'questions.radioOneCorrect' });
    }
  });
export type ClosedQuestionInput = z.infer<typeof closedQuestionInput>;
/** PUT: the question's own fields (options have their own calls). */
export const closedQuestionUpdate = closedQuestionFields.omit({ options: true });
export type ClosedQuestionUpdate = z.infer<typeof closedQuestionUpdate>;

export const closedQuestionRecord = z.object({
  ...base,
  choiceMode,
  options: z.array(closedOptionRecord),
});
export type ClosedQuestion = z.infer<typeof closedQuestionRecord>;

/** Several correct answers make a checkbox question, otherwise radio. */
export const deriveChoiceMode = (options: ReadonlyArray<{ correct: boolean }>): ChoiceMode =>
  options.filter((o) => o.correct).length > 1 ? ChoiceMode.checkbox : ChoiceMode.radio;

// ------------------------------------------------------------------ free questions

/** The typed input kinds of a free-answer question (InputValueType codes and their content type codes). */
export const FREE_INPUT_TYPES = [
  { id: InputValueType.string, key: 'string', code: SlideContentTypeCode.textInput },
  { id: InputValueType.text, key: 'text', code: SlideContentTypeCode.textarea },
  { id: InputValueType.integer, key: 'integer', code: SlideContentTypeCode.integer },
  { id: InputValueType.float, key: 'float', code: SlideContentTypeCode.float },
  { id: InputValueType.date, key: 'date', code: SlideContentTypeCode.dateInput },
  { id: InputValueType.boolean, key: 'boolean', code: SlideContentTypeCode.boolean },
] as const;
export type FreeInputTypeKey = (typeof FREE_INPUT_TYPES)[number]['key'];
export const FREE_INPUT_TYPE_IDS = FREE_INPUT_TYPES.map((t) => t.id);
export const freeInputTypeOf = (id: number) => FREE_INPUT_TYPES.find((t) => t.id === id);

const freeInputType = z
  .number(m.type)
  .int(m.type)
  .refine((v) => (FREE_INPUT_TYPE_IDS as readonly number[]).includes(v), { message: 'questions.unknownInputType' });

/** Accepted forms of a value of each type (the student's answer and the correct values). */
export function parseFreeValue(type: number, raw: string): { ok: true; value: string } | { ok: false } {
  const s = raw.trim();
  switch (type) {
    case InputValueType.integer:
      return /^[-+]?\d{1,15}$/.test(s) ? { ok: true, value: String(Number(s)) } : { ok: false };
    case InputValueType.float: {
      const t = s.replace(',', '.');
      return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(t) && Number.isFinite(Number(t)) ? { ok: true, value: String(Number(t)) } : { ok: false };
    }
    case InputValueType.boolean: {
      const b = s.toLowerCase();
      if (['true', 'да', 'yes', '1'].includes(b)) return { ok: true, value: 'true' };
      if (['false', 'нет', 'no', '0'].includes(b)) return { ok: true, value: 'false' };
      return { ok: false };
    }
    case InputValueType.date: {
      // DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD → YYYY-MM-DD
      let d: string[] | null = null;
      const dmy = /^(\d{2})[./-](\d{2})[./-](\d{4})$/.exec(s);
      const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (dmy) d = [dmy[3], dmy[2], dmy[1]];
      else if (ymd) d = [ymd[1], ymd[2], ymd[3]];
      if (!d) return { ok: false };
      const date = new Date(`${d[0]}-${d[1]}-${d[2]}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === `${d[0]}-${d[1]}-${d[2]}`
        ? { ok: true, value: `${d[0]}-${d[1]}-${d[2]}` }
        : { ok: false };
    }
    case InputValueType.text:
      return s.length <= TEXTAREA_MAX ? { ok: true, value: raw } : { ok: false };
    default:
      return { ok: true, value: raw };
  }
}

export const freeQuestionInput = z
  .object({
    label,
    text,
    courseId,
    inputType: freeInputType,
    /** accepted answers (any one matches); empty = the answer is evaluated by an instructor */
    correctValues: z.array(z.string(m.type).max(TEXTAREA_MAX, m.tooLong)).max(MAX_CORRECT_VALUES, m.tooBig).default([]),
    caseSensitive: z.boolean(m.type).default(false),
    /** strings: length bounds; numbers: value bounds */
    min: z.number(m.type).nullable().default(null),
    max: z.number(m.type).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    v.correctValues.forEach((value, i) => {
      if (value.trim() === '') ctx.addIssue({ code: 'custom', path: ['correctValues', i], message: 'validation.required' });
      else if (!parseFreeValue(v.inputType, value).ok) ctx.addIssue({ code: 'custom', path: ['correctValues', i], message: 'questions.valueOfType' });
    });
    if (v.min !== null && v.max !== null && v.min > v.max) ctx.addIssue({ code: 'custom', path: ['max'], message: 'questions.minAboveMax' });
    const textual = v.inputType === InputValueType.string || v.inputType === InputValueType.text;
    if (textual) {
      for (const k of ['min', 'max'] as const) {
        const b = v[k];
        if (b !== null && (!Number.isInteger(b) || b < 0)) ctx.addIssue({ code: 'custom', path: [k], message: 'questions.lengthBound' });
      }
    } else if (v.inputType === InputValueType.boolean || v.inputType === InputValueType.date) {
      for (const k of ['min', 'max'] as const) if (v[k] !== null) ctx.addIssue({ code: 'custom', path: [k], message: 'questions.noBounds' });
    }
  });
export type FreeQuestionInput = z.infer<typeof freeQuestionInput>;

export const freeQuestionRecord = z.object({
  ...base,
  inputType: z.number().int(),
  correctValues: z.array(z.string()),
  caseSensitive: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type FreeQuestion = z.infer<typeof freeQuestionRecord>;

/** GET .../free/{id}/preview: the question as a student sees it (no correct values). */
export const freeQuestionPreview = z.object({
  id: z.number().int(),
  label: z.string(),
  text: z.string(),
  inputType: z.number().int(),
  /** content type code of the input ('2.5.x') */
  contentType: z.string(),
  input: z.object({
    kind: z.enum(['string', 'text', 'integer', 'float', 'date', 'boolean']),
    multiline: z.boolean(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    /** float inputs step 0.1 (spec 2 §6) */
    step: z.number().nullable(),
    maxLength: z.number().nullable(),
  }),
});
export type FreeQuestionPreview = z.infer<typeof freeQuestionPreview>;

/** The preview of a free question (server and client build it alike). */
export function freePreviewOf(q: { id: number; label: string; text: string; inputType: number; min: number | null; max: number | null }): FreeQuestionPreview {
  const type = freeInputTypeOf(q.inputType) ?? FREE_INPUT_TYPES[0];
  const textual = type.id === InputValueType.string || type.id === InputValueType.text;
  return {
    id: q.id,
    label: q.label,
    text: q.text,
    inputType: type.id,
    contentType: type.code,
    input: {
      kind: type.key,
      multiline: type.id === InputValueType.text,
      min: q.min,
      max: q.max,
      step: type.id === InputValueType.float ? 0.1 : type.id === InputValueType.integer ? 1 : null,
      maxLength: type.id === InputValueType.text ? Math.min(q.max ?? TEXTAREA_MAX, TEXTAREA_MAX) : textual && q.max !== null ? q.max : null,
    },
  };
}

export const freeTypeRecord = z.object({ id: z.number().int(), key: z.string(), label: z.string(), contentType: z.string() });
export type FreeType = z.infer<typeof freeTypeRecord>;

// ------------------------------------------------------------------ matching questions

/**
 * Targets and options; each option names the target it matches by its index in `targets`
 * (null = a distractor). Items with an id are kept (answers refer to their ids), others added,
 * missing ones removed.
 */
export const matchingQuestionInput = z
  .object({
    label,
    text,
    courseId,
    targets: z.array(z.object({ id: optionalId, text: itemText })).min(1, m.required).max(MAX_MATCH_TARGETS, m.tooBig),
    options: z
      .array(z.object({ id: optionalId, text: itemText, target: z.number(m.type).int(m.type).min(0, m.tooSmall).nullable().default(null) }))
      .min(1, m.required)
      .max(MAX_MATCH_OPTIONS, m.tooBig),
  })
  .superRefine((v, ctx) => {
    v.options.forEach((o, i) => {
      if (o.target !== null && o.target >= v.targets.length) ctx.addIssue({ code: 'custom', path: ['options', i, 'target'], message: 'questions.noSuchTarget' });
    });
    if (!v.options.some((o) => o.target !== null)) ctx.addIssue({ code: 'custom', path: ['options'], message: 'questions.matchNeedsPair' });
    const dupIds = (items: { id?: number }[], path: string) => {
      const seen = new Set<number>();
      items.forEach((it, i) => {
        if (it.id === undefined) return;
        if (seen.has(it.id)) ctx.addIssue({ code: 'custom', path: [path, i, 'id'], message: 'validation.invalid' });
        seen.add(it.id);
      });
    };
    dupIds(v.targets, 'targets');
    dupIds(v.options, 'options');
  });
export type MatchingQuestionInput = z.infer<typeof matchingQuestionInput>;

export const matchingQuestionRecord = z.object({
  ...base,
  targets: z.array(z.object({ id: z.number().int(), text: z.string(), sequence: z.number().int() })),
  options: z.array(
    z.object({
      id: z.number().int(),
      text: z.string(),
      /** index of the matched target in `targets`, null = distractor */
      target: z.number().int().nullable(),
      targetId: z.number().int().nullable(),
      isCorrectAnswer: z.boolean(),
      sequence: z.number().int(),
    }),
  ),
});
export type MatchingQuestion = z.infer<typeof matchingQuestionRecord>;

// ------------------------------------------------------------------ sequence questions

/** Items in the correct order. */
export const sequenceQuestionInput = z
  .object({
    label,
    text,
    courseId,
    items: z.array(z.object({ id: optionalId, text: itemText })).min(2, m.tooShort).max(MAX_SEQUENCE_ITEMS, m.tooBig),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((it, i) => {
      if (it.id === undefined) return;
      if (seen.has(it.id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: 'validation.invalid' });
      seen.add(it.id);
    });
  });
export type SequenceQuestionInput = z.infer<typeof sequenceQuestionInput>;

export const sequenceQuestionRecord = z.object({
  ...base,
  items: z.array(z.object({ id: z.number().int(), text: z.string(), position: z.number().int() })),
});
export type SequenceQuestion = z.infer<typeof sequenceQuestionRecord>;

// ------------------------------------------------------------------ code questions

export const testCaseInput = z.object({
  inputValues: z.string(m.type).max(TEST_CASE_TEXT_MAX, m.tooLong).default(''),
  outputValue: z.string(m.type).max(TEST_CASE_TEXT_MAX, m.tooLong),
  sequence: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(10_000, m.tooBig).optional(),
  /** hidden from the student's own runs */
  isHidden: z.boolean(m.type).default(false),
});
export type TestCaseInput = z.infer<typeof testCaseInput>;

/**
 * The code question form (spec 2 §3.3): label, code (starter code), programId (sent as
 * CourseId), text, files (new ones as Files, kept ones as FilesId) and testCases.
 * Multipart fields are parsed into this shape by the server first.
 */
export const codeQuestionInput = z.object({
  label,
  text,
  courseId,
  code: z.string(m.type).max(CODE_MAX, m.tooLong).default(''),
  testCases: z.array(testCaseInput).max(MAX_TEST_CASES, m.tooBig).default([]),
  /** ids of the question's files to keep (edit); absent = keep them all */
  filesId: z.array(z.number(m.type).int(m.type).positive(m.tooSmall)).max(CODE_FILES_MAX, m.tooBig).optional(),
});
export type CodeQuestionInput = z.infer<typeof codeQuestionInput>;

export const codeFileRecord = z.object({ id: z.number().int(), name: z.string(), size: z.number().int(), mime: z.string() });
export type CodeFile = z.infer<typeof codeFileRecord>;

export const testCaseRecord = z.object({
  id: z.number().int(),
  inputValues: z.string(),
  outputValue: z.string(),
  sequence: z.number().int(),
  isHidden: z.boolean(),
});

export const codeQuestionRecord = z.object({
  ...base,
  code: z.string(),
  language: z.string(),
  files: z.array(codeFileRecord),
  testCases: z.array(testCaseRecord),
});
export type CodeQuestion = z.infer<typeof codeQuestionRecord>;

/**
 * POST .../code/execAllTextCases: run code against test cases. Absent parts come from the
 * stored question `questionId` (its code, test cases and files).
 */
export const execAllInput = z
  .object({
    questionId: z.coerce.number(m.type).int(m.type).positive(m.tooSmall).optional(),
    code: z.string(m.type).max(CODE_MAX, m.tooLong).optional(),
    testCases: z.array(testCaseInput).max(MAX_TEST_CASES, m.tooBig).optional(),
    language: z.literal('python', m.type).default('python'),
  })
  .superRefine((v, ctx) => {
    if (v.questionId === undefined && v.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.required' });
    if (v.questionId === undefined && v.testCases === undefined) ctx.addIssue({ code: 'custom', path: ['testCases'], message: 'validation.required' });
  });
export type ExecAllInput = z.infer<typeof execAllInput>;

export const caseResultRecord = z.object({
  sequence: z.number().int(),
  passed: z.boolean(),
  stdout: z.string(),
  stderr: z.string(),
  timedOut: z.boolean(),
  exitCode: z.number().int().nullable(),
  outputTruncated: z.boolean(),
  durationMs: z.number().int(),
  /** echoed for the screen */
  inputValues: z.string(),
  outputValue: z.string(),
});
export type CaseResultRecord = z.infer<typeof caseResultRecord>;

export const execAllAnswer = z.object({
  results: z.array(caseResultRecord),
  passed: z.number().int(),
  total: z.number().int(),
});
export type ExecAllAnswer = z.infer<typeof execAllAnswer>;

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

export const importAnswer = z.object({
  imported: z.number().int(),
  questions: z.array(z.object({ row: z.number().int(), kind: z.enum(QUESTION_KINDS), questionId: z.number().int(), slideId: z.number().int() })),
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
