import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attempts, enrolments } from '../../db/schema/index.js';
import { ExerciseProgressStatus } from '../../../shared/enums.js';
import { createAttempt } from '../study/attempts.js';
import type { StudyContext } from '../study/context.js';
import { finalStatus, recordProgress } from '../study/finish.js';
import { exerciseMaxScore } from '../study/scormRuntime.js';
import type { CourseRow, ExerciseRow } from '../study/context.js';

/** An AGS score (the fields ELP reads). */
export interface LtiScore {
  scoreGiven?: number;
  scoreMaximum?: number;
  activityProgress: 'Initialized' | 'Started' | 'InProgress' | 'Submitted' | 'Completed';
  gradingProgress: 'FullyGraded' | 'Pending' | 'PendingManual' | 'Failed' | 'NotReady';
}

/**
 * A tool's score becomes the student's result of the exercise by the path every result takes
 * (study/finish.ts recordProgress: progress, course progress, competencies, achievements, the
 * journal reads attempts and progress): the latest attempt (one is made when there is none) gets
 * the score scaled to the exercise's maximum (100 for an exercise without rated slides, as SCORM);
 * FullyGraded ends it with the exercise's completion rule, PendingManual leaves it awaiting a
 * check, anything else keeps it in progress with the score so far.
 */
export async function applyScore(db: Db, course: CourseRow, exercise: ExerciseRow, accountId: number, s: LtiScore, now = new Date()): Promise<boolean> {
  const maxScore = await exerciseMaxScore(db, exercise.id);
  const score = s.scoreGiven === undefined || !s.scoreMaximum ? null : Math.round(Math.min(1, Math.max(0, s.scoreGiven / s.scoreMaximum)) * maxScore * 100) / 100;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [enrolled] = await t.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, accountId), eq(enrolments.status, 1)));
    if (!enrolled) return false;
    const ctx = { user: { accountId }, course, exercise } as unknown as StudyContext;
    let [attempt] = await t
      .select()
      .from(attempts)
      .where(and(eq(attempts.accountId, accountId), eq(attempts.courseId, course.id), eq(attempts.exerciseId, exercise.id), ne(attempts.status, 'discarded')))
      .orderBy(desc(attempts.attemptNo))
      .limit(1)
      .for('update');
    if (!attempt) attempt = await createAttempt(t, ctx, now);
    const graded = s.gradingProgress === 'FullyGraded';
    const progress = graded ? finalStatus(false, exercise.completionCondition) : s.gradingProgress === 'PendingManual' ? finalStatus(true, exercise.completionCondition) : ExerciseProgressStatus.inProgress;
    const ended = progress !== ExerciseProgressStatus.inProgress;
    await t
      .update(attempts)
      .set({ score, maxScore, ...(ended ? { status: 'finished' as const, finishedAt: attempt.finishedAt ?? now } : {}) })
      .where(eq(attempts.id, attempt.id));
    await recordProgress(t, ctx, attempt, progress, score, now);
    return true;
  });
}
