import { and, eq, inArray } from 'drizzle-orm';
import { forgetAttempts } from '../../content/capability.js';
import type { Db } from '../../db/client.js';
import { attempts, exerciseProgress } from '../../db/schema/index.js';
import { ExerciseType } from '../../../shared/enums.js';
import { AppError } from '../../errors.js';
import { createAttempt, type AttemptRow } from './attempts.js';
import type { StudyContext } from './context.js';
import { settleProgress } from './grading.js';

export const lectureRestart = () => new AppError(400, 'LectureRestart', { title: 'study.restartLecture' });
export const restartExceeded = () => new AppError(401, 'RestartCountExceeded', { title: 'study.restartExceeded' });

/**
 * A retake (spec 2 §5): the restart call is the student's confirmation. Lectures cannot be
 * retaken (400); past the exercise's restart limit the answer is 401 (spec 3 §8.3). The
 * earlier attempts are discarded (kept for the record, no longer the result), the progress
 * goes back to "in progress" (and the course progress with it) and a new attempt starts — all in
 * one transaction.
 */
export async function restartExercise(db: Db, ctx: StudyContext, now = new Date()): Promise<AttemptRow> {
  if (ctx.exercise.exerciseType === ExerciseType.lecture) throw lectureRestart();
  const { attempt, discarded } = await db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(exerciseProgress)
      .where(and(eq(exerciseProgress.accountId, ctx.user.accountId), eq(exerciseProgress.courseId, ctx.course.id), eq(exerciseProgress.exerciseId, ctx.exercise.id)))
      .for('update');
    const used = p?.restarts ?? 0;
    if (used >= ctx.exercise.restartLimit) throw restartExceeded();
    const discarded = await tx
      .update(attempts)
      .set({ status: 'discarded' })
      .where(
        and(
          eq(attempts.accountId, ctx.user.accountId),
          eq(attempts.courseId, ctx.course.id),
          eq(attempts.exerciseId, ctx.exercise.id),
          inArray(attempts.status, ['in_progress', 'finished', 'expired']),
        ),
      )
      .returning({ id: attempts.id });
    const attempt = await createAttempt(tx as unknown as Db, ctx, now);
    await tx
      .update(exerciseProgress)
      .set({ restarts: used + 1, updatedAt: now })
      .where(and(eq(exerciseProgress.accountId, ctx.user.accountId), eq(exerciseProgress.courseId, ctx.course.id), eq(exerciseProgress.exerciseId, ctx.exercise.id)));
    await settleProgress(tx as unknown as Db, ctx, false, now);
    return { attempt, discarded };
  });
  // after the commit: a SCORM package still open on a discarded attempt is refused at once
  forgetAttempts(db, discarded.map((a) => a.id));
  return attempt;
}
