import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { courseInstructorCalls as calls } from '../../../shared/calls/courseInstructors.js';
import type { InstructorPanelPermission } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import { accounts, attributes, courseInstructors, tutorStudents } from '../../db/schema/index.js';
import { requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { XLSX_MIME, xlsxFileName } from '../../jobs/xlsx.js';
import { courseForbidden, type CourseRow } from '../courses/access.js';
import { likePattern } from '../courses/common.js';
import { accountsByEmail, fullName, parseEmails, xlsxBuffer } from '../students/shared.js';
import { finishedWithErrors, staffRow } from './messages.js';
import { checkStaffChange, includeStaff, removeStaff } from './staff.js';
import { tutorRoutes } from './tutors.js';

/** Instructors, tutors and moderators of a course (spec 3 §7.9 "Instructors"); tutors' students in tutors.ts. */
export const courseInstructorsModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  async function listStaff(course: CourseRow, search?: string) {
    const s = search?.trim();
    const rows = await db
      .select({ ci: courseInstructors, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, picture: accounts.picture, phone: accounts.phone })
      .from(courseInstructors)
      .innerJoin(accounts, eq(accounts.id, courseInstructors.accountId))
      .where(and(eq(courseInstructors.courseId, course.id), s ? or(ilike(accounts.email, likePattern(s)), ilike(sql`${accounts.lastName} || ' ' || ${accounts.firstName}`, likePattern(s))) : undefined))
      .orderBy(asc(accounts.lastName), asc(accounts.firstName));
    const counts = await db
      .select({ tutorId: tutorStudents.tutorId, n: sql<number>`count(*)::int` })
      .from(tutorStudents)
      .where(eq(tutorStudents.courseId, course.id))
      .groupBy(tutorStudents.tutorId);
    const byTutor = new Map(counts.map((c) => [c.tutorId, Number(c.n)]));
    return rows.map((r) => ({
      id: r.ci.accountId,
      accountId: r.ci.accountId,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      name: fullName(r),
      picture: r.picture,
      phone: r.phone,
      role: r.ci.courseRole,
      courseRole: r.ci.courseRole,
      panelPermissions: r.ci.panelPermissions,
      isHidden: r.ci.isHidden,
      isCreator: r.ci.accountId === course.createdBy,
      studentsCount: byTutor.get(r.ci.accountId) ?? 0,
    }));
  }

  route(fastify, calls.list, async (request) => listStaff(courseOf(request).course, request.query.search));

  route(fastify, calls.get, async (request) => {
    const { course } = courseOf(request);
    const row = await staffRow(db, course.id, request.params.instructorId);
    const [a] = await db.select().from(accounts).where(eq(accounts.id, row.accountId));
    return { id: row.accountId, accountId: row.accountId, email: a.email, name: fullName(a), courseRole: row.courseRole, panelPermissions: row.panelPermissions, isHidden: row.isHidden };
  });

  route(fastify, calls.update, async (request) => {
    const access = courseOf(request);
    const { course } = access;
    const row = await staffRow(db, course.id, request.params.instructorId);
    const b = request.body;
    // nobody widens their own rights
    if (row.accountId === currentUser(request).accountId && access.member.role !== 'root') throw courseForbidden();
    checkStaffChange(access, row, b.courseRole);
    const [u] = await db
      .update(courseInstructors)
      .set({ courseRole: b.courseRole, panelPermissions: [...new Set(b.panelPermissions)] as InstructorPanelPermission[], isHidden: b.isHidden ?? row.isHidden })
      .where(eq(courseInstructors.id, row.id))
      .returning();
    if (u.courseRole !== 'tutor') await db.delete(tutorStudents).where(and(eq(tutorStudents.courseId, course.id), eq(tutorStudents.tutorId, u.accountId)));
    return { id: u.accountId, accountId: u.accountId, courseRole: u.courseRole, panelPermissions: u.panelPermissions, isHidden: u.isHidden };
  });

  route(fastify, calls.include, async (request) => {
    const access = courseOf(request);
    const emails = parseEmails(request, request.body.emails);
    const { found, unknown } = await accountsByEmail(db, emails, ['Instructors', 'Root']);
    const included = await includeStaff(db, access, found.map((a) => a.id), request.body.courseRole ?? 'instructor');
    if (unknown.length) throw finishedWithErrors(translate(requestLang(request), 'instructors.unknown', { emails: unknown.join(', ') }), { included, notFound: unknown });
    return { included };
  });

  route(fastify, calls.exclude, async (request) => {
    const access = courseOf(request);
    const emails = parseEmails(request, request.body.emails);
    const { found } = await accountsByEmail(db, emails);
    const removed = new Set(await db.transaction((tx) => removeStaff(tx, access, found.map((a) => a.id))));
    const missing = emails.filter((e) => !found.some((a) => a.email.toLowerCase() === e && removed.has(a.id)));
    if (missing.length) throw finishedWithErrors(translate(requestLang(request), 'instructors.notStaff', { emails: missing.join(', ') }), { excluded: removed.size, notFound: missing });
    return { excluded: removed.size };
  });

  route(fastify, calls.remove, async (request) => {
    const access = courseOf(request);
    const row = await staffRow(db, access.course.id, request.params.instructorId);
    await db.transaction((tx) => removeStaff(tx, access, [row.accountId]));
    return { ok: true };
  });

  route(fastify, calls.attributes, async () => db.select({ id: attributes.id, label: attributes.label }).from(attributes).orderBy(asc(attributes.sequence), asc(attributes.id)));

  async function sendExport(reply: FastifyReply, course: CourseRow, lang: ReturnType<typeof requestLang>) {
    const rows = await listStaff(course);
    const t = (k: string) => translate(lang, `instructors.${k}`);
    const buf = await xlsxBuffer(t('sheet'), [
      { header: t('col.name'), value: (r: (typeof rows)[number]) => r.name, width: 30 },
      { header: t('col.email'), value: (r) => r.email, width: 30 },
      { header: t('col.role'), value: (r) => r.courseRole },
      { header: t('col.students'), value: (r) => r.studentsCount },
    ], rows);
    const name = xlsxFileName(`instructors_${course.id}`);
    return reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${name}"`).send(buf);
  }
  route(fastify, calls.export, async (request, reply) => sendExport(reply, courseOf(request).course, requestLang(request)));
  route(fastify, calls.excelExport, async (request, reply) => sendExport(reply, courseOf(request).course, requestLang(request)));

  tutorRoutes(fastify);
};
