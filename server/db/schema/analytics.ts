// Course analytics kept ahead of the question (issue 28): what the analytics pages would otherwise
// read from every answer of a course on each call. Both tables are written by triggers on the
// tables they summarise (migration 0012), so every writer — the player, evaluations, retakes,
// seeds and imports — keeps them true without knowing of them.
import { boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { exercises } from './content.js';
import { courses } from './courses.js';
import { tstz } from './_columns.js';

/**
 * A student's activity in a course on one UTC day (usage analytics): page visits of the course's
 * pages, attendance marks, seconds of video watched and answers saved (each save counts: it is
 * activity, a changed answer is a second one). Activity stays counted when content is deleted later.
 */
export const studyDays = pgTable(
  'study_days',
  {
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    attendance: integer('attendance').notNull().default(0),
    watchSeconds: doublePrecision('watch_seconds').notNull().default(0),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.day, t.accountId] })],
);

/** One question's sums over the standing answers of a course group (server/modules/analytics/answerStats.ts). */
export interface QuestionSums {
  slideId: number;
  kind: number;
  n: number;
  r: number;
  p: number;
  w: number;
  nr: number;
  rated: number;
  sx: number;
  sy: number;
  sxx: number;
  syy: number;
  sxy: number;
  /** the most given wrong answers with their counts (a bounded list) */
  wrong: { text: string; count: number }[];
}

/**
 * Typical errors' sums of an exercise in a course, per course group (0: students without a group):
 * sums add up across groups, so the whole course is the sum of its rows.
 */
export const answerStats = pgTable(
  'answer_stats',
  {
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
    /** the students' standing attempts of the exercise in the group */
    attempts: integer('attempts').notNull(),
    questions: jsonb('questions').$type<QuestionSums[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.exerciseId, t.groupId] })],
);

/**
 * Whether an exercise's answer_stats of a course still hold: the triggers set `dirty` when an
 * answer, attempt, enrolment or slide changes; a reader recomputes dirty exercises. `generation`
 * counts recomputations started, `stored` the one whose sums are stored (an older one never
 * overwrites a newer one).
 */
export const answerStatsMarks = pgTable(
  'answer_stats_marks',
  {
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
    dirty: boolean('dirty').notNull().default(true),
    generation: integer('generation').notNull().default(0),
    stored: integer('stored').notNull().default(0),
    computedAt: tstz('computed_at'),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.exerciseId] })],
);
