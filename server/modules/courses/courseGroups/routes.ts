import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { courseGroupCalls as calls } from '../../../../shared/calls/courseGroups.js';
import {
  type CourseGroupChild,
  type CourseGroupInput,
  type CourseGroupRecord,
  type HierarchyNode,
} from '../../../../shared/courseGroups.js';
import { parseApiDate } from '../../../../shared/courses.js';
import { TrainingKind } from '../../../../shared/enums.js';
import { currentUser, type AuthUser } from '../../../auth/context.js';
import type { Db } from '../../../db/client.js';
import { courseGroupItems, courseGroups, courses } from '../../../db/schema/index.js';
import { requestLang, validationError } from '../../../errors.js';
import { translate } from '../../../i18n/messages.js';
import { checkPictureAddress, cleanPlainText } from '../../../richtext/index.js';
import { myCourseIds, visibleCourseIds, visibleCoursesWhere } from '../access.js';
import { route } from '../../../http/route.js';
import { iso } from '../common.js';
import { ancestors, canManageCourseGroup, loadCourseGroup, subtreeCourseIds, subtreeGroupIds, visibleGroupsAmong, visibleGroupIds, type CourseGroupRow } from './access.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const toDate = (v: string | null | undefined, edge: 'start' | 'end' = 'start') => (v ? parseApiDate(v, edge) ?? null : null);

/** Direct children of a group in order: groups and courses share one sequence space. */
async function children(db: Db, user: AuthUser, group: CourseGroupRow & { canManage: boolean }): Promise<CourseGroupChild[]> {
  const groupRows = await db
    .select({ id: courseGroups.id, label: courseGroups.label, begin: courseGroups.begin, end: courseGroups.end, picture: courseGroups.picture, sequence: courseGroups.sequence })
    .from(courseGroups)
    .where(eq(courseGroups.parentId, group.id));
  const courseRows = await db
    .select({ id: courses.id, label: courses.label, begin: courses.begin, end: courses.end, picture: courses.picture, sequence: courseGroupItems.sequence })
    .from(courseGroupItems)
    .innerJoin(courses, eq(courses.id, courseGroupItems.courseId))
    // the manager of a group sees all of it; others see what they may open
    .where(and(eq(courseGroupItems.courseGroupId, group.id), group.canManage ? undefined : visibleCoursesWhere(user)));
  const visibleGroups = group.canManage ? null : await visibleGroupsAmong(db, user, groupRows.map((g) => g.id));
  const items: CourseGroupChild[] = [
    ...groupRows
      .filter((g) => !visibleGroups || visibleGroups.has(g.id))
      .map((g) => ({ ...g, type: TrainingKind.courseGroup, begin: iso(g.begin), end: iso(g.end) })),
    ...courseRows.map((c) => ({ ...c, type: TrainingKind.course, begin: iso(c.begin), end: iso(c.end) })),
  ];
  return items.sort((a, b) => a.sequence - b.sequence || a.type - b.type || a.id - b.id);
}

async function groupRecord(db: Db, user: AuthUser, group: CourseGroupRow & { canManage: boolean }): Promise<CourseGroupRecord> {
  const trainings = await db
    .select({ id: courses.id, label: courses.label })
    .from(courseGroupItems)
    .innerJoin(courses, eq(courses.id, courseGroupItems.courseId))
    .where(and(eq(courseGroupItems.courseGroupId, group.id), group.canManage ? undefined : visibleCoursesWhere(user)))
    .orderBy(courseGroupItems.sequence, courses.id);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(courseGroups).where(eq(courseGroups.parentId, group.id));
  const all = await subtreeCourseIds(db, group.id);
  const coursesCount = group.canManage ? all.length : (await visibleCourseIds(db, user, all)).size;
  return {
    id: group.id,
    parentId: group.parentId,
    label: group.label,
    description: group.description,
    picture: group.picture,
    begin: iso(group.begin),
    end: iso(group.end),
    isPublished: group.isPublished,
    trainingIds: trainings.map((t) => t.id),
    trainings,
    childrenCount: Number(n),
    coursesCount,
    canManage: group.canManage,
    createdAt: group.createdAt.toISOString(),
  };
}

/** trainingIds must name courses the caller may see; 400 on the field otherwise. */
async function checkCourses(db: Db, user: AuthUser, request: FastifyRequest, ids: number[] | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const visible = await visibleCourseIds(db, user, unique);
  const unknown = unique.filter((id) => !visible.has(id));
  if (unknown.length) throw validationError({ trainingIds: translate(requestLang(request), 'sets.unknownCourses', { ids: unknown.join(', ') }) });
  return unique;
}

/** The next free sequence among a parent's children. */
async function nextSequence(tx: Tx | Db, parentId: number | null): Promise<number> {
  const [g] = await tx
    .select({ m: sql<number>`coalesce(max(${courseGroups.sequence}), -1)::int` })
    .from(courseGroups)
    .where(parentId === null ? isNull(courseGroups.parentId) : eq(courseGroups.parentId, parentId));
  const [i] =
    parentId === null
      ? [{ m: -1 }]
      : await tx.select({ m: sql<number>`coalesce(max(${courseGroupItems.sequence}), -1)::int` }).from(courseGroupItems).where(eq(courseGroupItems.courseGroupId, parentId));
  return Math.max(Number(g.m), Number(i.m)) + 1;
}

/** Puts exactly `ids` (those the caller may see) in the group; other courses already there stay. */
async function placeCourses(tx: Tx, user: AuthUser, groupId: number, ids: number[]): Promise<void> {
  const mine = user.role === 'Root' ? undefined : sql`${courseGroupItems.courseId} in ${myCourseIds(user)}`;
  await tx
    .delete(courseGroupItems)
    .where(and(eq(courseGroupItems.courseGroupId, groupId), ids.length ? notInArray(courseGroupItems.courseId, ids) : undefined, mine));
  if (ids.length === 0) return;
  const present = await tx.select({ courseId: courseGroupItems.courseId }).from(courseGroupItems).where(and(eq(courseGroupItems.courseGroupId, groupId), inArray(courseGroupItems.courseId, ids)));
  const have = new Set(present.map((p) => p.courseId));
  let seq = await nextSequence(tx, groupId);
  const fresh = ids.filter((id) => !have.has(id)).map((courseId) => ({ courseGroupId: groupId, courseId, sequence: seq++ }));
  if (fresh.length) await tx.insert(courseGroupItems).values(fresh);
}

/** The columns of validated input; the picture address is checked first (400 on the field). */
function fieldsOf(request: FastifyRequest, b: CourseGroupInput) {
  checkPictureAddress(request, b.picture);
  return {
    label: b.label,
    description: cleanPlainText(b.description) ?? null,
    picture: b.picture ?? null,
    begin: toDate(b.begin),
    end: toDate(b.end, 'end'),
    isPublished: b.isPublished ?? false,
  };
}

async function hierarchy(db: Db, user: AuthUser, root: CourseGroupRow & { canManage: boolean }): Promise<HierarchyNode> {
  const groupIds = await subtreeGroupIds(db, root.id);
  const groupRows = await db.select().from(courseGroups).where(inArray(courseGroups.id, groupIds));
  const visibleGroups = root.canManage ? null : await visibleGroupsAmong(db, user, groupIds);
  const items = await db
    .select({ groupId: courseGroupItems.courseGroupId, sequence: courseGroupItems.sequence, id: courses.id, label: courses.label, begin: courses.begin, end: courses.end })
    .from(courseGroupItems)
    .innerJoin(courses, eq(courses.id, courseGroupItems.courseId))
    .where(and(inArray(courseGroupItems.courseGroupId, groupIds), root.canManage ? undefined : visibleCoursesWhere(user)));
  const build = (group: CourseGroupRow, depth: number): HierarchyNode => {
    const kids: (HierarchyNode & { sequence: number })[] = depth > 50 ? [] : [
      ...groupRows
        .filter((s) => s.parentId === group.id && (!visibleGroups || visibleGroups.has(s.id)))
        .map((s) => ({ ...build(s, depth + 1), sequence: s.sequence })),
      ...items
        .filter((i) => i.groupId === group.id)
        .map((i) => ({ id: i.id, type: TrainingKind.course, label: i.label, begin: iso(i.begin), end: iso(i.end), children: [], sequence: i.sequence })),
    ];
    kids.sort((a, b) => a.sequence - b.sequence || a.type - b.type || a.id - b.id);
    return { id: group.id, type: TrainingKind.courseGroup, label: group.label, begin: iso(group.begin), end: iso(group.end), children: kids.map(({ sequence: _s, ...k }) => k) };
  };
  return build(root, 0);
}

/** spec 3 §7.9 "Course groups (sets)" but the bulk calls and the export (tasks.ts, export.ts). */
export function registerCourseGroupRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.list, async (request): Promise<CourseGroupRecord[]> => {
    const user = currentUser(request);
    // the top of what the caller sees: groups whose parent they do not see
    const rows = await db
      .select()
      .from(courseGroups)
      .where(
        user.role === 'Root'
          ? isNull(courseGroups.parentId)
          : and(
              sql`${courseGroups.id} in ${visibleGroupIds(user)}`,
              or(isNull(courseGroups.parentId), sql`${courseGroups.parentId} not in ${visibleGroupIds(user)}`),
            ),
      )
      .orderBy(courseGroups.sequence, courseGroups.label, courseGroups.id);
    const out: CourseGroupRecord[] = [];
    for (const row of rows) out.push(await groupRecord(db, user, { ...row, canManage: await canManageCourseGroup(db, user, row.id) }));
    return out;
  });

  route(fastify, calls.create, async (request, reply) => {
    const user = currentUser(request);
    const ids = await checkCourses(db, user, request, request.body.trainingIds);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courseGroups)
        .values({ ...fieldsOf(request, request.body), parentId: null, sequence: await nextSequence(tx, null), createdBy: user.accountId })
        .returning({ id: courseGroups.id });
      if (ids) await placeCourses(tx, user, row.id, ids);
      return row.id;
    });
    reply.status(201);
    return groupRecord(db, user, await loadCourseGroup(db, user, id));
  });

  route(fastify, calls.createChild, async (request, reply) => {
    const user = currentUser(request);
    const parent = await loadCourseGroup(db, user, request.params.id, true);
    const ids = await checkCourses(db, user, request, request.body.trainingIds);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courseGroups)
        .values({ ...fieldsOf(request, request.body), parentId: parent.id, sequence: await nextSequence(tx, parent.id), createdBy: user.accountId })
        .returning({ id: courseGroups.id });
      if (ids) await placeCourses(tx, user, row.id, ids);
      return row.id;
    });
    reply.status(201);
    return groupRecord(db, user, await loadCourseGroup(db, user, id));
  });

  route(fastify, calls.get, async (request) => {
    const user = currentUser(request);
    return groupRecord(db, user, await loadCourseGroup(db, user, request.params.id));
  });

  route(fastify, calls.update, async (request) => {
    const user = currentUser(request);
    const group = await loadCourseGroup(db, user, request.params.id, true);
    const ids = await checkCourses(db, user, request, request.body.trainingIds);
    await db.transaction(async (tx) => {
      await tx.update(courseGroups).set({ ...fieldsOf(request, request.body), updatedAt: new Date() }).where(eq(courseGroups.id, group.id));
      if (ids) await placeCourses(tx, user, group.id, ids);
    });
    return groupRecord(db, user, await loadCourseGroup(db, user, group.id));
  });

  route(fastify, calls.remove, async (request) => {
    const group = await loadCourseGroup(db, currentUser(request), request.params.id, true);
    // child groups go with it (cascade); the courses stay
    await db.delete(courseGroups).where(eq(courseGroups.id, group.id));
    return { id: group.id };
  });

  // the group's children in order: the tree's list and the sort screen's read are one answer
  const childrenOf = async (request: FastifyRequest & { params: { id: string } }) => {
    const user = currentUser(request);
    return children(db, user, await loadCourseGroup(db, user, request.params.id));
  };
  route(fastify, calls.children, childrenOf);

  route(fastify, calls.parents, async (request) => {
    const user = currentUser(request);
    const group = await loadCourseGroup(db, user, request.params.id);
    const chain = await ancestors(db, group.id);
    const visible = await visibleGroupsAmong(db, user, chain.map((c) => c.id));
    return chain.filter((c) => visible.has(c.id));
  });

  route(fastify, calls.hierarchy, async (request) => {
    const user = currentUser(request);
    return hierarchy(db, user, await loadCourseGroup(db, user, request.params.id));
  });

  route(fastify, calls.order, childrenOf);

  route(fastify, calls.reorder, async (request) => {
    const user = currentUser(request);
    const group = await loadCourseGroup(db, user, request.params.id, true);
    const current = await children(db, user, group);
    const key = (o: { id: number; type: number }) => `${o.type}:${o.id}`;
    const wanted = request.body.orders.map(key);
    const have = new Set(current.map(key));
    if (wanted.length !== have.size || new Set(wanted).size !== wanted.length || !wanted.every((k) => have.has(k))) {
      throw validationError({ orders: translate(requestLang(request), 'sets.badOrders') });
    }
    await db.transaction(async (tx) => {
      for (const [sequence, o] of request.body.orders.entries()) {
        if (o.type === TrainingKind.courseGroup) {
          await tx.update(courseGroups).set({ sequence }).where(and(eq(courseGroups.id, o.id), eq(courseGroups.parentId, group.id)));
        } else {
          await tx
            .update(courseGroupItems)
            .set({ sequence })
            .where(and(eq(courseGroupItems.courseGroupId, group.id), eq(courseGroupItems.courseId, o.id)));
        }
      }
    });
    return children(db, user, group);
  });
}
