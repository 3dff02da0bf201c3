import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { splitEmailList } from '../../../shared/programs.js';
import { NotificationType } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { accounts, enrolmentLog, enrolments } from '../../db/schema/index.js';
import { notify } from '../notifications/notify.js';
import { AppError, notFound, requestLang } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { writeXlsx, type SheetColumn } from '../../jobs/xlsx.js';
import { mailingEvent } from '../mailings/triggers.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 400 with the verbatim spec 2 §6 message for a malformed e-mail list (field `emails`). */
export function emailListError(request: FastifyRequest, field = 'emails'): AppError {
  const msg = translate(requestLang(request), 'validation.emailList');
  return new AppError(400, 'ValidationError', { title: 'error.validation', description: 'validation.emailList', fields: { [field]: msg } });
}

/** Parses an e-mail list (string joined by comma/space, or an array); 400 on a malformed list. */
export function parseEmails(request: FastifyRequest, value: unknown, field = 'emails'): string[] {
  if (typeof value !== 'string' && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) throw emailListError(request, field);
  const list = splitEmailList(value as string | string[]);
  if (!list) throw emailListError(request, field);
  return list;
}

/** Accounts by e-mail (case-insensitive) among `roles` and within `scope` (a condition on accounts.id); also the e-mails with no such account. */
export async function accountsByEmail(db: Db | Tx, emails: string[], roles?: string[], scope?: SQL) {
  if (emails.length === 0) return { found: [] as { id: number; email: string; role: string }[], unknown: [] as string[] };
  const rows = await db
    .select({ id: accounts.id, email: accounts.email, role: accounts.role })
    .from(accounts)
    .where(and(inArray(sql`lower(${accounts.email})`, emails), roles ? inArray(accounts.role, roles) : undefined, scope));
  const byEmail = new Map<string, { id: number; email: string; role: string }>();
  for (const r of rows) if (!byEmail.has(r.email.toLowerCase())) byEmail.set(r.email.toLowerCase(), r);
  return { found: [...byEmail.values()], unknown: emails.filter((e) => !byEmail.has(e)) };
}

/** Enrols (or restores) students in a course; logs and notifies. Returns how many were added. */
export async function enrolStudents(
  tx: Db | Tx,
  courseId: number,
  courseLabel: string,
  accountIds: number[],
  actorId: number | null,
  extra: { groupId?: number | null; invitationId?: number | null } = {},
): Promise<number> {
  let added = 0;
  // who is studying already gets no "enrolled" letter (a course mailing rule's trigger, after the loop)
  const studying = new Set((await tx.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.status, 1), inArray(enrolments.accountId, accountIds.length ? accountIds : [0])))).map((r) => r.id));
  for (const accountId of accountIds) {
    const [existing] = await tx.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, accountId))).limit(1);
    if (existing && existing.status === 1) continue;
    if (existing) {
      await tx
        .update(enrolments)
        .set({ status: 1, kickedAt: null, kickReason: null, groupId: extra.groupId ?? existing.groupId, joinedAt: new Date() })
        .where(eq(enrolments.id, existing.id));
    } else {
      await tx.insert(enrolments).values({ courseId, accountId, status: 1, groupId: extra.groupId ?? null, invitationId: extra.invitationId ?? null });
    }
    await tx.insert(enrolmentLog).values({ courseId, accountId, event: existing ? 'restored' : 'joined', groupId: extra.groupId ?? null, actorId });
    await notify(tx, [{
      accountId,
      type: NotificationType.includeToCourse,
      key: 'notifications.enrolled',
      params: { course: courseLabel },
      link: `/my-courses/course/${courseId}`,
      linkFields: { trainingId: courseId },
    }]);
    added++;
  }

  await mailingEvent(tx, { trigger: 'enrolled', courseId, accountIds: accountIds.filter((id) => !studying.has(id)) });
  return added;
}

/** Expels students (status 2) with a reason; logs and notifies. */
export async function expelStudents(tx: Db | Tx, courseId: number, courseLabel: string, accountIds: number[], actorId: number | null, reason: string | null): Promise<number> {
  if (accountIds.length === 0) return 0;
  const rows = await tx
    .update(enrolments)
    .set({ status: 2, kickedAt: new Date(), kickReason: reason, groupId: null })
    .where(and(eq(enrolments.courseId, courseId), inArray(enrolments.accountId, accountIds), eq(enrolments.status, 1)))
    .returning({ accountId: enrolments.accountId });
  for (const r of rows) {
    await tx.insert(enrolmentLog).values({ courseId, accountId: r.accountId, event: 'expelled', reason, actorId });
    await notify(tx, [{
      accountId: r.accountId,
      type: NotificationType.excludeFromCourse,
      key: 'notifications.expelled',
      params: { course: courseLabel },
      linkFields: { trainingId: courseId },
    }]);
  }
  return rows.length;
}

/** The enrolment of a student in a course (within `scope`, a condition on enrolments: a tutor's students), or 404. */
export async function loadEnrolment(db: Db, courseId: number, studentId: number | null, scope?: SQL) {
  if (studentId === null) throw notFound('StudentNotFound');
  const [row] = await db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, studentId), scope)).limit(1);
  if (!row) throw notFound('StudentNotFound');
  return row;
}


/** An xlsx workbook in memory (exceljs; cells starting with = + - @ are escaped by writeXlsx). */
export async function xlsxBuffer<R>(name: string, columns: SheetColumn<R>[], rows: R[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  await writeXlsx(stream, [{ name, columns, rows: (async function* () { yield* rows; })() }]);
  await done;
  return Buffer.concat(chunks);
}

export const fullName = (a: { firstName: string | null; lastName: string | null }) => `${a.lastName ?? ''} ${a.firstName ?? ''}`.trim();
