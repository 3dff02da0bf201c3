import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CourseRole, InstructorPanelPermission } from '../../../shared/enums.js';
import type { CourseAction, RuleKey } from '../../../shared/permissions.js';
import { currentUser } from '../../auth/context.js';
import { courseOf, type CourseScope } from '../../auth/courseScope.js';
import type { Db } from '../../db/client.js';
import { accounts, attributes, courseInstructors, enrolments, tutorStudents } from '../../db/schema/index.js';
import { AppError, notFound, requestLang } from '../../errors.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { XLSX_MIME, xlsxFileName } from '../../jobs/xlsx.js';
import { parseIntId } from '../../resources/records.js';
import { courseForbidden, type CourseRow } from '../courses/access.js';
import { checkStaffChange, includeStaff, removeStaff } from './staff.js';
import { likePattern } from '../courses/common.js';
import { accountsByEmail, fullName, parseEmails, xlsxBuffer } from '../students/shared.js';

registerMessages({
  ru: {
    'instructors.notFound': 'Преподаватель не найден в курсе',
    'instructors.finishedWithErrors': 'Операция завершилась с ошибками',
    'instructors.unknown': 'Не найдены преподаватели с адресами: {emails}',
    'instructors.notStaff': 'Не являются преподавателями курса: {emails}',
    'instructors.studentNotFound': 'Студент не найден в курсе',
    'instructors.notTutor': 'Пользователь не является тьютором курса',
    'instructors.unknownStudents': 'Не найдены студенты курса с адресами: {emails}',
    'instructors.sheet': 'Преподаватели',
    'instructors.col.name': 'ФИО',
    'instructors.col.email': 'Почта',
    'instructors.col.role': 'Роль',
    'instructors.col.students': 'Студентов у тьютора',
    'instructors.creatorStays': 'Создатель курса остаётся его преподавателем',
  },
  en: {
    'instructors.notFound': 'Instructor not found in the course',
    'instructors.finishedWithErrors': 'The operation finished with errors',
    'instructors.unknown': 'No instructors with the addresses: {emails}',
    'instructors.notStaff': 'Not instructors of the course: {emails}',
    'instructors.studentNotFound': 'Student not found in the course',
    'instructors.notTutor': 'The user is not a tutor of the course',
    'instructors.unknownStudents': 'No students of the course with the addresses: {emails}',
    'instructors.sheet': 'Instructors',
    'instructors.col.name': 'Name',
    'instructors.col.email': 'E-mail',
    'instructors.col.role': 'Role',
    'instructors.col.students': 'Tutor’s students',
    'instructors.creatorStays': 'The creator of the course stays its instructor',
  },
});

/** Route options: the rule (default 'courseInstructors') and what the call does in its course (default: manage its staff). */
const opts = <S extends Record<string, unknown>>(schema: S, rule: RuleKey = 'courseInstructors', action: CourseAction = 'instructors', from?: CourseScope['from']) => ({
  config: { rule, course: { action, from } },
  schema: { tags: ['instructors'], ...schema },
});
const courseP = z.object({ courseId: z.string() });
const instP = z.object({ courseId: z.string(), instructorId: z.string() });
const T = '/api/instructors/trainings/:courseId';
const permissionCodes = Object.values(InstructorPanelPermission) as number[];

/** 400 System.OperationFinishedWithErrors with the server's message (spec 3 §8.7). */
const finishedWithErrors = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(400, 'System.OperationFinishedWithErrors', { title: 'instructors.finishedWithErrors', description: message, extra: { message, ...extra } });

async function staffRow(db: Db, courseId: number, rawId: string | number) {
  const id = parseIntId(rawId);
  if (id === null) throw notFound('InstructorNotFound', { title: 'instructors.notFound' });
  const [row] = await db.select().from(courseInstructors).where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.accountId, id)));
  if (!row) throw notFound('InstructorNotFound', { title: 'instructors.notFound' });
  return row;
}

/** Instructors and tutors of a course (spec 3 §7.9 "Instructors"). */
export const courseInstructorsModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.get(`${T}/instructors`, opts({ params: courseP, querystring: z.object({ search: z.string().max(200).optional() }) }), async (request) => {
    const { course } = courseOf(request);
    return listStaff(course, request.query.search);
  });

  app.get(`${T}/Instructors/:instructorId/Edit`, opts({ params: instP }, 'instructorEdit'), async (request) => {
    const { course } = courseOf(request);
    const row = await staffRow(db, course.id, request.params.instructorId);
    const [a] = await db.select().from(accounts).where(eq(accounts.id, row.accountId));
    return { id: row.accountId, accountId: row.accountId, email: a.email, name: fullName(a), courseRole: row.courseRole, panelPermissions: row.panelPermissions, isHidden: row.isHidden };
  });

  const editBody = z.object({
    courseRole: z.enum([CourseRole.instructor, CourseRole.tutor, CourseRole.moderator]),
    panelPermissions: z.array(z.coerce.number().int().refine((v) => permissionCodes.includes(v), 'validation.invalid')).max(20).default([]),
    isHidden: z.boolean().optional(),
  });
  app.put(`${T}/Instructors/:instructorId/Edit`, opts({ params: instP, body: editBody }, 'instructorEdit'), async (request) => {
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

  const emailsBody = z.object({ emails: z.union([z.string().max(100_000), z.array(z.string().max(320)).max(10_000)]), courseRole: z.enum(['instructor', 'tutor', 'moderator']).optional() });
  app.post(`${T}/Instructors/Include`, opts({ params: courseP, body: emailsBody }), async (request) => {
    const access = courseOf(request);
    const emails = parseEmails(request, request.body.emails);
    const { found, unknown } = await accountsByEmail(db, emails, ['Instructors', 'Root']);
    const included = await includeStaff(db, access, found.map((a) => a.id), request.body.courseRole ?? 'instructor');
    if (unknown.length) throw finishedWithErrors(translate(requestLang(request), 'instructors.unknown', { emails: unknown.join(', ') }), { included, notFound: unknown });
    return { included };
  });

  app.post(`${T}/Instructors/Exclude`, opts({ params: courseP, body: emailsBody }), async (request) => {
    const access = courseOf(request);
    const emails = parseEmails(request, request.body.emails);
    const { found } = await accountsByEmail(db, emails);
    const removed = new Set(await db.transaction((tx) => removeStaff(tx, access, found.map((a) => a.id))));
    const missing = emails.filter((e) => !found.some((a) => a.email.toLowerCase() === e && removed.has(a.id)));
    if (missing.length) throw finishedWithErrors(translate(requestLang(request), 'instructors.notStaff', { emails: missing.join(', ') }), { excluded: removed.size, notFound: missing });
    return { excluded: removed.size };
  });

  app.delete(`${T}/Instructors/:instructorId/Exclude`, opts({ params: instP }), async (request) => {
    const access = courseOf(request);
    const row = await staffRow(db, access.course.id, request.params.instructorId);
    await db.transaction((tx) => removeStaff(tx, access, [row.accountId]));
    return { ok: true };
  });

  app.get(`${T}/instructors/attributes`, opts({ params: courseP }), async () => {
    return db.select({ id: attributes.id, label: attributes.label }).from(attributes).orderBy(asc(attributes.sequence), asc(attributes.id));
  });

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
  app.post(`${T}/Instructors/Export`, opts({ params: courseP }), async (request, reply) => sendExport(reply, courseOf(request).course, requestLang(request)));
  app.get(`${T}/instructors/excel-export`, opts({ params: courseP }), async (request, reply) => sendExport(reply, courseOf(request).course, requestLang(request)));

  // ---- tutors
  async function tutorOf(course: CourseRow, rawId: string | number) {
    const row = await staffRow(db, course.id, rawId);
    if (row.courseRole !== 'tutor') throw new AppError(400, 'NotTutor', { title: 'instructors.notTutor' });
    return row;
  }

  app.get(`${T}/tutor/:tutorId/students`, opts({ params: z.object({ courseId: z.string(), tutorId: z.string() }) }, 'tutorJoin'), async (request) => {
    const { course } = courseOf(request);
    const tutor = await staffRow(db, course.id, request.params.tutorId);
    const attached = new Set(
      (await db.select({ id: tutorStudents.studentId }).from(tutorStudents).where(and(eq(tutorStudents.courseId, course.id), eq(tutorStudents.tutorId, tutor.accountId)))).map((r) => r.id),
    );
    const students = await db
      .select({ accountId: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, groupId: enrolments.groupId })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .where(and(eq(enrolments.courseId, course.id), eq(enrolments.status, 1)))
      .orderBy(asc(accounts.lastName), asc(accounts.firstName));
    return students.map((s) => ({ id: s.accountId, accountId: s.accountId, email: s.email, name: fullName(s), groupId: s.groupId, attached: attached.has(s.accountId) }));
  });

  app.post(
    `${T}/instructors/:tutorId/tutor-students/attach-or-detach-student/:studentId`,
    opts({ params: z.object({ courseId: z.string(), tutorId: z.string(), studentId: z.string() }) }, 'tutorJoin'),
    async (request) => {
      const { course } = courseOf(request);
      const tutor = await tutorOf(course, request.params.tutorId);
      const studentId = parseIntId(request.params.studentId);
      const [e] = studentId === null ? [] : await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, studentId), eq(enrolments.status, 1)));
      if (!e || studentId === null) throw notFound('StudentNotFound', { title: 'instructors.studentNotFound' });
      const where = and(eq(tutorStudents.courseId, course.id), eq(tutorStudents.tutorId, tutor.accountId), eq(tutorStudents.studentId, studentId));
      const removed = await db.delete(tutorStudents).where(where).returning();
      if (removed.length) return { attached: false };
      await db.insert(tutorStudents).values({ courseId: course.id, tutorId: tutor.accountId, studentId });
      return { attached: true };
    },
  );

  const bulkBody = z.object({
    trainingId: z.coerce.number().int(),
    tutorId: z.coerce.number().int(),
    studentsEmails: z.union([z.string().max(100_000), z.array(z.string().max(320)).max(10_000)]),
  });
  app.post('/api/instructors/trainings/instructors/bulk-tutor-students', opts({ body: bulkBody }, 'tutorJoin', 'instructors', 'body.trainingId'), async (request) => {
    const { course } = courseOf(request);
    const tutor = await tutorOf(course, request.body.tutorId);
    const emails = parseEmails(request, request.body.studentsEmails, 'studentsEmails');
    const { found } = await accountsByEmail(db, emails);
    const enrolled = found.length
      ? await db.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.status, 1), inArray(enrolments.accountId, found.map((a) => a.id))))
      : [];
    const ids = new Set(enrolled.map((r) => r.id));
    const attached = ids.size
      ? await db.insert(tutorStudents).values([...ids].map((studentId) => ({ courseId: course.id, tutorId: tutor.accountId, studentId }))).onConflictDoNothing().returning()
      : [];
    const missing = emails.filter((e) => !found.some((a) => a.email.toLowerCase() === e && ids.has(a.id)));
    if (missing.length) throw finishedWithErrors(translate(requestLang(request), 'instructors.unknownStudents', { emails: missing.join(', ') }), { attached: attached.length, notFound: missing });
    return { attached: attached.length };
  });
};
