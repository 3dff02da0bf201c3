import { sql } from 'drizzle-orm';
import { codesOf, ExerciseType } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { courseExercisesSql, studentsWhere, type Who } from '../journal/query.js';

/** An exercise of the course in course order. */
export interface CourseExercise {
  id: number;
  label: string;
  exercise_type: ExerciseType;
  lesson_id: number;
  lesson_label: string;
}

/** The exercises the course shows (of `types`, default all) in course order. */
export async function courseExercises(db: Db, access: CourseAccess, types: readonly number[] = codesOf(ExerciseType)): Promise<CourseExercise[]> {
  return rowsOf<CourseExercise>(
    await db.execute(sql`select x."id", x."label", x."exercise_type", x."lesson_id", x."lesson_label" from (${courseExercisesSql(access, types)}) x
      order by x."lesson_seq", x."lesson_id", x."seq", x."id"`),
  );
}

export interface CourseStudent {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  group_id: number | null;
  group_label: string | null;
}

/** The studying students the filters and the caller's scope keep (a tutor: their own), by name. */
export async function courseStudents(db: Db, access: CourseAccess, who: Who, f: { groupId?: number; search?: string }): Promise<CourseStudent[]> {
  return rowsOf<CourseStudent>(
    await db.execute(sql`select a."id", a."first_name", a."last_name", a."email", en."group_id", g."label" as "group_label"
      from "enrolments" en join "accounts" a on a."id" = en."account_id" left join "groups" g on g."id" = en."group_id"
      where ${studentsWhere(access, who, f)}
      order by a."last_name" nulls last, a."first_name" nulls last, a."id"`),
  );
}

/** A timestamp column as read from either driver (Date or string). */
export const time = (v: Date | string | null | undefined): number | null => (v === null || v === undefined ? null : new Date(v).getTime());

/** YYYY-MM-DD of a time (UTC). */
export const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

export const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
