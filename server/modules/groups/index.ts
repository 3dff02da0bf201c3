import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { groupCalls as calls, type GroupRecord } from '../../../shared/calls/groups.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import type { Db } from '../../db/client.js';
import { accounts, courseInstructors, enrolmentLog, enrolments, groups } from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { studentScope, type CourseRow } from '../courses/access.js';
import { accountsByEmail, fullName, parseEmails } from '../students/shared.js';

registerMessages({
  ru: { 'groups.notFound': 'Группа не найдена', 'groups.leadNotStaff': 'Руководитель должен быть преподавателем курса' },
  en: { 'groups.notFound': 'Group not found', 'groups.leadNotStaff': 'The lead must be an instructor of the course' },
});

async function loadGroup(db: Db, courseId: number, rawId: string | number) {
  const id = parseIntId(rawId);
  if (id === null) throw notFound('GroupNotFound', { title: 'groups.notFound' });
  const [g] = await db.select().from(groups).where(and(eq(groups.id, id), eq(groups.courseId, courseId)));
  if (!g) throw notFound('GroupNotFound', { title: 'groups.notFound' });
  return g;
}

/**
 * Groups of a course (spec 3 §7.9 "Groups"): get, include students, create/edit (label, lead),
 * drop. The course's group list is a "course data" call of the courses module.
 */
export const groupsModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  async function checkLead(request: FastifyRequest, course: CourseRow, lead: number | null | undefined) {
    if (lead === null || lead === undefined) return null;
    if (lead === course.createdBy) return lead;
    const [row] = await db.select({ id: courseInstructors.id }).from(courseInstructors).where(and(eq(courseInstructors.courseId, course.id), eq(courseInstructors.accountId, lead)));
    if (!row) throw validationError({ lead: translate(requestLang(request), 'groups.leadNotStaff') });
    return lead;
  }

  async function groupRecord(g: typeof groups.$inferSelect): Promise<GroupRecord> {
    const members = await db
      .select({ accountId: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .where(and(eq(enrolments.groupId, g.id), eq(enrolments.status, 1)))
      .orderBy(asc(accounts.lastName), asc(accounts.firstName));
    const [lead] = g.leadId ? await db.select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email }).from(accounts).where(eq(accounts.id, g.leadId)) : [];
    return {
      id: g.id,
      training: g.courseId,
      label: g.label,
      lead: lead ? { id: lead.id, initials: fullName(lead), email: lead.email } : null,
      leadId: g.leadId,
      students: members.map((m) => ({ accountId: m.accountId, email: m.email, name: fullName(m) })),
    };
  }

  route(fastify, calls.get, async (request) => {
    const { course } = courseOf(request);
    return groupRecord(await loadGroup(db, course.id, request.params.groupId));
  });

  route(fastify, calls.create, async (request, reply) => {
    const { course } = courseOf(request);
    const leadId = await checkLead(request, course, request.body.lead);
    const [g] = await db.insert(groups).values({ courseId: course.id, label: request.body.label, leadId }).returning();
    return reply.status(201).send(await groupRecord(g));
  });

  route(fastify, calls.update, async (request) => {
    const { course } = courseOf(request);
    const g = await loadGroup(db, course.id, request.params.groupId);
    const leadId = await checkLead(request, course, request.body.lead);
    const [u] = await db.update(groups).set({ label: request.body.label, leadId }).where(eq(groups.id, g.id)).returning();
    return groupRecord(u);
  });

  route(fastify, calls.drop, async (request) => {
    const { course } = courseOf(request);
    const g = await loadGroup(db, course.id, request.params.groupId);
    await db.delete(groups).where(eq(groups.id, g.id));
    return { ok: true };
  });

  route(fastify, calls.include, async (request) => {
    const user = currentUser(request);
    const access = courseOf(request);
    const { course } = access;
    const g = await loadGroup(db, course.id, request.body.groupId);
    let ids = request.body.studentIds ?? [];
    let notFoundEmails: string[] = [];
    if (request.body.emails !== undefined) {
      const r = await accountsByEmail(db, parseEmails(request, request.body.emails));
      ids = [...ids, ...r.found.map((a) => a.id)];
      notFoundEmails = r.unknown;
    }
    if (ids.length === 0 && notFoundEmails.length === 0) throw validationError({ studentIds: translate(requestLang(request), 'validation.required') });
    const moved = ids.length
      ? await db.transaction(async (tx) => {
          const rows = await tx
            .update(enrolments)
            .set({ groupId: g.id })
            .where(and(eq(enrolments.courseId, course.id), eq(enrolments.status, 1), inArray(enrolments.accountId, ids), studentScope(access, user, enrolments.accountId)))
            .returning({ accountId: enrolments.accountId });
          for (const r of rows) await tx.insert(enrolmentLog).values({ courseId: course.id, accountId: r.accountId, event: 'group_changed', groupId: g.id, actorId: user.accountId });
          return rows.map((r) => r.accountId);
        })
      : [];
    return { included: moved.length, notInCourse: ids.filter((id) => !moved.includes(id)), notFound: notFoundEmails };
  });
};
