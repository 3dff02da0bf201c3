import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../../auth/context.js';
import type { Db } from '../../../db/client.js';
import { courseGroupItems, courseGroups } from '../../../db/schema/index.js';
import { forbidden, notFound } from '../../../errors.js';
import { parseIntId } from '../../../resources/records.js';
import { myCourseIds } from '../access.js';
import { rowsOf } from '../../../db/rows.js';

/**
 * Who sees and who manages which course group (API "Set"). No IDOR by construction: every
 * lookup goes through loadCourseGroup, which answers 404 for a group the caller may not see.
 *
 * - Root sees and manages every group.
 * - An instructor manages the groups they created and everything below them (child groups
 *   are made by whoever manages the parent, so ownership flows down the tree).
 * - An instructor also sees (without managing) the groups holding a course they run, and
 *   the groups above those, so the tree around their courses reads whole.
 */
export type CourseGroupRow = typeof courseGroups.$inferSelect;

export const courseGroupNotFound = () => notFound('SetNotFound', { title: 'sets.notFound' });


/** Subquery of the ids of the groups the caller manages. */
export function manageableGroupIds(user: AuthUser): SQL {
  return sql`(with recursive owned as (
      select g."id" from "course_groups" g where g."created_by" = ${user.accountId}
      union select g."id" from "course_groups" g join owned o on g."parent_id" = o."id"
    ) select "id" from owned)`;
}

/** Subquery of the ids of the groups the caller sees. */
export function visibleGroupIds(user: AuthUser): SQL {
  return sql`(with recursive owned as (
      select g."id" from "course_groups" g where g."created_by" = ${user.accountId}
      union select g."id" from "course_groups" g join owned o on g."parent_id" = o."id"
    ), up as (
      select i."course_group_id" as "id" from "course_group_items" i where i."course_id" in ${myCourseIds(user)}
      union select g."parent_id" from "course_groups" g join up on g."id" = up."id" where g."parent_id" is not null
    ) select "id" from owned union select "id" from up)`;
}

export function visibleCourseGroupsWhere(user: AuthUser): SQL | undefined {
  return user.role === 'Root' ? undefined : sql`${courseGroups.id} in ${visibleGroupIds(user)}`;
}

export async function canManageCourseGroup(db: Db, user: AuthUser, id: number): Promise<boolean> {
  if (user.role === 'Root') return true;
  const [row] = await db
    .select({ id: courseGroups.id })
    .from(courseGroups)
    .where(and(eq(courseGroups.id, id), sql`${courseGroups.id} in ${manageableGroupIds(user)}`))
    .limit(1);
  return !!row;
}

/** The group when the caller sees it (404 otherwise); with `manage`, 403 when they only see it. */
export async function loadCourseGroup(db: Db, user: AuthUser, rawId: string | number | undefined, manage = false): Promise<CourseGroupRow & { canManage: boolean }> {
  const id = parseIntId(rawId);
  if (id === null) throw courseGroupNotFound();
  const [row] = await db.select().from(courseGroups).where(and(eq(courseGroups.id, id), visibleCourseGroupsWhere(user))).limit(1);
  if (!row) throw courseGroupNotFound();
  const canManage = await canManageCourseGroup(db, user, row.id);
  if (manage && !canManage) throw forbidden('Forbidden', { title: 'sets.forbidden' });
  return { ...row, canManage };
}

/** Ids of the group and every group below it. */
export async function subtreeGroupIds(db: Db, rootId: number): Promise<number[]> {
  const result = await db.execute(sql`with recursive t as (
      select g."id" from "course_groups" g where g."id" = ${rootId}
      union select g."id" from "course_groups" g join t on g."parent_id" = t."id"
    ) select "id" from t`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** Distinct ids of the courses anywhere in the subtree. */
export async function subtreeCourseIds(db: Db, rootId: number): Promise<number[]> {
  const groupIds = await subtreeGroupIds(db, rootId);
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: courseGroupItems.courseId })
    .from(courseGroupItems)
    .where(inArray(courseGroupItems.courseGroupId, groupIds))
    .orderBy(courseGroupItems.courseId);
  return rows.map((r) => r.id);
}

/** The chain of groups above a group, top first. */
export async function ancestors(db: Db, id: number): Promise<{ id: number; label: string; parentId: number | null }[]> {
  const result = await db.execute(sql`with recursive up as (
      select g."id", g."parent_id", g."label", 0 as depth from "course_groups" g where g."id" = ${id}
      union all select g."id", g."parent_id", g."label", up.depth + 1 from "course_groups" g join up on g."id" = up."parent_id" where up.depth < 100
    ) select "id", "label", "parent_id" as "parentId", depth from up where depth > 0 order by depth desc`);
  return rowsOf<{ id: number; label: string; parentId: number | null }>(result).map((r) => ({
    id: Number(r.id),
    label: r.label,
    parentId: r.parentId === null ? null : Number(r.parentId),
  }));
}

/** The groups among `ids` the caller sees (Root: all). */
export async function visibleGroupsAmong(db: Db, user: AuthUser, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: courseGroups.id })
    .from(courseGroups)
    .where(and(inArray(courseGroups.id, ids), visibleCourseGroupsWhere(user)));
  return new Set(rows.map((r) => r.id));
}
