import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProgramPathsAnalytics, ProgramPathsCourse, PathsStep, PathsTransition } from '../../../shared/calls/learningAnalytics.js';
import { courseAllows, type CourseMember } from '../../../shared/permissions.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courseInstructors, courses, programAuthors, programs } from '../../db/schema/index.js';
import { forbidden } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import { memberOf, type CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { programNotFound, visibleProgramsWhere } from '../programs/access.js';
import { percent } from './common.js';
import { pathsAnalytics } from './paths.js';

/** Transitions listed at most, as for a course. */
const TRANSITIONS = 20;

/**
 * How the program's author reads a course they are not on the staff of: every student, as its
 * instructors do (the paths hold counts only, no names). Not a membership: nothing else reads it.
 */
const WHOLE_COURSE: CourseMember = { role: 'instructor', panelPermissions: [] };

/**
 * The courses of the program the caller may read the paths of: Root and the program's authors
 * every course, an instructor the courses whose journal they may read (a tutor: their students).
 * A program they have none of is refused: 403 when they may see the program, else 404.
 */
async function readableCourses(db: Db, user: AuthUser, rawProgramId: string | number): Promise<{ program: { id: number; label: string }; courses: CourseAccess[] }> {
  const id = parseIntId(rawProgramId);
  if (id === null) throw programNotFound();
  const [program] = await db.select({ id: programs.id, label: programs.label }).from(programs).where(eq(programs.id, id)).limit(1);
  if (!program) throw programNotFound();
  const [authored] = user.role === 'Root' ? [{ ok: 1 }] : await db.select({ ok: sql`1` }).from(programAuthors).where(and(eq(programAuthors.programId, id), eq(programAuthors.accountId, user.accountId))).limit(1);
  const rows = await db
    .select({ c: courses, role: courseInstructors.courseRole, panel: courseInstructors.panelPermissions })
    .from(courses)
    .leftJoin(courseInstructors, and(eq(courseInstructors.courseId, courses.id), eq(courseInstructors.accountId, user.accountId)))
    .where(eq(courses.programId, id))
    .orderBy(asc(courses.begin), asc(courses.id));
  const readable: CourseAccess[] = [];
  for (const r of rows) {
    const member = memberOf(user, r.c, r.role ? { role: r.role, panel: r.panel ?? [] } : null);
    if (authored && (!member || member.role === 'tutor' || member.role === 'moderator')) readable.push({ course: r.c, member: WHOLE_COURSE });
    else if (member && courseAllows(member, 'journal')) readable.push({ course: r.c, member });
  }
  if (!authored && readable.length === 0) {
    const [visible] = await db.select({ id: programs.id }).from(programs).where(and(eq(programs.id, id), visibleProgramsWhere(user))).limit(1);
    throw visible ? forbidden() : programNotFound();
  }
  return { program, courses: readable };
}

/** The program's exercises in its order (lessons, then exercises): the intended order across its courses. */
async function programOrder(db: Db, programId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select e."id" from "exercises" e join "lessons" l on l."id" = e."lesson_id"
      where e."program_id" = ${programId} order by l."sequence", l."id", e."sequence", e."id"`),
  );
  return new Map(rows.map((r, i) => [r.id, i]));
}

/**
 * Paths through a program across its courses: each course's paths (server/modules/learningAnalytics/paths.ts)
 * summed step by step in the program's order — a step a course hides counts nothing there — with
 * the drop-off taken again against the summed step before, the moves summed (a jump where any
 * course saw one), and each course's finish, order and stops beside the others.
 */
export async function programPathsAnalytics(db: Db, user: AuthUser, rawProgramId: string | number): Promise<ProgramPathsAnalytics> {
  const { program, courses: readable } = await readableCourses(db, user, rawProgramId);
  const order = await programOrder(db, program.id);
  const steps = new Map<number, PathsStep>();
  const moves = new Map<string, PathsTransition>();
  const perCourse: ProgramPathsCourse[] = [];
  let students = 0;
  let finished = 0;
  let offOrder = 0;
  for (const access of readable) {
    const paths = await pathsAnalytics(db, access, user, {});
    students += paths.students;
    finished += paths.finished;
    offOrder += paths.offOrder;
    for (const s of paths.steps) {
      const sum = steps.get(s.exerciseId);
      if (!sum) steps.set(s.exerciseId, { ...s });
      else {
        sum.reached += s.reached;
        sum.completed += s.completed;
        sum.stoppedHere += s.stoppedHere;
        sum.outOfOrder += s.outOfOrder;
      }
    }
    for (const t of paths.transitions) {
      const key = `${t.fromExerciseId}:${t.toExerciseId}`;
      const sum = moves.get(key);
      if (!sum) moves.set(key, { ...t });
      else {
        sum.students += t.students;
        sum.jump ||= t.jump;
      }
    }
    const stopped = paths.steps.reduce((n, s) => n + s.stoppedHere, 0);
    const top = paths.steps.reduce<PathsStep | null>((a, s) => (s.stoppedHere > (a?.stoppedHere ?? 0) ? s : a), null);
    perCourse.push({
      courseId: access.course.id,
      label: access.course.label,
      students: paths.students,
      finished: paths.finished,
      finishedPercent: percent(paths.finished, paths.students),
      offOrder: paths.offOrder,
      offOrderPercent: percent(paths.offOrder, paths.students),
      stopped,
      stoppedPercent: percent(stopped, paths.students),
      topStop: top ? { exerciseId: top.exerciseId, label: top.label, students: top.stoppedHere } : null,
    });
  }
  const place = (id: number) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...steps.values()].sort((a, b) => place(a.exerciseId) - place(b.exerciseId));
  const merged = ordered.map((s, i): PathsStep => {
    const dropOff = i === 0 ? 0 : Math.max(0, ordered[i - 1].reached - s.reached);
    return { ...s, position: i + 1, dropOff, dropOffPercent: i === 0 ? 0 : percent(dropOff, ordered[i - 1].reached) };
  });
  const transitions = [...moves.values()].sort((a, b) => b.students - a.students || place(a.toExerciseId) - place(b.toExerciseId)).slice(0, TRANSITIONS);
  return { program, students, finished, offOrder, steps: merged, transitions, courses: perCourse };
}
