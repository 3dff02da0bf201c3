import type { Db } from '../../db/client.js';
import type { AttemptRow } from './attempts.js';
import type { StudyContext } from './context.js';
import { finalizeAttempt } from './finish.js';
import { closeScormAttempt, defaultSco, readOutcome, savedCmi, scoOf, scormPackageOf } from './scormRuntime.js';

/**
 * Ends an attempt the way its exercise is scored: a SCORM exercise keeps the result its
 * package reported (it has no question answers to grade), every other exercise is graded
 * from its answers.
 */
export function closeAttempt(db: Db, ctx: StudyContext, attempt: AttemptRow, status: 'finished' | 'expired', now = new Date()): Promise<void> {
  if (ctx.exercise.kind === 'scorm') return closeScormAttempt(db, ctx, attempt, status, now);
  return finalizeAttempt(db, ctx, attempt, status, now);
}

/** Whether the SCORM package of the attempt reported completed, passed or failed (finishing before that is 'session not completed'). */
export async function scormReportedResult(db: Db, ctx: StudyContext, attempt: AttemptRow): Promise<boolean> {
  const pkg = scormPackageOf(ctx.exercise);
  return readOutcome(pkg.version, await savedCmi(db, attempt.id, defaultSco(pkg)), scoOf(pkg, defaultSco(pkg))).terminal;
}
