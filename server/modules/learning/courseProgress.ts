import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { courses } from '../../db/schema/index.js';
import { shownInCourse } from './availability.js';
import { rowsOf } from '../../db/rows.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CourseKey = Pick<typeof courses.$inferSelect, 'id' | 'programId'>;

/**
 * The stored progress of enrolments (enrolments.progress 0..1, completed, completedAt — what the
 * instructor's student list, my courses and the welcome statistics read): the exercises the
 * course shows (as the course page counts them) completed (status 4 or 5, not a failed SCORM
 * result), over all of them.
 * Called in the transaction of every write of an exercise's progress that ends or restarts it
 * (finish, expiry, SCORM result, restart), for that one student; the course's recalculation
 * (success/execute) runs it for every student as a repair.
 */
export async function refreshProgress(db: Db | Tx, course: CourseKey, accountId?: number): Promise<{ completed: boolean }[]> {
  // two finishes of one student at once: the second waits here for the first to commit, so the
  // count below (a new snapshot) includes the first one's exercise
  if (accountId !== undefined) await db.execute(sql`select 1 from "enrolments" where "course_id" = ${course.id} and "account_id" = ${accountId} for update`);
  const result = await db.execute(sql`
    with shown as (
      select e."id" from "exercises" e join "lessons" l on l."id" = e."lesson_id"
      where e."program_id" = ${course.programId} and ${shownInCourse(sql`e."id"`, sql`l."constraints"`, course.id)}
    ),
    total as (select count(*)::int as n from shown),
    done as (
      select en."id", (
        select count(*)::int from "exercise_progress" p
        where p."course_id" = en."course_id" and p."account_id" = en."account_id" and p."status" in (4, 5) and not p."failed" and p."exercise_id" in (select "id" from shown)
      ) as n
      from "enrolments" en
      where en."course_id" = ${course.id} ${accountId === undefined ? sql`` : sql`and en."account_id" = ${accountId}`}
    )
    update "enrolments" e set
      "progress" = case when total.n = 0 then 0 else least(1, done.n::float / total.n) end,
      "completed" = (total.n > 0 and done.n >= total.n),
      "completed_at" = case when total.n > 0 and done.n >= total.n then coalesce(e."completed_at", now()) else null end
    from done, total
    where e."id" = done."id"
    returning e."completed"`);
  return rowsOf<{ completed: boolean }>(result);
}
