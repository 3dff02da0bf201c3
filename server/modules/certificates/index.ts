import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CERTIFICATE_MAX_BYTES, certificateCalls as calls, verificationCode, type CertificateRecord } from '../../../shared/calls/certificates.js';
import { parseDayEnd } from '../../../shared/calls/invitations.js';
import { dayProblem } from '../../../shared/days.js';
import { NotificationType } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import { accounts, certificates, courses, enrolments, files } from '../../db/schema/index.js';
import { notify } from '../notifications/notify.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { deleteFile, getFileRow, sendStoredFile, storeFile } from '../../files/index.js';
import { route } from '../../http/route.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { courseIdVisible, loadCourse } from '../courses/access.js';
import { isPdf, receiveForm } from '../applications/upload.js';
import { fullName } from '../students/shared.js';
import { certificatePdf } from './pdf.js';

registerMessages({
  ru: {
    'certificates.notFound': 'Сертификат не найден',
    'certificates.studentNotFound': 'Студент не найден в курсе',
    'certificates.badDate': 'Дата в формате ГГГГ-ММ-ДД, ДД.ММ.ГГГГ или ДД/ММ/ГГГГ',
    'certificates.notification': 'Вы получили сертификат «{title}» по курсу «{course}»',
  },
  en: {
    'certificates.notFound': 'Certificate not found',
    'certificates.studentNotFound': 'Student not found in the course',
    'certificates.badDate': 'Date as YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY',
    'certificates.notification': 'You have received the certificate “{title}” for the course “{course}”',
  },
});

const certNotFound = () => notFound('CertificateNotFound', { title: 'certificates.notFound', description: 'certificates.notFound' });

/** Certificates (API "Credential", spec 3 §7.9 "Credentials"). */
export const certificatesModule: FastifyPluginAsync = async (fastify) => {
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const db = fastify.db;
  const verificationUrl = (code: string) => `${fastify.config.publicUrl}/verify/${code}`;

  const base = () =>
    db
      .select({ c: certificates, label: courses.label, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, fileName: files.name })
      .from(certificates)
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .innerJoin(accounts, eq(accounts.id, certificates.studentId))
      .leftJoin(files, eq(files.id, certificates.fileId));
  type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
  const record = (r: Row): CertificateRecord => ({
    id: r.c.id,
    certificateId: r.c.id,
    trainingId: r.c.courseId,
    courseLabel: r.label,
    studentId: r.c.studentId,
    studentEmail: r.email,
    studentName: fullName(r),
    title: r.c.title,
    date: r.c.date,
    file: r.c.fileId ? { id: r.c.fileId, name: r.fileName, address: `/api/Credential/View/${r.c.id}/file` } : null,
    generated: r.c.generated,
    hours: r.c.hours,
    verificationUrl: r.c.verificationCode ? verificationUrl(r.c.verificationCode) : null,
    revoked: r.c.revokedAt !== null,
    createdAt: r.c.createdAt.toISOString(),
  });

  route(fastify, calls.list, async (request) => {
    const { course } = courseOf(request);
    const rows = await base().where(eq(certificates.courseId, course.id)).orderBy(desc(certificates.createdAt), desc(certificates.id));
    return rows.map(record);
  });

  route(fastify, calls.create, async (request, reply) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const { fields, file } = await receiveForm(fastify, request, {
      extensions: ['pdf'],
      maxMb: CERTIFICATE_MAX_BYTES / 1024 / 1024,
      purpose: 'certificate',
      ownerId: user.accountId,
      required: true,
      check: isPdf,
    });
    try {
      const course = await loadCourse(db, user, fields.trainingId, 'certificates');
      const studentId = parseIntId(fields.studentId);
      const [e] = studentId === null ? [] : await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, studentId)));
      if (!e || studentId === null) throw notFound('StudentNotFound', { title: 'certificates.studentNotFound' });
      const problems: Record<string, string> = {};
      const title = (fields.title ?? '').trim();
      if (!title) problems.title = translate(lang, 'validation.required');
      else if (title.length > 300) problems.title = translate(lang, 'validation.tooLong');
      const date = fields.date ? parseDayEnd(fields.date) : null;
      if (!fields.date) problems.date = translate(lang, 'validation.required');
      else if (!date) problems.date = translate(lang, dayProblem(fields.date) === 'validation.noSuchDay' ? 'validation.noSuchDay' : 'certificates.badDate');
      if (Object.keys(problems).length) throw validationError(problems);
      const [c] = await db.transaction(async (tx) => {
        const rows = await tx.insert(certificates).values({ courseId: course.id, studentId, title, date: date!.toISOString().slice(0, 10), fileId: file!.id, issuedBy: user.accountId }).returning();
        await notify(tx, [{
          accountId: studentId,
          type: NotificationType.receivingCertificate,
          key: 'certificates.notification',
          params: { title, course: course.label },
          link: `/achievements`,
          linkFields: { trainingId: course.id, certificateId: rows[0].id },
        }]);
        return rows;
      });
      const [row] = await base().where(eq(certificates.id, c.id));
      return reply.status(201).send(record(row));
    } catch (err) {
      if (file) await deleteFile(db, fastify.storage, file.id);
      throw err;
    }
  });

  /** A certificate made from the template: the server writes the PDF (name, course, date, hours, QR code to its verification page). */
  route(fastify, calls.generate, async (request, reply) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const body = request.body;
    const [student] = await db
      .select({ firstName: accounts.firstName, lastName: accounts.lastName, middleName: accounts.middleName, email: accounts.email })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, body.studentId)));
    if (!student) throw notFound('StudentNotFound', { title: 'certificates.studentNotFound' });
    if (dayProblem(body.date)) throw validationError({ date: translate(requestLang(request), dayProblem(body.date)!) });
    const code = randomBytes(18).toString('base64url');
    const bytes = await certificatePdf({
      studentName: [student.lastName, student.firstName, student.middleName].filter(Boolean).join(' ') || student.email,
      course: course.label,
      title: body.title,
      date: body.date,
      hours: body.hours,
      verificationUrl: verificationUrl(code),
      lang: body.language,
    });
    // made by the server, not uploaded: it does not count against the instructor's storage quota
    const file = await storeFile(db, fastify.storage, { name: `certificate-${code.slice(0, 8)}.pdf`, purpose: 'certificate', ownerId: user.accountId, checkQuota: false }, bytes);
    try {
      const [c] = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(certificates)
          .values({ courseId: course.id, studentId: body.studentId, title: body.title, date: body.date, fileId: file.id, issuedBy: user.accountId, generated: true, hours: body.hours, verificationCode: code })
          .returning();
        await notify(tx, [{
          accountId: body.studentId,
          type: NotificationType.receivingCertificate,
          key: 'certificates.notification',
          params: { title: body.title, course: course.label },
          link: `/achievements`,
          linkFields: { trainingId: course.id, certificateId: rows[0].id },
        }]);
        return rows;
      });
      const [row] = await base().where(eq(certificates.id, c.id));
      return reply.status(201).send(record(row));
    } catch (err) {
      await deleteFile(db, fastify.storage, file.id);
      throw err;
    }
  });

  route(fastify, calls.revoke, async (request) => {
    const user = currentUser(request);
    const row = await visible(user, request.params.certificateId);
    await loadCourse(db, user, row.c.courseId, 'certificates');
    if (!row.c.revokedAt) await db.update(certificates).set({ revokedAt: new Date() }).where(eq(certificates.id, row.c.id));
    const [fresh] = await base().where(eq(certificates.id, row.c.id));
    return record(fresh);
  });

  /** The public verification page's data: by the random code in the certificate's QR code. */
  route(fastify, calls.verify, async (request) => {
    const code = verificationCode.safeParse(request.params.code);
    if (!code.success) throw certNotFound();
    const [row] = await base().where(eq(certificates.verificationCode, code.data));
    if (!row) throw certNotFound();
    return {
      genuine: true as const,
      revoked: row.c.revokedAt !== null,
      revokedAt: row.c.revokedAt,
      studentName: fullName(row),
      courseLabel: row.label,
      title: row.c.title,
      date: row.c.date,
      hours: row.c.hours,
    };
  });

  /** A certificate the caller may see: its student, or staff of its course; 404 otherwise. */
  async function visible(user: AuthUser, raw: string) {
    const id = parseIntId(raw);
    if (id === null) throw certNotFound();
    const where = user.role === 'Students' ? eq(certificates.studentId, user.accountId) : courseIdVisible(user, certificates.courseId);
    const [row] = await base().where(and(eq(certificates.id, id), where));
    if (!row) throw certNotFound();
    return row;
  }

  route(fastify, calls.remove, async (request) => {
    const user = currentUser(request);
    const row = await visible(user, request.params.certificateId);
    await loadCourse(db, user, row.c.courseId, 'certificates');
    await db.delete(certificates).where(eq(certificates.id, row.c.id));
    if (row.c.fileId) await deleteFile(db, fastify.storage, row.c.fileId);
    return { ok: true };
  });

  route(fastify, calls.view, async (request) => {
    const row = await visible(currentUser(request), request.params.certificateId);
    if (request.query.trainingId !== undefined && request.query.trainingId !== row.c.courseId) throw certNotFound();
    return record(row);
  });

  route(fastify, calls.file, async (request, reply) => {
    const row = await visible(currentUser(request), request.params.certificateId);
    const file = row.c.fileId ? await getFileRow(db, row.c.fileId) : null;
    if (!file) throw certNotFound();
    return sendStoredFile(fastify.storage, file, request, reply);
  });

  /** The student's own certificates (achievements). */
  route(fastify, calls.mine, async (request) => {
    const user = currentUser(request);
    const rows = await base().where(eq(certificates.studentId, user.accountId)).orderBy(desc(certificates.date), desc(certificates.id));
    return rows.map(record);
  });
};
