import multipart from '@fastify/multipart';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { applicationCalls as calls, EXPULSION_FILE_EXTENSIONS, EXPULSION_FILE_MAX_BYTES, type ExpulsionApplication } from '../../../shared/calls/applications.js';
import type { ApplicationStatus } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import { accounts, courses, enrollmentApplications, expulsionApplications, files } from '../../db/schema/index.js';
import { AppError, notFound, requestLang } from '../../errors.js';
import { deleteFile, getFileRow, sendStoredFile } from '../../files/index.js';
import { route } from '../../http/route.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { XLSX_MIME, xlsxFileName } from '../../jobs/xlsx.js';
import { parseIntId } from '../../resources/records.js';
import { courseIdVisible, loadCourse } from '../courses/access.js';
import { enrolStudents, expelStudents, fullName, xlsxBuffer } from '../students/shared.js';
import { forgetStudents } from '../study/hotCache.js';
import { receiveForm } from './upload.js';

registerMessages({
  ru: {
    'applications.notFound': 'Заявка не найдена',
    'applications.decided': 'Заявка уже рассмотрена',
    'applications.notPending': 'Изменить можно только заявку на рассмотрении',
    'applications.notEnrolled': 'Вы не учитесь на этом курсе',
    'applications.sheet': 'Заявки',
    'applications.col.name': 'ФИО',
    'applications.col.email': 'Почта',
    'applications.col.status': 'Статус',
    'applications.col.date': 'Дата заявки',
  },
  en: {
    'applications.notFound': 'Application not found',
    'applications.decided': 'The application has already been decided',
    'applications.notPending': 'Only an application under review can be changed',
    'applications.notEnrolled': 'You are not a student of this course',
    'applications.sheet': 'Applications',
    'applications.col.name': 'Name',
    'applications.col.email': 'E-mail',
    'applications.col.status': 'Status',
    'applications.col.date': 'Applied on',
  },
});

const appNotFound = () => notFound('ApplicationNotFound', { title: 'applications.notFound' });

/**
 * Enrolment applications (allow/deny, list, count, export), expulsion applications for
 * instructors, and the student's own expulsion requests (spec 3 §7.9 "Applications").
 */
export const applicationsModule: FastifyPluginAsync = async (fastify) => {
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const db = fastify.db;

  async function loadApplication(user: AuthUser, raw: string) {
    const id = parseIntId(raw);
    if (id === null) throw appNotFound();
    const [row] = await db
      .select({ a: enrollmentApplications, label: courses.label })
      .from(enrollmentApplications)
      .innerJoin(courses, eq(courses.id, enrollmentApplications.courseId))
      .where(and(eq(enrollmentApplications.id, id), courseIdVisible(user, enrollmentApplications.courseId)));
    if (!row) throw appNotFound();
    // deciding enrols a student: what including one needs in that course
    await loadCourse(db, user, row.a.courseId, 'manageStudents');
    return row;
  }

  route(fastify, calls.allow, async (request) => {
    const user = currentUser(request);
    const { a, label } = await loadApplication(user, request.params.applicationId);
    if (a.status !== 'pending') throw new AppError(400, 'ApplicationDecided', { title: 'applications.decided' });
    await db.transaction(async (tx) => {
      await tx.update(enrollmentApplications).set({ status: 'allowed', decidedBy: user.accountId, decidedAt: new Date() }).where(eq(enrollmentApplications.id, a.id));
      await enrolStudents(tx, a.courseId, label, [a.accountId], user.accountId);
    });
    return { id: a.id, status: 'allowed' as const };
  });

  route(fastify, calls.deny, async (request) => {
    const user = currentUser(request);
    const { a } = await loadApplication(user, request.params.applicationId);
    if (a.status !== 'pending') throw new AppError(400, 'ApplicationDecided', { title: 'applications.decided' });
    await db.update(enrollmentApplications).set({ status: 'denied', decidedBy: user.accountId, decidedAt: new Date() }).where(eq(enrollmentApplications.id, a.id));
    return { id: a.id, status: 'denied' as const };
  });

  async function applicationRows(user: AuthUser, training: number | undefined, status: ApplicationStatus | undefined, take = 10_000, skip = 0) {
    const where = and(
      courseIdVisible(user, enrollmentApplications.courseId),
      training !== undefined ? eq(enrollmentApplications.courseId, training) : undefined,
      status ? eq(enrollmentApplications.status, status) : undefined,
    );
    const [{ total }] = await db.select({ total: count() }).from(enrollmentApplications).where(where);
    const rows = await db
      .select({ a: enrollmentApplications, label: courses.label, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName })
      .from(enrollmentApplications)
      .innerJoin(courses, eq(courses.id, enrollmentApplications.courseId))
      .innerJoin(accounts, eq(accounts.id, enrollmentApplications.accountId))
      .where(where)
      .orderBy(desc(enrollmentApplications.createdAt), desc(enrollmentApplications.id))
      .limit(take)
      .offset(skip);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.a.id,
        trainingId: r.a.courseId,
        courseLabel: r.label,
        accountId: r.a.accountId,
        email: r.email,
        name: fullName(r),
        status: r.a.status,
        createdAt: r.a.createdAt.toISOString(),
        decidedAt: r.a.decidedAt?.toISOString() ?? null,
      })),
    };
  }

  route(fastify, calls.list, async (request) => {
    const user = currentUser(request);
    if (request.query.training !== undefined) await loadCourse(db, user, request.query.training);
    const b = request.body ?? { take: 50, skip: 0, status: undefined };
    const { total, rows } = await applicationRows(user, request.query.training, b.status ?? 'pending', b.take, b.skip);
    return { result: rows, metadata: { filteredRecords: total } };
  });

  route(fastify, calls.count, async (request) => {
    const user = currentUser(request);
    const [{ n }] = await db
      .select({ n: count() })
      .from(enrollmentApplications)
      .where(and(eq(enrollmentApplications.status, 'pending'), courseIdVisible(user, enrollmentApplications.courseId)));
    return { count: n };
  });

  route(fastify, calls.export, async (request, reply) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const { rows } = await applicationRows(user, course.id, undefined);
    const lang = requestLang(request);
    const t = (k: string) => translate(lang, `applications.${k}`);
    const buf = await xlsxBuffer(t('sheet'), [
      { header: t('col.name'), value: (r: (typeof rows)[number]) => r.name, width: 30 },
      { header: t('col.email'), value: (r) => r.email, width: 30 },
      { header: t('col.status'), value: (r) => r.status },
      { header: t('col.date'), value: (r) => r.createdAt.slice(0, 10) },
    ], rows);
    return reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${xlsxFileName(`applications_${course.id}`)}"`).send(buf);
  });

  // -------- expulsion applications, instructor side
  const expulsionRecord = (r: { x: typeof expulsionApplications.$inferSelect; label: string; email?: string; firstName?: string; lastName?: string; fileName?: string | null }): ExpulsionApplication => ({
    id: r.x.id,
    trainingId: r.x.courseId,
    courseLabel: r.label,
    accountId: r.x.accountId,
    email: r.email,
    name: r.firstName !== undefined ? fullName({ firstName: r.firstName ?? null, lastName: r.lastName ?? null }) : undefined,
    reason: r.x.reason,
    status: r.x.status,
    file: r.x.fileId ? { id: r.x.fileId, name: r.fileName ?? null, address: `/api/expulsion/application/${r.x.id}/file` } : null,
    createdAt: r.x.createdAt.toISOString(),
    updatedAt: r.x.updatedAt.toISOString(),
  });

  route(fastify, calls.expulsions, async (request) => {
    const user = currentUser(request);
    const q = request.query;
    const rows = await db
      .select({ x: expulsionApplications, label: courses.label, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, fileName: files.name })
      .from(expulsionApplications)
      .innerJoin(courses, eq(courses.id, expulsionApplications.courseId))
      .innerJoin(accounts, eq(accounts.id, expulsionApplications.accountId))
      .leftJoin(files, eq(files.id, expulsionApplications.fileId))
      .where(and(courseIdVisible(user, expulsionApplications.courseId), q.training ? eq(expulsionApplications.courseId, q.training) : undefined, q.status ? eq(expulsionApplications.status, q.status) : undefined))
      .orderBy(desc(expulsionApplications.createdAt));
    return rows.map(expulsionRecord);
  });

  async function staffExpulsion(user: AuthUser, raw: string) {
    const id = parseIntId(raw);
    if (id === null) throw appNotFound();
    const [row] = await db
      .select({ x: expulsionApplications, label: courses.label })
      .from(expulsionApplications)
      .innerJoin(courses, eq(courses.id, expulsionApplications.courseId))
      .where(and(eq(expulsionApplications.id, id), courseIdVisible(user, expulsionApplications.courseId)));
    if (!row) throw appNotFound();
    // deciding may expel a student: what excluding one needs in that course
    await loadCourse(db, user, row.x.courseId, 'manageStudents');
    return row;
  }
  for (const [decision, call] of [['allow', calls.allowExpulsion], ['deny', calls.denyExpulsion]] as const) {
    route(fastify, call, async (request) => {
      const user = currentUser(request);
      const { x, label } = await staffExpulsion(user, request.params.id);
      if (x.status !== 'pending') throw new AppError(400, 'ApplicationDecided', { title: 'applications.decided' });
      await db.transaction(async (tx) => {
        await tx.update(expulsionApplications).set({ status: decision === 'allow' ? 'allowed' : 'denied', decidedBy: user.accountId, decidedAt: new Date() }).where(eq(expulsionApplications.id, x.id));
        if (decision === 'allow') await expelStudents(tx, x.courseId, label, [x.accountId], user.accountId, x.reason);
      });
      if (decision === 'allow') forgetStudents(db, [x.accountId]);
      return { id: x.id, status: decision === 'allow' ? ('allowed' as const) : ('denied' as const) };
    });
  }

  // -------- the student's own expulsion requests
  async function myExpulsion(user: AuthUser, raw: string) {
    const id = parseIntId(raw);
    if (id === null) throw appNotFound();
    const [row] = await db.select().from(expulsionApplications).where(and(eq(expulsionApplications.id, id), eq(expulsionApplications.accountId, user.accountId)));
    if (!row) throw appNotFound();
    return row;
  }
  async function myList(user: AuthUser) {
    const rows = await db
      .select({ x: expulsionApplications, label: courses.label, fileName: files.name })
      .from(expulsionApplications)
      .innerJoin(courses, eq(courses.id, expulsionApplications.courseId))
      .leftJoin(files, eq(files.id, expulsionApplications.fileId))
      .where(eq(expulsionApplications.accountId, user.accountId))
      .orderBy(desc(expulsionApplications.createdAt));
    return rows.map(expulsionRecord);
  }

  route(fastify, calls.myExpulsions, async (request) => myList(currentUser(request)));

  const formRules = (user: AuthUser, required: boolean) => ({ extensions: EXPULSION_FILE_EXTENSIONS, maxMb: EXPULSION_FILE_MAX_BYTES / 1024 / 1024, purpose: 'expulsion', ownerId: user.accountId, required });

  route(fastify, calls.applyForExpulsion, async (request, reply) => {
    const user = currentUser(request);
    const { fields, file } = await receiveForm(fastify, request, formRules(user, false));
    const cleanup = async () => { if (file) await deleteFile(db, fastify.storage, file.id); };
    const courseId = parseIntId(fields.trainingId);
    const [e] = courseId === null ? [] : await db.select({ id: sql`1` }).from(sql`"enrolments"`).where(sql`"course_id" = ${courseId} and "account_id" = ${user.accountId} and "status" = 1`);
    if (!e || courseId === null) {
      await cleanup();
      throw new AppError(400, 'NotEnrolled', { title: 'applications.notEnrolled' });
    }
    const [x] = await db.insert(expulsionApplications).values({ courseId, accountId: user.accountId, reason: fields.reason?.slice(0, 2000) || null, fileId: file?.id ?? null }).returning();
    return reply.status(201).send({ id: x.id, status: x.status });
  });

  route(fastify, calls.withdrawExpulsion, async (request) => {
    const user = currentUser(request);
    const x = await myExpulsion(user, request.params.id);
    if (x.status !== 'pending') throw new AppError(400, 'ApplicationDecided', { title: 'applications.notPending' });
    await db.update(expulsionApplications).set({ status: 'withdrawn', withdrawnAt: new Date() }).where(eq(expulsionApplications.id, x.id));
    return { id: x.id, status: 'withdrawn' as const };
  });

  route(fastify, calls.editExpulsion, async (request) => {
    const user = currentUser(request);
    const x = await myExpulsion(user, request.params.id);
    if (x.status !== 'pending') throw new AppError(400, 'ApplicationDecided', { title: 'applications.notPending' });
    const { fields, file } = await receiveForm(fastify, request, formRules(user, false));
    const set: Partial<typeof expulsionApplications.$inferInsert> = {};
    if (fields.reason !== undefined) set.reason = fields.reason.slice(0, 2000) || null;
    if (file) set.fileId = file.id;
    if (Object.keys(set).length) await db.update(expulsionApplications).set(set).where(eq(expulsionApplications.id, x.id));
    if (file && x.fileId) await deleteFile(db, fastify.storage, x.fileId);
    return (await myList(user)).find((r) => r.id === x.id);
  });

  /** The application's file: its student, or staff of the course. */
  route(fastify, calls.expulsionFile, async (request, reply) => {
    const user = currentUser(request);
    const id = parseIntId(request.params.id);
    if (id === null) throw appNotFound();
    const [x] = await db
      .select()
      .from(expulsionApplications)
      .where(and(eq(expulsionApplications.id, id), user.role === 'Students' ? eq(expulsionApplications.accountId, user.accountId) : courseIdVisible(user, expulsionApplications.courseId)));
    if (!x || !x.fileId) throw appNotFound();
    const file = await getFileRow(db, x.fileId);
    if (!file) throw appNotFound();
    return sendStoredFile(fastify.storage, file, request, reply, { download: true });
  });
};
