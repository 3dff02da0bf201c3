// Programs (API "Course"): lessons → exercises → slides (API "Page"), with constraints and schedules.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ContentKind,
  EvaluationMode,
  ExerciseAvailabilityRule,
  ExerciseCompletionCondition,
  ExerciseKind,
  ExerciseType,
  SlidePageType,
} from '../../../shared/enums.js';
import { accounts } from './accounts.js';
import { createdAt, id, tstz, updatedAt } from './_columns.js';
import { courses } from './courses.js';
import { attributes } from './profile.js';
import { closedQuestions, codeQuestions, freeQuestions, matchingQuestions, sequenceQuestions } from './questions.js';
import { files } from './system.js';

/** A link shown to students: `address` starting with '/' is prefixed with the platform host. */
export interface AttachedLink {
  title: string;
  address: string;
}

/** A program: reusable content (UI "program", API "Course"). */
export const programs = pgTable(
  'programs',
  {
    id: id(),
    label: text('label').notNull(),
    description: text('description'),
    /** the "ready" filter of GET /api/Instructors/Courses/View */
    isReady: boolean('is_ready').notNull().default(false),
    /** picture address (from /Storage/Picture/Upload) */
    picture: text('picture'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('programs_created_by_idx').on(t.createdBy)],
);

/** Authors of a program (Authors/Include, Authors/{accountId}/Exclude). */
export const programAuthors = pgTable(
  'program_authors',
  {
    programId: integer('program_id').notNull().references(() => programs.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    addedAt: tstz('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.accountId] }), index('program_authors_account_idx').on(t.accountId)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    programId: integer('program_id').notNull().references(() => programs.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    description: text('description'),
    sequence: integer('sequence').notNull().default(0),
    /** lesson-level access constraints (shape owned by the programs module) */
    constraints: jsonb('constraints').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lessons_program_seq_idx').on(t.programId, t.sequence)],
);

export const exercises = pgTable(
  'exercises',
  {
    id: id(),
    lessonId: integer('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    /** denormalised from the lesson: program-scoped paths look exercises up by program */
    programId: integer('program_id').notNull().references(() => programs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ExerciseKind>().notNull().default('presentation'),
    label: text('label').notNull(),
    description: text('description'),
    /** hide the description on the course preview */
    isHiddenDescription: boolean('is_hidden_description').notNull().default(false),
    /** ExerciseType code: lecture 10, test 20, task 30, survey 40, offline 50 */
    exerciseType: integer('exercise_type').$type<ExerciseType>().notNull().default(10),
    sequence: integer('sequence').notNull().default(0),
    /** ExerciseAvailabilityRule code; default always (99) */
    availabilityRule: integer('availability_rule').$type<ExerciseAvailabilityRule>().notNull().default(99),
    /** ExerciseCompletionCondition code; default completed (10) */
    completionCondition: integer('completion_condition').$type<ExerciseCompletionCondition>().notNull().default(10),
    evaluationMode: text('evaluation_mode').$type<EvaluationMode>(),
    /** null = no time limit */
    timeLimitSeconds: integer('time_limit_seconds'),
    /** retakes allowed (ARCHITECTURE §6: default 3) */
    restartLimit: integer('restart_limit').notNull().default(3),
    isScoExercise: boolean('is_sco_exercise').notNull().default(false),
    /** storage prefix of the unzipped SCORM package */
    scormPackagePath: text('scorm_package_path'),
    /** parsed imsmanifest.xml: version ('1.2' | '2004'), launch href, organisations, SCOs */
    scormManifest: jsonb('scorm_manifest').$type<Record<string, unknown>>(),
    webinarLink: text('webinar_link'),
    webinarRecordingLink: text('webinar_recording_link'),
    webinarStartsAt: tstz('webinar_starts_at'),
    feedbackEnabled: boolean('feedback_enabled').notNull().default(false),
    /** how attribute constraints combine ({union} of the constraints union call; e.g. 'and' | 'or') */
    constraintUnion: text('constraint_union').notNull().default('and'),
    downloadableFiles: jsonb('downloadable_files').$type<AttachedLink[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('exercises_lesson_seq_idx').on(t.lessonId, t.sequence), index('exercises_program_idx').on(t.programId)],
);

/** Files attached to an exercise. */
export const exerciseFiles = pgTable(
  'exercise_files',
  {
    id: id(),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    title: text('title'),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('exercise_files_exercise_idx').on(t.exerciseId)],
);

/** Competencies an exercise trains (radar chart; scores in study.competency_scores). */
export const exerciseCompetencies = pgTable(
  'exercise_competencies',
  {
    id: id(),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weight: doublePrecision('weight').notNull().default(1),
  },
  (t) => [unique('exercise_competencies_uq').on(t.exerciseId, t.name)],
);

/** Attribute constraint: the exercise is open only to students whose attribute has one of `values`. */
export const exerciseConstraints = pgTable(
  'exercise_constraints',
  {
    id: id(),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
    values: text('values').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [unique('exercise_constraints_uq').on(t.exerciseId, t.attributeId)],
);

/** Training constraint: the exercise is shown only in the listed courses. */
export const exerciseTrainingConstraints = pgTable(
  'exercise_training_constraints',
  {
    id: id(),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('exercise_training_constraints_uq').on(t.exerciseId, t.courseId),
    index('exercise_training_constraints_course_idx').on(t.courseId),
  ],
);

/** Schedule of an exercise or a lesson in one course (calendar event). Exactly one of exerciseId/lessonId. */
export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').references(() => exercises.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    begin: tstz('begin').notNull(),
    end: tstz('end'),
    location: text('location'),
    /** isScheduleAffectAccess: closed outside begin..end */
    affectsAccess: boolean('affects_access').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('schedules_one_target_ck', sql`num_nonnulls(${t.exerciseId}, ${t.lessonId}) = 1`),
    uniqueIndex('schedules_course_exercise_uq').on(t.courseId, t.exerciseId),
    uniqueIndex('schedules_course_lesson_uq').on(t.courseId, t.lessonId),
    index('schedules_course_begin_idx').on(t.courseId, t.begin),
    index('schedules_begin_idx').on(t.begin),
  ],
);

/** Slide content, per content kind (the question itself lives in a bank, see the *QuestionId columns). */
export type SlideContent =
  | { kind: 'content'; html: string }
  | { kind: 'video' | 'audio' | 'pdf' | 'pptx'; fileId?: number; address?: string; description?: string }
  | { kind: 'web'; address: string; description?: string }
  | { kind: 'hostedVideo'; videoId?: string; link?: string; downloadLinks?: { link: string; quality: string; fileSize: number }[] }
  | { kind: 'question'; html?: string; [extra: string]: unknown }
  | { kind: 'attributes'; html?: string; attributeIds: number[] }
  | { kind: 'file'; html?: string; maxFiles?: number; allowedExtensions?: string[]; maxFileSizeMb?: number };

/** A slide (API "Page") of an exercise. */
export const slides = pgTable(
  'slides',
  {
    id: id(),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    /** SlidePageType code */
    pageType: integer('page_type').$type<SlidePageType>().notNull(),
    /** ContentKind code (see slideKinds in shared/enums.ts) */
    contentKind: integer('content_kind').$type<ContentKind>().notNull(),
    label: text('label').notNull().default(''),
    content: jsonb('content').$type<SlideContent>().notNull(),
    /** the bank question shown on a question slide: at most one is set (restrict: a used question cannot be dropped) */
    closedQuestionId: integer('closed_question_id').references(() => closedQuestions.id, { onDelete: 'restrict' }),
    freeQuestionId: integer('free_question_id').references(() => freeQuestions.id, { onDelete: 'restrict' }),
    matchingQuestionId: integer('matching_question_id').references(() => matchingQuestions.id, { onDelete: 'restrict' }),
    sequenceQuestionId: integer('sequence_question_id').references(() => sequenceQuestions.id, { onDelete: 'restrict' }),
    codeQuestionId: integer('code_question_id').references(() => codeQuestions.id, { onDelete: 'restrict' }),
    /** uploaded media (video, audio, PDF, PPTX) */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** seconds (e.g. minimum viewing time) */
    duration: integer('duration'),
    downloadPermission: boolean('download_permission').notNull().default(false),
    isReadOnly: boolean('is_read_only').notNull().default(false),
    required: boolean('required').notNull().default(false),
    /** points of a question slide */
    maxScore: doublePrecision('max_score').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'slides_one_question_ck',
      sql`num_nonnulls(${t.closedQuestionId}, ${t.freeQuestionId}, ${t.matchingQuestionId}, ${t.sequenceQuestionId}, ${t.codeQuestionId}) <= 1`,
    ),
    index('slides_exercise_seq_idx').on(t.exerciseId, t.sequence),
    index('slides_closed_question_idx').on(t.closedQuestionId),
    index('slides_free_question_idx').on(t.freeQuestionId),
    index('slides_matching_question_idx').on(t.matchingQuestionId),
    index('slides_sequence_question_idx').on(t.sequenceQuestionId),
    index('slides_code_question_idx').on(t.codeQuestionId),
  ],
);
