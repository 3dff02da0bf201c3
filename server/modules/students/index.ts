import multipart from '@fastify/multipart';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CourseAction, RuleKey } from '../../../shared/permissions.js';
import { currentUser } from '../../auth/context.js';
import { courseOf, type CourseScope } from '../../auth/courseScope.js';
import {
  accounts,
  answers,
  attempts,
  attributeValueHistory,
  attributeValues,
  attributes,
  enrolmentLog,
  enrolments,
  exerciseProgress,
  exercises,
  files,
  groups,
  lessons,
} from '../../db/schema/index.js';
import { AppError, badRequest, notFound, requestLang } from '../../errors.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { studentScope } from '../courses/access.js';
import { likePattern } from '../courses/common.js';
import { fileTooLarge } from '../programs/multipart.js';
import { parseStudentSheet, type ImportRow } from './importSheet.js';
import { accountsByEmail, emailsInput, enrolStudents, expelStudents, fullName, loadEnrolment, parseEmails } from './shared.js';

registerMessages({
  ru: {
    'students.kick.noProgress': 'Нет прогресса в обучении',
    'students.kick.ownWish': 'По собственному желанию',
    'students.kick.academicDebt': 'Академическая задолженность',
    'students.kick.transfer': 'Перевод на другой курс',
    'students.kick.other': 'Другое',
    'students.import.failed': 'В файле есть ошибки, ничего не импортировано',
    'students.import.badFile': 'Загрузите файл xlsx или csv',
    'students.import.noEmail': 'Не указан адрес электронной почты',
    'students.import.badEmail': 'Некорректный адрес электронной почты',
    'students.import.unknownEmail': 'Пользователь с адресом {email} не найден',
    'students.import.unknownGroup': 'Группа «{group}» не найдена',
    'students.import.duplicate': 'Адрес повторяется в строке {row}',
    'students.import.empty': 'В файле нет строк',
    'students.attributeNotFound': 'Атрибут не найден',
  },
  en: {
    'students.kick.noProgress': 'No progress in studies',
    'students.kick.ownWish': 'At own request',
    'students.kick.academicDebt': 'Academic debt',
    'students.kick.transfer': 'Transfer to another course',
    'students.kick.other': 'Other',
    'students.import.failed': 'The file has errors, nothing was imported',
    'students.import.badFile': 'Upload an xlsx or csv file',
    'students.import.noEmail': 'No e-mail address',
    'students.import.badEmail': 'Invalid e-mail address',
    'students.import.unknownEmail': 'No user with the address {email}',
    'students.import.unknownGroup': 'Group “{group}” not found',
    'students.import.duplicate': 'The address repeats row {row}',
    'students.import.empty': 'The file has no rows',
    'students.attributeNotFound': 'Attribute not found',
  },
});

export const KICK_REASONS = ['noProgress', 'ownWish', 'academicDebt', 'transfer', 'other'] as const;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Route options: the rule (default 'showStudents') and what the call does in its course. */
const opts = <S extends Record<string, unknown>>(schema: S, action?: CourseAction, from?: CourseScope['from'], rule: RuleKey = 'showStudents') => ({
  config: { rule, ...(action ? { course: { action, from } } : {}) },
  schema: { tags: ['students'], ...schema },
});
const courseP = z.object({ courseId: z.string() });
const idP = z.object({ id: z.string() });

const listBody = z.object({
  search: z.string().max(200).optional(),
  group: z.coerce.number().int().nullish(),
  groupId: z.coerce.number().int().nullish(),
  /** profile attribute filters: every one must match */
  filter: z.array(z.object({ attributeId: z.coerce.number().int(), value: z.string().max(500) })).max(20).optional(),
  status: z.coerce.number().int().optional(),
  take: z.coerce.number().int().min(1).max(1000).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});

/**
 * Students of a course (spec 3 §7.9 "Students"): list with filters, include/exclude by e-mail
 * lists, kicked list and kick reasons, a student's view, results files, profile changes,
 * remove from group, import from xlsx/csv, attributes set/clear and filters. Rule 'showStudents';
 * the course goes through loadCourse (404 for a course the caller does not run).
 */
export const studentsModule: FastifyPluginAsync = async (fastify) => {
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const app = fastify.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
  const db = fastify.db;

  app.post('/api/instructors/students/training/:id/list', opts({ params: idP, body: listBody }, 'students', 'params.id'), async (request) => {
    const access = courseOf(request);
    const { course } = access;
    const b = request.body;
    const groupId = b.groupId ?? b.group ?? null;
    const conds: (SQL | undefined)[] = [
      eq(enrolments.courseId, course.id),
      eq(enrolments.status, (b.status ?? 1) as 1 | 2 | 3),
      studentScope(access, currentUser(request), enrolments.accountId),
    ];
    if (groupId !== null) conds.push(eq(enrolments.groupId, groupId));
    const s = b.search?.trim();
    if (s) {
      const p = likePattern(s);
      conds.push(or(ilike(accounts.email, p), ilike(accounts.firstName, p), ilike(accounts.lastName, p), ilike(sql`${accounts.lastName} || ' ' || ${accounts.firstName}`, p)));
    }
    for (const f of b.filter ?? []) {
      conds.push(sql`exists (select 1 from "attribute_values" av where av."account_id" = ${accounts.id} and av."attribute_id" = ${f.attributeId}
        and (av."training_id" is null or av."training_id" = ${course.id}) and av."value" = ${f.value})`);
    }
    const where = and(...conds);
    const [{ total }] = await db.select({ total: count() }).from(enrolments).innerJoin(accounts, eq(accounts.id, enrolments.accountId)).where(where);
    const rows = await db
      .select({ e: enrolments, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, groupLabel: groups.label })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .leftJoin(groups, eq(groups.id, enrolments.groupId))
      .where(where)
      .orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id))
      .limit(b.take)
      .offset(b.skip);
    return {
      result: rows.map((r) => ({
        id: r.e.accountId,
        accountId: r.e.accountId,
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        name: fullName(r),
        groupId: r.e.groupId,
        groupLabel: r.groupLabel,
        status: r.e.status,
        progress: r.e.progress,
        completed: r.e.completed,
        joinedAt: r.e.joinedAt.toISOString(),
      })),
      metadata: { filteredRecords: total },
    };
  });

  const includeBody = z.object({ emails: emailsInput, groupId: z.coerce.number().int().nullish() });
  app.post('/api/instructors/students/training/:id/include', opts({ params: idP, body: includeBody }, 'manageStudents', 'params.id'), async (request) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const emails = parseEmails(request, request.body.emails);
    const groupId = request.body.groupId ?? null;
    if (groupId !== null) await loadGroupOf(course.id, groupId);
    const { found, unknown } = await accountsByEmail(db, emails);
    const included = await db.transaction((tx) => enrolStudents(tx, course.id, course.label, found.map((a) => a.id), user.accountId, { groupId }));
    return { included, alreadyIncluded: found.length - included, notFound: unknown };
  });

  const excludeBody = z.object({ emails: emailsInput, reason: z.string().max(500).nullish() });
  app.post('/api/instructors/students/training/:id/exclude', opts({ params: idP, body: excludeBody }, 'manageStudents', 'params.id'), async (request) => {
    const user = currentUser(request);
    const access = courseOf(request);
    const { course } = access;
    const emails = parseEmails(request, request.body.emails);
    // a tutor excludes only their own students; the others count as not in the course
    const { found, unknown } = await accountsByEmail(db, emails, undefined, studentScope(access, user, accounts.id));
    const reason = request.body.reason?.trim() || null;
    const excluded = await db.transaction((tx) => expelStudents(tx, course.id, course.label, found.map((a) => a.id), user.accountId, reason));
    return { excluded, notInCourse: found.length - excluded, notFound: unknown };
  });

  app.get('/api/instructors/trainings/:courseId/kicked', opts({ params: courseP }, 'students'), async (request) => {
    const access = courseOf(request);
    const { course } = access;
    const rows = await db
      .select({ e: enrolments, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .where(and(eq(enrolments.courseId, course.id), inArray(enrolments.status, [2, 3]), studentScope(access, currentUser(request), enrolments.accountId)))
      .orderBy(desc(enrolments.kickedAt));
    return rows.map((r) => ({
      id: r.e.accountId,
      accountId: r.e.accountId,
      email: r.email,
      name: fullName(r),
      status: r.e.status,
      kickReason: r.e.kickReason,
      kickedAt: r.e.kickedAt?.toISOString() ?? null,
    }));
  });

  app.get('/api/trainings/:courseId/students/possible-kick-reasons', opts({ params: courseP }, 'students'), async (request) => {
    const lang = requestLang(request);
    return KICK_REASONS.map((id) => ({ id, label: translate(lang, `students.kick.${id}`) }));
  });

  // ---- a student's view, results files, changes, remove from group
  const studentP = z.object({ trainingId: z.string(), studentId: z.string() });
  app.get('/api/instructors/trainings/:trainingId/students/:studentId/view', opts({ params: studentP, querystring: z.object({ filter: z.string().max(50).optional() }) }, 'students'), async (request) => {
    const access = courseOf(request);
    const { course } = access;
    const e = await loadEnrolment(db, course.id, parseIntId(request.params.studentId), studentScope(access, currentUser(request), enrolments.accountId));
    const [a] = await db.select().from(accounts).where(eq(accounts.id, e.accountId));
    const ex = await db
      .select({ id: exercises.id, label: exercises.label, exerciseType: exercises.exerciseType, lessonId: lessons.id, lessonLabel: lessons.label, status: exerciseProgress.status, score: exerciseProgress.score, completedAt: exerciseProgress.completedAt })
      .from(exercises)
      .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
      .leftJoin(exerciseProgress, and(eq(exerciseProgress.exerciseId, exercises.id), eq(exerciseProgress.courseId, course.id), eq(exerciseProgress.accountId, e.accountId)))
      .where(eq(exercises.programId, course.programId))
      .orderBy(asc(lessons.sequence), asc(exercises.sequence));
    const filter = request.query.filter;
    const list = ex
      .map((x) => ({ ...x, status: x.status ?? 0, completedAt: x.completedAt?.toISOString() ?? null }))
      .filter((x) => (filter === 'completed' ? x.status >= 3 : filter === 'notCompleted' ? x.status < 3 : true));
    const profile = await db
      .select({ attributeId: attributes.id, label: attributes.label, value: attributeValues.value })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(and(eq(attributeValues.accountId, e.accountId), or(sql`${attributeValues.trainingId} is null`, eq(attributeValues.trainingId, course.id))));
    return {
      student: { accountId: a.id, email: a.email, firstName: a.firstName, lastName: a.lastName, middleName: a.middleName, phone: a.phone, picture: a.picture },
      enrolment: { status: e.status, groupId: e.groupId, progress: e.progress, completed: e.completed, joinedAt: e.joinedAt.toISOString(), kickReason: e.kickReason },
      exercises: list,
      profile,
    };
  });

  app.get('/api/instructors/trainings/:courseId/students/:studentId/changes', opts({ params: z.object({ courseId: z.string(), studentId: z.string() }) }, 'students'), async (request) => {
    const access = courseOf(request);
    const { course } = access;
    const e = await loadEnrolment(db, course.id, parseIntId(request.params.studentId), studentScope(access, currentUser(request), enrolments.accountId));
    const rows = await db
      .select({ h: attributeValueHistory, label: attributes.label })
      .from(attributeValueHistory)
      .leftJoin(attributes, eq(attributes.id, attributeValueHistory.attributeId))
      .where(eq(attributeValueHistory.accountId, e.accountId))
      .orderBy(desc(attributeValueHistory.changedAt))
      .limit(500);
    const log = await db.select().from(enrolmentLog).where(and(eq(enrolmentLog.courseId, course.id), eq(enrolmentLog.accountId, e.accountId))).orderBy(desc(enrolmentLog.at));
    return {
      profile: rows.map((r) => ({ id: r.h.id, field: r.label ?? r.h.field, oldValue: r.h.oldValue, newValue: r.h.newValue, changedAt: r.h.changedAt.toISOString() })),
      enrolment: log.map((l) => ({ id: l.id, event: l.event, groupId: l.groupId, reason: l.reason, at: l.at.toISOString() })),
    };
  });

  app.get(
    '/api/instructors/trainings/:courseId/results/files',
    opts({ params: courseP, querystring: z.object({ studentId: z.coerce.number().int(), exerciseId: z.coerce.number().int().optional() }) }, 'students'),
    async (request) => {
      const access = courseOf(request);
      const { course } = access;
      const q = request.query;
      await loadEnrolment(db, course.id, q.studentId, studentScope(access, currentUser(request), enrolments.accountId));
      const rows = await db
        .select({ fileId: files.id, name: files.name, attemptId: attempts.id, exerciseId: attempts.exerciseId, savedAt: answers.savedAt })
        .from(answers)
        .innerJoin(attempts, eq(attempts.id, answers.attemptId))
        .innerJoin(files, eq(files.id, answers.fileId))
        .where(and(eq(attempts.courseId, course.id), eq(attempts.accountId, q.studentId), q.exerciseId ? eq(attempts.exerciseId, q.exerciseId) : undefined))
        .orderBy(desc(answers.savedAt));
      return rows.map((r) => ({ ...r, address: `/api/files/${r.fileId}`, savedAt: r.savedAt.toISOString() }));
    },
  );

  app.delete('/api/instructors/trainings/:courseId/students/:studentId/group', opts({ params: z.object({ courseId: z.string(), studentId: z.string() }) }, 'manageStudents'), async (request) => {
    const user = currentUser(request);
    const access = courseOf(request);
    const { course } = access;
    const e = await loadEnrolment(db, course.id, parseIntId(request.params.studentId), studentScope(access, user, enrolments.accountId));
    await db.transaction(async (tx) => {
      await tx.update(enrolments).set({ groupId: null }).where(eq(enrolments.id, e.id));
      await tx.insert(enrolmentLog).values({ courseId: course.id, accountId: e.accountId, event: 'group_changed', groupId: null, actorId: user.accountId });
    });
    return { ok: true };
  });

  // ---- attributes: settable list, set, clear, filters
  app.get('/api/instructors/trainings/students/attributes/set', opts({}), async () =>
    db.select({ id: attributes.id, label: attributes.label, type: attributes.type, options: attributes.options }).from(attributes).orderBy(asc(attributes.sequence), asc(attributes.id)),
  );

  const setBody = z.object({ trainingId: z.coerce.number().int(), attributeId: z.coerce.number().int(), value: z.string().max(2000).nullable(), date: z.string().max(40).nullish(), emails: emailsInput.optional() });
  app.post('/api/instructors/trainings/students/attributes/set', opts({ body: setBody }, 'manageStudents', 'body.trainingId'), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const access = courseOf(request);
    const { course } = access;
    const [attr] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.id, b.attributeId));
    if (!attr) throw notFound('AttributeNotFound', { title: 'students.attributeNotFound' });
    const targetIds = b.emails !== undefined
      ? (await accountsByEmail(db, parseEmails(request, b.emails))).found.map((a) => a.id)
      : (await db.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.status, 1)))).map((r) => r.id);
    const enrolled = new Set(
      (await db.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, course.id), studentScope(access, user, enrolments.accountId)))).map((r) => r.id),
    );
    const ids = targetIds.filter((id) => enrolled.has(id));
    await db.transaction(async (tx) => {
      for (const accountId of ids) {
        await tx.delete(attributeValues).where(and(eq(attributeValues.accountId, accountId), eq(attributeValues.attributeId, attr.id), eq(attributeValues.trainingId, course.id)));
        await tx.insert(attributeValues).values({ accountId, attributeId: attr.id, trainingId: course.id, value: b.value });
        await tx.insert(attributeValueHistory).values({ accountId, attributeId: attr.id, trainingId: course.id, newValue: b.value, changedBy: user.accountId });
      }
    });
    return { updated: ids.length };
  });

  const clearBody = z.object({ trainingId: z.coerce.number().int(), attributes: z.array(z.coerce.number().int()).min(1).max(200), emails: emailsInput });
  app.post('/api/instructors/trainings/students/attributes/clear', opts({ body: clearBody }, 'manageStudents', 'body.trainingId'), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const access = courseOf(request);
    const { course } = access;
    const { found, unknown } = await accountsByEmail(db, parseEmails(request, b.emails), undefined, studentScope(access, user, accounts.id));
    if (unknown.length) {
      throw new AppError(400, '26', { title: 'error.badRequest', extra: { messages: unknown.map((e) => translate(requestLang(request), 'students.import.unknownEmail', { email: e })) } });
    }
    const ids = found.map((a) => a.id);
    const removed = ids.length
      ? await db.delete(attributeValues).where(and(eq(attributeValues.trainingId, course.id), inArray(attributeValues.accountId, ids), inArray(attributeValues.attributeId, b.attributes))).returning({ id: attributeValues.id })
      : [];
    return { cleared: removed.length };
  });

  app.get('/api/instructors/trainings/students/filters', opts({}), async () => {
    const rows = await db.select({ id: attributes.id, label: attributes.label, type: attributes.type, options: attributes.options }).from(attributes).orderBy(asc(attributes.sequence), asc(attributes.id));
    return rows;
  });

  // ---- import from xlsx/csv: every row checked first; one transaction; nothing half-imported
  app.post('/api/instructors/trainings/:courseId/students/import', { ...opts({ params: courseP }, 'manageStudents'), bodyLimit: IMPORT_MAX_BYTES + 1024 * 1024 }, async (request, reply) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const lang = requestLang(request);
    if (!request.isMultipart()) throw badRequest('FileUpload.DataError', { title: 'students.import.badFile' });
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part) throw badRequest('FileUpload.DataError', { title: 'students.import.badFile' });
    const buf = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(part.filename, IMPORT_MAX_BYTES);
      throw err;
    });
    if (part.file.truncated) throw fileTooLarge(part.filename, IMPORT_MAX_BYTES);
    const rows = await parseStudentSheet(part.filename, buf);
    if (rows === null) throw badRequest('FileUpload.DataError', { title: 'students.import.badFile' });
    if (rows.length === 0) throw badRequest('ImportFailed', { title: 'students.import.empty' });
    const courseGroups = await db.select({ id: groups.id, label: groups.label }).from(groups).where(eq(groups.courseId, course.id));
    const groupByLabel = new Map(courseGroups.map((g) => [g.label.trim().toLowerCase(), g.id]));
    const emails = rows.map((r) => r.email.toLowerCase()).filter((e) => e);
    const { found } = await accountsByEmail(db, [...new Set(emails)]);
    const accountByEmail = new Map(found.map((a) => [a.email.toLowerCase(), a.id]));
    const errors: { row: number; message: string }[] = [];
    const seen = new Map<string, number>();
    const ok: { accountId: number; groupId: number | null; row: ImportRow }[] = [];
    for (const r of rows) {
      const email = r.email.toLowerCase();
      const t = (k: string, v: Record<string, string | number> = {}) => translate(lang, `students.import.${k}`, v);
      if (!email) { errors.push({ row: r.row, message: t('noEmail') }); continue; }
      if (!/^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(email)) { errors.push({ row: r.row, message: t('badEmail') }); continue; }
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
  });

  async function loadGroupOf(courseId: number, groupId: number) {
    const [g] = await db.select().from(groups).where(and(eq(groups.id, groupId), eq(groups.courseId, courseId)));
    if (!g) throw notFound('GroupNotFound');
    return g;
  }
};
