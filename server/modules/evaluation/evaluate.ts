import { and, eq, sql } from 'drizzle-orm';
import type { EvaluationView } from '../../../shared/calls/evaluation.js';
import { ExerciseProgressStatus, NotificationType } from '../../../shared/enums.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { answers, attempts, evaluations, exerciseProgress } from '../../db/schema/index.js';
import { notify } from '../notifications/notify.js';
import { AppError, validationError } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import type { CourseAccess } from '../courses/access.js';
import { gradeAttempt, needsManualCheck, questionSlides, recordProgress } from '../study/finish.js';
import type { GradeTarget } from '../study/grading.js';
import { evaluationView, type ExerciseRow } from './attempts.js';
import { checkedStudents } from './lists.js';
import { mailingEvent } from '../mailings/triggers.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Evaluation of an attempt (spec 2 §5): draft → evaluated → reverted (to evaluation) → … Each
 * call holds the attempt's row for its transaction, so two checkers cannot both evaluate it.
 * Evaluate writes the instructor's points onto the checked answers and grades the attempt
 * through the study module's one grading path (score, progress, course progress, competency
 * scores, achievements), then tells the student (notification "approval of exercise results").
 */

/** a transaction, typed as the database (as the study module passes them) */
type Tx = Db;
type AttemptRow = typeof attempts.$inferSelect;

export const sessionNotFound = () => new AppError(404, 'SessionNotFound', { title: 'evaluation.sessionNotFound' });
const studentNotFound = () => new AppError(404, 'StudentNotFound', { title: 'evaluation.studentNotFound' });
const alreadyEvaluated = () => new AppError(400, 'AlreadyEvaluated', { title: 'evaluation.alreadyEvaluated' });
const notAwaiting = () => new AppError(400, 'NotAwaitingEvaluation', { title: 'evaluation.notAwaiting' });
const notEvaluated = () => new AppError(400, 'NotEvaluated', { title: 'evaluation.notEvaluated' });

export interface EvaluationBody {
  courseId?: number;
  exerciseId?: number;
  sessionId?: number;
  body: string;
  scores: Record<string, number>;
}

export interface EvaluationScope {
  db: Db;
  user: AuthUser;
  access: CourseAccess;
  exercise: ExerciseRow;
  lang: Lang;
}

const target = (s: EvaluationScope, studentId: number): GradeTarget => ({ user: { accountId: studentId }, course: s.access.course, exercise: s.exercise });

/** The caller checks this student in the course (a tutor: an assigned one). */
export async function checksStudent(tx: Tx, s: EvaluationScope, studentId: number): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select ${checkedStudents(s.user, sql`${s.access.course.id}::int`, sql`${studentId}::int`)} as "ok"`));
  return !!row?.ok;
}

/** The attempt of the path, of this course's exercise and of a student the caller checks, held for the transaction; 404 otherwise. */
async function heldAttempt(tx: Tx, s: EvaluationScope, rawSessionId: string): Promise<AttemptRow> {
  const id = parseIntId(rawSessionId);
  if (id === null) throw sessionNotFound();
  const [a] = await tx
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, id), eq(attempts.courseId, s.access.course.id), eq(attempts.exerciseId, s.exercise.id)))
    .for('update');
  if (!a || !(await checksStudent(tx, s, a.accountId))) throw sessionNotFound();
  return a;
}

async function currentProgress(tx: Tx, s: EvaluationScope, studentId: number) {
  const [p] = await tx
    .select()
    .from(exerciseProgress)
    .where(and(eq(exerciseProgress.accountId, studentId), eq(exerciseProgress.courseId, s.access.course.id), eq(exerciseProgress.exerciseId, s.exercise.id)));
  return p;
}

/** The attempt waits for a check: it ended, it is the student's current result, and that result is "evaluation". */
async function assertWaiting(tx: Tx, s: EvaluationScope, a: AttemptRow) {
  const [ev] = await tx.select().from(evaluations).where(eq(evaluations.attemptId, a.id));
  if (ev?.status === 'evaluated') throw alreadyEvaluated();
  const p = await currentProgress(tx, s, a.accountId);
  if (a.status === 'in_progress' || a.status === 'discarded' || !p || p.lastAttemptId !== a.id || p.status !== ExerciseProgressStatus.evaluation) throw notAwaiting();
  return ev;
}

/**
 * The body's fields agree with the path (spec 2 §3.3 evaluation body: courseId, exerciseId,
 * sessionId — optional here, the path names them) and its points are on the scale: each key a
 * slide whose answer needs a manual check, each value 0..that slide's maximum score. `complete`
 * (evaluate): every such answer has its points.
 */
async function checkedScores(tx: Tx, s: EvaluationScope, a: AttemptRow, input: EvaluationBody, complete: boolean): Promise<Record<string, number>> {
  const fields: Record<string, string> = {};
  const t = (key: string, vars?: Record<string, string | number>) => translate(s.lang, key, vars);
  if (input.courseId !== undefined && input.courseId !== s.access.course.id) fields.courseId = t('evaluation.pathMismatch');
  if (input.exerciseId !== undefined && input.exerciseId !== s.exercise.id) fields.exerciseId = t('evaluation.pathMismatch');
  if (input.sessionId !== undefined && input.sessionId !== a.id) fields.sessionId = t('evaluation.pathMismatch');
  const slides = new Map((await questionSlides(tx, s.exercise.id)).map((q) => [q.id, q]));
  const given = await tx.select().from(answers).where(eq(answers.attemptId, a.id));
  const manual = new Map(given.filter(needsManualCheck).map((g) => [g.slideId, slides.get(g.slideId)?.maxScore ?? 0]));
  const scores: Record<string, number> = {};
  for (const [key, value] of Object.entries(input.scores)) {
    const max = manual.get(Number(key));
    if (max === undefined) fields[`scores.${key}`] = t('evaluation.scoreNotManual');
    else if (value < 0 || value > max) fields[`scores.${key}`] = t('evaluation.scoreRange', { max });
    else scores[key] = value;
  }
  if (complete) for (const slideId of manual.keys()) if (!(String(slideId) in input.scores)) fields[`scores.${slideId}`] = t('evaluation.scoreRequired');
  if (Object.keys(fields).length) throw validationError(fields);
  return scores;
}

/** PUT …/Sessions/{sessionId}/Draft: the comment and points so far; the student sees nothing yet. */
export async function saveDraft(s: EvaluationScope, rawSessionId: string, input: EvaluationBody, now = new Date()): Promise<EvaluationView> {
  return s.db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    const a = await heldAttempt(tx, s, rawSessionId);
    await assertWaiting(tx, s, a);
    const scores = await checkedScores(tx, s, a, input, false);
    const values = { body: input.body, answerScores: scores, status: 'draft' as const, isDraft: true, evaluatorId: s.user.accountId, updatedAt: now };
    const [row] = await tx
      .insert(evaluations)
      .values({ attemptId: a.id, ...values })
      .onConflictDoUpdate({ target: evaluations.attemptId, set: values })
      .returning();
    return evaluationView(row, null);
  });
}

/**
 * POST …/Sessions/{sessionId}/Evaluate: the points go onto the checked answers, the attempt is
 * graded (completed, its score the sum of all its answers) and the student is notified.
 */
export async function evaluate(s: EvaluationScope, rawSessionId: string, input: EvaluationBody, now = new Date()): Promise<EvaluationView> {
  return s.db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    const a = await heldAttempt(tx, s, rawSessionId);
    await assertWaiting(tx, s, a);
    const scores = await checkedScores(tx, s, a, input, true);
    for (const [slideId, score] of Object.entries(scores)) {
      await tx.update(answers).set({ score }).where(and(eq(answers.attemptId, a.id), eq(answers.slideId, Number(slideId))));
    }
    const graded = await gradeAttempt(tx, target(s, a.accountId), a, ExerciseProgressStatus.completed, now);
    await mailingEvent(tx, { trigger: 'resultsApproved', courseId: s.access.course.id, accountIds: [a.accountId], exerciseId: s.exercise.id });
    const values = { body: input.body, answerScores: scores, score: graded.score, status: 'evaluated' as const, isDraft: false, evaluatorId: s.user.accountId, evaluatedAt: now, updatedAt: now };
    const [row] = await tx
      .insert(evaluations)
      .values({ attemptId: a.id, ...values })
      .onConflictDoUpdate({ target: evaluations.attemptId, set: values })
      .returning();
    await notify(tx, [{
      accountId: a.accountId,
      type: NotificationType.approvalOfExerciseResults,
      key: 'evaluation.approvedText',
      params: { exercise: s.exercise.label, score: graded.score, max: graded.maxScore },
      link: `/my-courses/course/${s.access.course.id}/${s.exercise.lessonId}/${s.exercise.id}/end`,
      linkFields: { courseId: s.access.course.id, lessonId: s.exercise.lessonId, exerciseId: s.exercise.id },
      createdAt: now,
    }]);
    return evaluationView(row, null);
  });
}

/**
 * POST …/Students/{studentId}/Revert: the student's evaluated current attempt goes back to
 * evaluation (status 3; course progress and competency scores follow); the evaluation keeps its
 * comment and points as the next draft. 400 when the current attempt is not evaluated.
 */
export async function revert(s: EvaluationScope, rawStudentId: string, now = new Date()): Promise<EvaluationView> {
  const studentId = parseIntId(rawStudentId);
  if (studentId === null) throw studentNotFound();
  return s.db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    const p = await currentProgress(tx, s, studentId);
    if (!p || !(await checksStudent(tx, s, studentId))) throw studentNotFound();
    if (p.lastAttemptId === null) throw notEvaluated();
    const [a] = await tx.select().from(attempts).where(eq(attempts.id, p.lastAttemptId)).for('update');
    const [ev] = await tx.select().from(evaluations).where(eq(evaluations.attemptId, p.lastAttemptId));
    if (!a || ev?.status !== 'evaluated') throw notEvaluated();
    await recordProgress(tx, target(s, studentId), a, ExerciseProgressStatus.evaluation, a.score, now);
    const [row] = await tx
      .update(evaluations)
      .set({ status: 'reverted', isDraft: true, revertedAt: now, updatedAt: now })
      .where(eq(evaluations.id, ev.id))
      .returning();
    return evaluationView(row, null);
  });
}

/**
 * GET /api/trainings/AccessToRevaluation/{sessionId} ("reevaluation access checked per session"):
 * the attempt may be reverted to evaluation now — it is evaluated and still the student's
 * current result (a retake since makes it history).
 */
export async function revaluationAccess(db: Db, attempt: AttemptRow): Promise<{ access: boolean; reason: 'notEvaluated' | 'notCurrent' | null }> {
  const [ev] = await db.select({ status: evaluations.status }).from(evaluations).where(eq(evaluations.attemptId, attempt.id));
  if (ev?.status !== 'evaluated') return { access: false, reason: 'notEvaluated' };
  const [p] = await db
    .select({ last: exerciseProgress.lastAttemptId })
    .from(exerciseProgress)
    .where(and(eq(exerciseProgress.accountId, attempt.accountId), eq(exerciseProgress.courseId, attempt.courseId), eq(exerciseProgress.exerciseId, attempt.exerciseId)));
  if (p?.last !== attempt.id) return { access: false, reason: 'notCurrent' };
  return { access: true, reason: null };
}

