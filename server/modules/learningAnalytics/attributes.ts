import { sql } from 'drizzle-orm';
import type { CourseStudentAttribute } from '../../../shared/calls/learningAnalytics.js';
import type { Db } from '../../db/client.js';
import type { CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { studentsWhere, type Who } from '../journal/query.js';

/**
 * The attributes of a course's students: those the course asks (in its order) and those any of
 * its studying students (a tutor: their own) has a value of, with how many have one; the
 * columns an answers export may add (spec 3 §7.10 attributeIds).
 */
export async function courseStudentAttributes(db: Db, access: CourseAccess, who: Who): Promise<CourseStudentAttribute[]> {
  const courseId = access.course.id;
  const rows = rowsOf<{ id: number; label: string; type: number; course: boolean; filled: number }>(
    await db.execute(sql`with st as (select en."account_id" from "enrolments" en join "accounts" a on a."id" = en."account_id" where ${studentsWhere(access, who, {})}),
        filled as (
          select v."attribute_id", count(distinct v."account_id")::int as "n" from "attribute_values" v
           where v."account_id" in (select "account_id" from st) and (v."training_id" is null or v."training_id" = ${courseId})
             and (coalesce(v."value", '') <> '' or v."value_json" is not null or v."file_id" is not null or v."is_has_none_value")
           group by v."attribute_id")
      select at."id", at."label", at."type", (ca."attribute_id" is not null) as "course", coalesce(f."n", 0)::int as "filled"
        from "attributes" at
        left join "course_attributes" ca on ca."attribute_id" = at."id" and ca."course_id" = ${courseId}
        left join filled f on f."attribute_id" = at."id"
       where ca."attribute_id" is not null or f."n" > 0
       order by (ca."attribute_id" is null), ca."sequence", at."sequence", at."label", at."id"`),
  );
  return rows.map((r) => ({ id: r.id, label: r.label, type: r.type, course: r.course, filled: r.filled }));
}
