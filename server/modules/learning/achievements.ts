import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { achievements, attributes, attributeValues } from '../../db/schema/index.js';
import { AchievementKind } from '../../../shared/enums.js';

/**
 * Achievements (spec 2 §4: first training, profile completed, first course completed), awarded
 * when they happen — once per account (unique account + kind: a second award is a no-op, so
 * concurrent finishes cannot award twice). GET /api/Achievements reads them with their date.
 */
export async function award(db: Db, accountId: number, kind: AchievementKind, courseId: number | null = null, now = new Date()): Promise<void> {
  await db.insert(achievements).values({ accountId, kind, courseId, awardedAt: now }).onConflictDoNothing();
}

/**
 * After an exercise's result is recorded: the first finished exercise earns "first training",
 * the first course completed "first course completed".
 */
export async function awardForProgress(db: Db, accountId: number, courseId: number, finished: boolean, courseCompleted: boolean, now = new Date()): Promise<void> {
  if (finished) await award(db, accountId, AchievementKind.firstTraining, courseId, now);
  if (courseCompleted) await award(db, accountId, AchievementKind.firstCourseCompleted, courseId, now);
}

/**
 * "Profile completed": the profile holds a value for every required attribute (the attributes
 * the join rule 400.14 asks for: attributes.required), profile-wide (not a course's value).
 * A platform with no required attribute awards nothing: there is nothing to complete.
 */
export async function awardIfProfileCompleted(db: Db, accountId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({
      required: sql<number>`count(*)::int`,
      filled: sql<number>`count(*) filter (where exists (select 1 from ${attributeValues} v where v."attribute_id" = "attributes"."id" and v."account_id" = ${accountId}
        and v."training_id" is null and (coalesce(v."value", '') <> '' or v."value_json" is not null or v."file_id" is not null or v."is_has_none_value")))::int`,
    })
    .from(attributes)
    .where(eq(attributes.required, true));
  if (!row || row.required === 0 || row.filled < row.required) return false;
  await award(db, accountId, AchievementKind.profileCompleted, null, now);
  return true;
}
