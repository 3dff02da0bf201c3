import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STUDENT_IMPORT_MAX_BYTES, studentCalls as calls, type ImportProblem } from '../../../shared/calls/students.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import { enrolments, groups } from '../../db/schema/index.js';
import { AppError, badRequest, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { fileTooLarge } from '../programs/multipart.js';
import { parseStudentSheet, type ImportRow } from './importSheet.js';
import { accountsByEmail, enrolStudents } from './shared.js';

const EMAIL_RE = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Import of students from an xlsx/csv file: every row is checked first; one transaction; nothing half-imported. */
export function studentImportRoute(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(
    fastify,
    calls.import,
    async (request, reply) => {
      const user = currentUser(request);
      const { course } = courseOf(request);
      const lang = requestLang(request);
      if (!request.isMultipart()) throw badRequest('FileUpload.DataError', { title: 'students.import.badFile' });
      const part = await request.file({ limits: { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('FileUpload.DataError', { title: 'students.import.badFile' });
      const buf = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(part.filename, STUDENT_IMPORT_MAX_BYTES);
        throw err;
      });
      if (part.file.truncated) throw fileTooLarge(part.filename, STUDENT_IMPORT_MAX_BYTES);
      const rows = await parseStudentSheet(part.filename, buf);
      if (rows === null) throw badRequest('FileUpload.DataError', { title: 'students.import.badFile' });
      if (rows.length === 0) throw badRequest('ImportFailed', { title: 'students.import.empty' });
      const courseGroups = await db.select({ id: groups.id, label: groups.label }).from(groups).where(eq(groups.courseId, course.id));
      const groupByLabel = new Map(courseGroups.map((g) => [g.label.trim().toLowerCase(), g.id]));
      const emails = rows.map((r) => r.email.toLowerCase()).filter((e) => e);
      const { found } = await accountsByEmail(db, [...new Set(emails)]);
      const accountByEmail = new Map(found.map((a) => [a.email.toLowerCase(), a.id]));
      const errors: ImportProblem[] = [];
      const seen = new Map<string, number>();
      const ok: { accountId: number; groupId: number | null; row: ImportRow }[] = [];
      for (const r of rows) {
        const email = r.email.toLowerCase();
        const t = (k: string, v: Record<string, string | number> = {}) => translate(lang, `students.import.${k}`, v);
        if (!email) { errors.push({ row: r.row, message: t('noEmail') }); continue; }
        if (!EMAIL_RE.test(email)) { errors.push({ row: r.row, message: t('badEmail') }); continue; }
        if (seen.has(email)) { errors.push({ row: r.row, message: t('duplicate', { row: seen.get(email)! }) }); continue; }
        seen.set(email, r.row);
        const accountId = accountByEmail.get(email);
        if (!accountId) { errors.push({ row: r.row, message: t('unknownEmail', { email: r.email }) }); continue; }
        let groupId: number | null = null;
        if (r.group) {
          groupId = groupByLabel.get(r.group.trim().toLowerCase()) ?? null;
          if (groupId === null) { errors.push({ row: r.row, message: t('unknownGroup', { group: r.group }) }); continue; }
        }
        ok.push({ accountId, groupId, row: r });
      }
      if (errors.length) throw new AppError(400, 'ImportFailed', { title: 'students.import.failed', extra: { rows: errors } });
      const imported = await db.transaction(async (tx) => {
        let n = 0;
        for (const o of ok) {
          n += await enrolStudents(tx, course.id, course.label, [o.accountId], user.accountId, { groupId: o.groupId });
          if (o.groupId !== null) await tx.update(enrolments).set({ groupId: o.groupId }).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, o.accountId)));
        }
        return n;
      });
      return reply.send({ imported, total: ok.length });
    },
    { bodyLimit: STUDENT_IMPORT_MAX_BYTES + 1024 * 1024 },
  );
}
