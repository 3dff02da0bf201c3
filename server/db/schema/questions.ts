// Question banks, scoped to a program (programId null = shared by all programs), and reflection questions.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import type { ChoiceMode, CodeLanguage, InputValueType } from '../../../shared/enums.js';
import { accounts } from './accounts.js';
import { createdAt, id, updatedAt } from './_columns.js';
import { exercises, programs } from './content.js';
import { files } from './system.js';

/** Columns every bank question has. */
const bankColumns = () => ({
  id: id(),
  /** program the bank belongs to (sent as CourseId); null = shared */
  programId: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  /** question text (sanitised HTML) */
  text: text('text').notNull().default(''),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Closed (choice) question. */
export const closedQuestions = pgTable(
  'closed_questions',
  {
    ...bankColumns(),
    /** ChoiceMode: checkbox 0 (several), radio 1 (one) */
    choiceMode: integer('choice_mode').$type<ChoiceMode>().notNull().default(1),
  },
  (t) => [index('closed_questions_program_idx').on(t.programId)],
);

export const closedQuestionOptions = pgTable(
  'closed_question_options',
  {
    id: id(),
    questionId: integer('question_id').notNull().references(() => closedQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('closed_question_options_question_idx').on(t.questionId, t.sequence)],
);

/** Free-answer question. */
export const freeQuestions = pgTable(
  'free_questions',
  {
    ...bankColumns(),
    /** InputValueType code */
    inputType: integer('input_type').$type<InputValueType>().notNull().default(2),
    /** accepted answers (any matches); empty = not auto-checked, needs evaluation */
    correctValues: text('correct_values').array().notNull().default([]),
    caseSensitive: boolean('case_sensitive').notNull().default(false),
    /** strings: length bounds; numbers: value bounds */
    min: doublePrecision('min'),
    max: doublePrecision('max'),
  },
  (t) => [index('free_questions_program_idx').on(t.programId)],
);

/** Matching question: each option is matched to a target. */
export const matchingQuestions = pgTable('matching_questions', bankColumns(), (t) => [
  index('matching_questions_program_idx').on(t.programId),
]);

export const matchingTargets = pgTable(
  'matching_targets',
  {
    id: id(),
    questionId: integer('question_id').notNull().references(() => matchingQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('matching_targets_question_idx').on(t.questionId)],
);

export const matchingOptions = pgTable(
  'matching_options',
  {
    id: id(),
    questionId: integer('question_id').notNull().references(() => matchingQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** the target this option correctly matches (isCorrectAnswer); null = distractor */
    correctTargetId: integer('correct_target_id').references(() => matchingTargets.id, { onDelete: 'set null' }),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('matching_options_question_idx').on(t.questionId)],
);

/** Sequence question: put the items in the right order. */
export const sequenceQuestions = pgTable('sequence_questions', bankColumns(), (t) => [
  index('sequence_questions_program_idx').on(t.programId),
]);

export const sequenceItems = pgTable(
  'sequence_items',
  {
    id: id(),
    questionId: integer('question_id').notNull().references(() => sequenceQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** 0-based position in the correct order */
    correctPosition: integer('correct_position').notNull(),
  },
  (t) => [index('sequence_items_question_idx').on(t.questionId, t.correctPosition)],
);

/** Code question, graded by running the test cases in the sandbox. */
export const codeQuestions = pgTable(
  'code_questions',
  {
    ...bankColumns(),
    /** starter code shown in the editor (form field `code`) */
    starterCode: text('starter_code').notNull().default(''),
    language: text('language').$type<CodeLanguage>().notNull().default('python'),
    timeLimitMs: integer('time_limit_ms').notNull().default(5000),
    memoryLimitMb: integer('memory_limit_mb').notNull().default(128),
  },
  (t) => [index('code_questions_program_idx').on(t.programId)],
);

/** Files available to the code at run time (Files / FilesId). */
export const codeQuestionFiles = pgTable(
  'code_question_files',
  {
    id: id(),
    questionId: integer('question_id').notNull().references(() => codeQuestions.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    /** name the program opens it by */
    name: text('name').notNull(),
  },
  (t) => [index('code_question_files_question_idx').on(t.questionId)],
);

export const codeTestCases = pgTable(
  'code_test_cases',
  {
    id: id(),
    questionId: integer('question_id').notNull().references(() => codeQuestions.id, { onDelete: 'cascade' }),
    /** stdin */
    inputValues: text('input_values').notNull().default(''),
    /** expected stdout (compared trimmed) */
    outputValue: text('output_value').notNull().default(''),
    sequence: integer('sequence').notNull().default(0),
    /** hidden from the student's own runs (execTextCases) */
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [index('code_test_cases_question_idx').on(t.questionId, t.sequence)],
);

/** Survey reflection question asked after an exercise. */
export const reflectionQuestions = pgTable(
  'reflection_questions',
  {
    id: id(),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** 'text' (free text) or 'choice' (pick from options) */
    answerKind: text('answer_kind').$type<'text' | 'choice'>().notNull().default('text'),
    required: boolean('required').notNull().default(false),
    minChars: integer('min_chars'),
    maxAnswers: integer('max_answers'),
    options: jsonb('options').$type<{ id: number; text: string }[]>().notNull().default([]),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('reflection_questions_exercise_idx').on(t.exerciseId, t.sequence)],
);
