import { and, eq, isNull, sql } from 'drizzle-orm';
import type { VisitMark } from '../../../shared/calls/visitJournal.js';
import type { Db } from '../../db/client.js';
import { visits } from '../../db/schema/index.js';
import { toMark } from './journal.js';

/** What a mark is on: an exercise (its lesson kept beside it) or a lesson itself. */
export type MarkTarget = { kind: 'exercise'; exerciseId: number; lessonId: number } | { kind: 'lesson'; lessonId: number };

/**
 * Sets the instructor's presence marks (spec 2 §5 "visit mark: set with a create call"): one row per
 * course, target and student; it replaces a digital-code mark or the student's absence report
 * (the instructor's word wins), and setting it again only renews who marked and when.
 */
export async function setMarks(db: Db, courseId: number, target: MarkTarget, studentIds: number[], markedBy: number, now = new Date()): Promise<VisitMark> {
  const values = studentIds.map((studentId) => ({
    courseId,
    lessonId: target.lessonId,
    exerciseId: target.kind === 'exercise' ? target.exerciseId : null,
    studentId,
    markedBy,
    source: 'manual',
    markedAt: now,
  }));
  const set = { source: 'manual', markedBy, markedAt: now, lessonId: target.lessonId };
  if (target.kind === 'exercise') {
    await db.insert(visits).values(values).onConflictDoUpdate({ target: [visits.courseId, visits.exerciseId, visits.studentId], targetWhere: sql`exercise_id is not null`, set });
  } else {
    await db.insert(visits).values(values).onConflictDoUpdate({ target: [visits.courseId, visits.lessonId, visits.studentId], targetWhere: sql`exercise_id is null`, set });
  }
  return toMark({ source: 'manual', markedAt: now });
}

/** Clears a student's mark of the target, whatever its source (spec 2 §5 "cleared with a delete call"); true when there was one. */
export async function clearMark(db: Db, courseId: number, target: MarkTarget, studentId: number): Promise<boolean> {
  const where =
    target.kind === 'exercise'
      ? and(eq(visits.courseId, courseId), eq(visits.exerciseId, target.exerciseId), eq(visits.studentId, studentId))
      : and(eq(visits.courseId, courseId), eq(visits.lessonId, target.lessonId), isNull(visits.exerciseId), eq(visits.studentId, studentId));
  const gone = await db.delete(visits).where(where).returning({ id: visits.id });
  return gone.length > 0;
}

