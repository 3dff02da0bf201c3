import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answers, attempts, evaluations, exerciseCompetencies, exerciseProgress, slides } from '../../db/schema/index.js';
import {
  AnswerCorrectness,
  ContentKind,
  ExerciseCompletionCondition,
  ExerciseProgressStatus,
  QuestionAnswerKind,
  progressStatusText,
} from '../../../shared/enums.js';
import type { AttemptResult } from '../../../shared/calls/study/results.js';
import { AppError } from '../../errors.js';
import type { AttemptRow } from './attempts.js';
import type { StudyContext } from './context.js';
import { correctAnswers } from './correct.js';
import { iso } from './wire.js';
import { settleProgress, type GradeTarget } from './grading.js';

type SlideRow = typeof slides.$inferSelect;
type AnswerRow = typeof answers.$inferSelect;

const QUESTION_KINDS = new Set<number>([ContentKind.answers, ContentKind.code, ContentKind.sequence, ContentKind.matching, ContentKind.attributes, ContentKind.free, ContentKind.file]);

/** Question slides of an exercise, in order. */
export async function questionSlides(db: Db, exerciseId: number): Promise<SlideRow[]> {
  const rows = await db.select().from(slides).where(eq(slides.exerciseId, exerciseId)).orderBy(asc(slides.sequence), asc(slides.id));
  return rows.filter((s) => QUESTION_KINDS.has(s.contentKind));
}

/** An answer waiting for an instructor: files, and free answers the engine could not rate (textarea, no accepted values). */
export function needsManualCheck(a: Pick<AnswerRow, 'questionKind' | 'correctness'>): boolean {
  if (a.questionKind === QuestionAnswerKind.file) return true;
  if (a.correctness !== AnswerCorrectness.notRated) return false;
  return a.questionKind === QuestionAnswerKind.free || a.questionKind === QuestionAnswerKind.code;
}

/** Slides that count towards the maximum score (attributes are never rated). */
const isRated = (s: SlideRow) => s.contentKind !== ContentKind.attributes;

/** Required question slides of the attempt without an answer. */
export async function unansweredRequired(db: Db, attempt: AttemptRow): Promise<number[]> {
  const qs = (await questionSlides(db, attempt.exerciseId)).filter((s) => s.required);
  if (!qs.length) return [];
  const done = await db.select({ slideId: answers.slideId }).from(answers).where(and(eq(answers.attemptId, attempt.id), inArray(answers.slideId, qs.map((s) => s.id))));
  const have = new Set(done.map((d) => d.slideId));
  return qs.filter((s) => !have.has(s.id)).map((s) => s.id);
}

/** Progress status once an attempt ends (spec 2 §4). */
export function finalStatus(hasManual: boolean, condition: number): ExerciseProgressStatus {
  if (hasManual || condition === ExerciseCompletionCondition.completedAwaitingEvaluation) return ExerciseProgressStatus.evaluation;
  if (condition === ExerciseCompletionCondition.completedWithResult) return ExerciseProgressStatus.completed;
  return ExerciseProgressStatus.completedWithoutVerification;
}

/**
 * The student's progress on the exercise after an attempt ended with a result (insert or update),
 * and what follows from it (same transaction): the course progress, the competency scores and
 * the achievements (grading.ts) — so the student list, /competencies and /achievements are current.
 */
export async function recordProgress(db: Db, target: GradeTarget, attempt: Pick<AttemptRow, 'id' | 'startedAt'>, progress: ExerciseProgressStatus, score: number | null, now: Date, failed = false): Promise<void> {
  const done = progress === ExerciseProgressStatus.completed || progress === ExerciseProgressStatus.completedWithoutVerification;
  await db
    .insert(exerciseProgress)
    .values({ accountId: target.user.accountId, courseId: target.course.id, exerciseId: target.exercise.id, status: progress, score, failed, lastAttemptId: attempt.id, startedAt: attempt.startedAt, completedAt: done ? now : null })
    .onConflictDoUpdate({
      target: [exerciseProgress.accountId, exerciseProgress.courseId, exerciseProgress.exerciseId],
      set: { status: progress, score, failed, lastAttemptId: attempt.id, completedAt: done ? now : null, updatedAt: now },
    });
  await settleProgress(db, target, progress !== ExerciseProgressStatus.inProgress, now);
}

/**
 * Grades an ended attempt from its answers' scores — the one grading path: the student's finish
 * (automatic scores) and the instructor's evaluation (scores of the checked answers written
 * first) both end here. Score and maximum score on the attempt, then the progress as above.
 */
export async function gradeAttempt(db: Db, target: GradeTarget, attempt: Pick<AttemptRow, 'id' | 'startedAt' | 'exerciseId'>, progress: ExerciseProgressStatus, now: Date): Promise<{ score: number; maxScore: number }> {
  const qs = await questionSlides(db, attempt.exerciseId);
  const rows = await db.select({ score: answers.score }).from(answers).where(eq(answers.attemptId, attempt.id));
  const maxScore = qs.filter(isRated).reduce((s, q) => s + q.maxScore, 0);
  const score = rows.reduce((s, a) => s + (a.score ?? 0), 0);
  await db.update(attempts).set({ score, maxScore }).where(eq(attempts.id, attempt.id));
  await recordProgress(db, target, attempt, progress, score, now);
  return { score, maxScore };
}

/**
 * Ends an attempt (finished by the student, or expired by the clock): score and maximum
 * score, the progress status, and a draft evaluation when an instructor has to check answers.
 * One transaction; a concurrent second call finds the attempt no longer in progress.
 */
export async function finalizeAttempt(db: Db, ctx: StudyContext, attempt: AttemptRow, status: 'finished' | 'expired', now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .update(attempts)
      .set({ status, finishedAt: now })
      .where(and(eq(attempts.id, attempt.id), eq(attempts.status, 'in_progress')))
      .returning();
    if (!locked) return;
    const rows = await tx.select().from(answers).where(eq(answers.attemptId, attempt.id));
    const progress = finalStatus(rows.some(needsManualCheck), ctx.exercise.completionCondition);
    await gradeAttempt(tx as unknown as Db, ctx, attempt, progress, now);
    if (progress === ExerciseProgressStatus.evaluation) {
      await tx.insert(evaluations).values({ attemptId: attempt.id }).onConflictDoNothing();
    }
  });
}

export const sessionNotCompleted = (unanswered: number[]) =>
  new AppError(400, 'SessionNotCompleted', { title: 'study.sessionNotCompleted', extra: { unansweredSlideIds: unanswered } });

/** The final page's data: time, score, per-question correctness and the student's own answers. */
export async function attemptResult(db: Db, ctx: StudyContext, attemptId: number): Promise<AttemptResult> {
  const [a] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  const [p] = await db
    .select()
    .from(exerciseProgress)
    .where(and(eq(exerciseProgress.accountId, ctx.user.accountId), eq(exerciseProgress.courseId, ctx.course.id), eq(exerciseProgress.exerciseId, ctx.exercise.id)));
  const qs = await questionSlides(db, ctx.exercise.id);
  const rows = await db.select().from(answers).where(eq(answers.attemptId, a.id));
  const [competencies] = await db.select({ n: count() }).from(exerciseCompetencies).where(eq(exerciseCompetencies.exerciseId, ctx.exercise.id));
  const byslide = new Map(rows.map((r) => [r.slideId, r]));
  const canRestart = ctx.exercise.exerciseType !== 10 && (p?.restarts ?? 0) < ctx.exercise.restartLimit;
  const showCorrect = a.status !== 'in_progress' && !canRestart;
  const correct = showCorrect ? await correctAnswers(db, qs) : new Map<number, Record<string, unknown>>();
  const questions = qs.map((s) => {
    const ans = byslide.get(s.id);
    return {
      slideId: s.id,
      label: s.label,
      contentKind: s.contentKind,
      required: s.required,
      answered: !!ans,
      correctness: ans ? ans.correctness : null,
      needsReview: ans ? needsManualCheck(ans) : false,
      score: ans?.score ?? (isRated(s) ? 0 : null),
      maxScore: isRated(s) ? s.maxScore : null,
      answer: ans ? ans.value : null,
      correctAnswer: correct.get(s.id) ?? null,
    };
  });
  const status = (p?.status ?? ExerciseProgressStatus.inProgress) as ExerciseProgressStatus;
  const end = a.finishedAt ?? null;
  return {
    sessionId: a.id,
    attemptNo: a.attemptNo,
    attemptStatus: a.status,
    exerciseId: ctx.exercise.id,
    exerciseType: ctx.exercise.exerciseType,
    startedAt: iso(a.startedAt),
    finishedAt: iso(end),
    durationSeconds: end ? Math.round((end.getTime() - a.startedAt.getTime()) / 1000) : null,
    score: a.score,
    maxScore: a.maxScore,
    correctCount: questions.filter((q) => q.correctness === AnswerCorrectness.correct).length,
    questionsCount: questions.filter((q) => q.maxScore !== null).length,
    status,
    statusText: progressStatusText(status),
    failed: p?.failed ?? false,
    requiresReview: status === ExerciseProgressStatus.evaluation,
    restarts: p?.restarts ?? 0,
    restartLimit: ctx.exercise.restartLimit,
    canRestart,
    showsCorrectAnswers: showCorrect,
    competencyCount: Number(competencies?.n ?? 0),
    questions,
  };
}
