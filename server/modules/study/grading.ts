import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { courses } from '../../db/schema/index.js';
import { attempts, competencyScores, exerciseCompetencies, exerciseProgress } from '../../db/schema/index.js';
import { ExerciseProgressStatus } from '../../../shared/enums.js';
import { refreshProgress } from '../learning/courseProgress.js';
import { awardForProgress } from '../learning/achievements.js';
import { resultChanged } from '../../events/results.js';

/**
 * What follows a change of a student's result on an exercise, whoever made it (the student's
 * finish or expiry, a SCORM result, a retake, the instructor's evaluation or its revert): the
 * course progress, the competency scores of the exercise and the achievements. Runs in the
 * transaction of that change.
 */

/** Who and what a result is about: a StudyContext, or the evaluator's view of a student's attempt. */
export interface GradeTarget {
  user: { accountId: number };
  course: Pick<typeof courses.$inferSelect, 'id' | 'programId'>;
  exercise: { id: number };
}

const DONE = [ExerciseProgressStatus.completed, ExerciseProgressStatus.completedWithoutVerification] as number[];

/**
 * The student's score (0..1, two decimals) in each competency the exercise carries: the share of
 * the exercise's maximum score the result holds, once the exercise is completed (4 or 5; an
 * exercise without rated questions counts 1). While it waits for a check, is in progress or was
 * retaken there is no score (the row goes): only graded work counts.
 */
export async function syncCompetencyScores(db: Db, target: GradeTarget, now = new Date()): Promise<void> {
  const comps = await db.select({ id: exerciseCompetencies.id }).from(exerciseCompetencies).where(eq(exerciseCompetencies.exerciseId, target.exercise.id));
  if (!comps.length) return;
  const ids = comps.map((c) => c.id);
  const [p] = await db
    .select({ status: exerciseProgress.status, score: exerciseProgress.score, maxScore: attempts.maxScore })
    .from(exerciseProgress)
    .leftJoin(attempts, eq(attempts.id, exerciseProgress.lastAttemptId))
    .where(and(eq(exerciseProgress.accountId, target.user.accountId), eq(exerciseProgress.courseId, target.course.id), eq(exerciseProgress.exerciseId, target.exercise.id)));
  const mine = and(eq(competencyScores.accountId, target.user.accountId), eq(competencyScores.courseId, target.course.id), inArray(competencyScores.competencyId, ids));
  if (!p || !DONE.includes(p.status)) {
    await db.delete(competencyScores).where(mine);
    return;
  }
  const value = competencyValue(p.score, p.maxScore);
  await db
    .insert(competencyScores)
    .values(ids.map((competencyId) => ({ accountId: target.user.accountId, courseId: target.course.id, competencyId, value, updatedAt: now })))
    .onConflictDoUpdate({ target: [competencyScores.accountId, competencyScores.courseId, competencyScores.competencyId], set: { value: sql`excluded."value"`, updatedAt: now } });
}

/** score / maxScore within 0..1, two decimals; no maximum (nothing rated) = 1. */
export function competencyValue(score: number | null, maxScore: number | null): number {
  if (!maxScore || maxScore <= 0) return 1;
  const share = Math.min(1, Math.max(0, (score ?? 0) / maxScore));
  return Math.round(share * 100) / 100;
}

/**
 * After the exercise's progress row was written: the course progress (enrolments), the
 * competency scores, and the achievements the change earns (the first finished exercise, the
 * first completed course), then what listens to results (server/events/results.ts: the course's
 * automation conditions). `finished`: the change ended an attempt with a result.
 */
export async function settleProgress(db: Db, target: GradeTarget, finished: boolean, now = new Date()): Promise<void> {
  const [enrolment] = await refreshProgress(db, target.course, target.user.accountId);
  await syncCompetencyScores(db, target, now);
  await awardForProgress(db, target.user.accountId, target.course.id, finished, !!enrolment?.completed, now);
  await resultChanged({ db, courseId: target.course.id, programId: target.course.programId, accountId: target.user.accountId, exerciseId: target.exercise.id, at: now });
}
