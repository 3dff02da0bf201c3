import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CourseAction } from '../../../shared/permissions.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import type { Db } from '../../db/client.js';
import { accounts, courseInstructors, enrolmentLog, enrolments, groups } from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { studentScope, type CourseRow } from '../courses/access.js';
import { accountsByEmail, emailsInput, fullName, parseEmails } from '../students/shared.js';

registerMessages({
  ru: { 'groups.notFound': 'Группа не найдена', 'groups.leadNotStaff': 'Руководитель должен быть преподавателем курса' },
  en: { 'groups.notFound': 'Group not found', 'groups.leadNotStaff': 'The lead must be an instructor of the course' },
});

const opts = <S extends Record<string, unknown>>(schema: S, action: CourseAction) => ({
  config: { rule: 'showStudents' as const, course: { action } },
  schema: { tags: ['groups'], ...schema },
});
const courseP = z.object({ courseId: z.string() });
const groupP = z.object({ courseId: z.string(), groupId: z.string() });
const groupInput = z.object({
  label: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  lead: z.coerce.number().int().nullish(),
});
const B = '/api/instructors/Trainings/:courseId/Groups';

export async function loadGroup(db: Db, courseId: number, rawId: string | number) {
  const id = parseIntId(rawId);
  if (id === null) throw notFound('GroupNotFound', { title: 'groups.notFound' });
  const [g] = await db.select().from(groups).where(and(eq(groups.id, id), eq(groups.courseId, courseId)));
  if (!g) throw notFound('GroupNotFound', { title: 'groups.notFound' });
  return g;
}

/** Groups of a course (spec 3 §7.9 "Groups"): get, include students, create/edit (label, lead), drop. Rule 'showStudents'. */
export const groupsModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.db;

  async function checkLead(request: Parameters<typeof requestLang>[0], course: CourseRow, lead: number | null | undefined) {
    if (lead === null || lead === undefined) return null;
    if (lead === course.createdBy) return lead;
    const [row] = await db.select({ id: courseInstructors.id }).from(courseInstructors).where(and(eq(courseInstructors.courseId, course.id), eq(courseInstructors.accountId, lead)));
    if (!row) throw validationError({ lead: translate(requestLang(request), 'groups.leadNotStaff') });
    return lead;
  }

  async function groupRecord(g: typeof groups.$inferSelect) {
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

  app.get(`${B}/:groupId`, opts({ params: groupP }, 'students'), async (request) => {
    const { course } = courseOf(request);
    return groupRecord(await loadGroup(db, course.id, request.params.groupId));
  });

  app.post(`${B}/create`, opts({ params: courseP, body: groupInput }, 'manageStudents'), async (request, reply) => {
    const { course } = courseOf(request);
    const leadId = await checkLead(request, course, request.body.lead);
    const [g] = await db.insert(groups).values({ courseId: course.id, label: request.body.label, leadId }).returning();
    return reply.status(201).send(await groupRecord(g));
  });

  app.put(`${B}/:groupId/Edit`, opts({ params: groupP, body: groupInput }, 'manageStudents'), async (request) => {
    const { course } = courseOf(request);
    const g = await loadGroup(db, course.id, request.params.groupId);
    const leadId = await checkLead(request, course, request.body.lead);
    const [u] = await db.update(groups).set({ label: request.body.label, leadId }).where(eq(groups.id, g.id)).returning();
    return groupRecord(u);
  });

  app.delete(`${B}/:groupId/Drop`, opts({ params: groupP }, 'manageStudents'), async (request) => {
    const { course } = courseOf(request);
    const g = await loadGroup(db, course.id, request.params.groupId);
    await db.delete(groups).where(eq(groups.id, g.id));
    return { ok: true };
  });

  const includeBody = z.object({
    groupId: z.coerce.number().int(),
    emails: emailsInput.optional(),
    studentIds: z.array(z.coerce.number().int()).max(10_000).optional(),
  });
  app.post(`${B}/include`, opts({ params: courseP, body: includeBody }, 'manageStudents'), async (request) => {
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
