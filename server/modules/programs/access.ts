import { and, eq, exists, not, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { exercises, lessons, programs } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';

/**
 * Who sees which program (no IDOR by construction: every lookup goes through here and
 * answers 404 for a program the caller may not see):
 *
 * - Root sees every program.
 * - An instructor who passed the route's rule ('programs') sees the programs they author
 *   (program_authors) and the programs that have no author at all. The last case covers
 *   demo/seeded programs (the demo accounts exist only after their first sign-in, so seeded
 *   programs cannot name authors); a program created through the API always has its
 *   creator as author, and the last author cannot be excluded.
 */
export function visibleProgramsWhere(user: AuthUser): SQL | undefined {
  if (user.role === 'Root') return undefined;
  const authored = exists(
    sql`(select 1 from "program_authors" pa where pa."program_id" = "programs"."id" and pa."account_id" = ${user.accountId})`,
  );
  const authorless = not(exists(sql`(select 1 from "program_authors" pa where pa."program_id" = "programs"."id")`));
  return or(authored, authorless);
}

export const programNotFound = () => notFound('ProgramNotFound', { title: 'programs.notFound' });
export const lessonNotFound = () => notFound('LessonNotFound', { title: 'programs.lessonNotFound' });
export const exerciseNotFound = () => notFound('ExerciseNotFound', { title: 'programs.exerciseNotFound' });

export type ProgramRow = typeof programs.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type ExerciseRow = typeof exercises.$inferSelect;

/** The program when the caller may see it; 404 otherwise (also for a malformed id). */
export async function loadProgram(db: Db, user: AuthUser, rawId: string | number | undefined): Promise<ProgramRow> {
  const id = parseIntId(rawId);
  if (id === null) throw programNotFound();
  const [row] = await db.select().from(programs).where(and(eq(programs.id, id), visibleProgramsWhere(user))).limit(1);
  if (!row) throw programNotFound();
  return row;
}

/** The lesson of a visible program; 404 when the lesson is not in that program. */
export async function loadLesson(
  db: Db,
  user: AuthUser,
  rawProgramId: string | number | undefined,
  rawLessonId: string | number | undefined,
): Promise<{ program: ProgramRow; lesson: LessonRow }> {
  const program = await loadProgram(db, user, rawProgramId);
  const lessonId = parseIntId(rawLessonId);
  if (lessonId === null) throw lessonNotFound();
  const [lesson] = await db.select().from(lessons).where(and(eq(lessons.id, lessonId), eq(lessons.programId, program.id))).limit(1);
  if (!lesson) throw lessonNotFound();
  return { program, lesson };
}

/**
 * The exercise when the caller may see its program. With a program id (paths under
 * .../Courses/{programId}/...), the exercise must belong to that program.
 * Exported for the slides module: every slide call checks its exercise through here.
 */
export async function loadExercise(
  db: Db,
  user: AuthUser,
  rawExerciseId: string | number | undefined,
  rawProgramId?: string | number,
): Promise<{ program: ProgramRow; exercise: ExerciseRow }> {
  const id = parseIntId(rawExerciseId);
  if (id === null) throw exerciseNotFound();
  const [exercise] = await db.select().from(exercises).where(eq(exercises.id, id)).limit(1);
  if (!exercise) throw exerciseNotFound();
  if (rawProgramId !== undefined && parseIntId(rawProgramId) !== exercise.programId) throw exerciseNotFound();
  const [program] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.id, exercise.programId), visibleProgramsWhere(user)))
    .limit(1);
  if (!program) throw exerciseNotFound();
  return { program, exercise };
}
