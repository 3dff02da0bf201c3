import { and, eq, inArray } from 'drizzle-orm';
import type { MailingRecipients } from '../../../shared/calls/mailings.js';
import { NotificationType, StudentStatusInGroup } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { accounts, courses, enrolments, mailings, mailOutbox } from '../../db/schema/index.js';
import type { Lang } from '../../i18n/messages.js';
import { notify } from '../notifications/notify.js';
import type { Tx } from '../students/shared.js';
import { letterDate, renderLetter, type LetterFields } from './render.js';

export type MailingRow = typeof mailings.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;

export interface Recipient {
  accountId: number;
  email: string;
  firstName: string;
  lastName: string;
  language: string | null;
  timeZone: string | null;
  joinedAt: Date;
}

/** Where letters link: set once from PUBLIC_URL when the module registers. */
export const mailLinks = { publicUrl: 'http://localhost:3000' };

export const langOf = (language: string | null | undefined): Lang => (language === 'en' ? 'en' : 'ru');

/** Students of a course matching a mailing's filter (default: studying), optionally only these accounts. */
export async function courseRecipients(db: Db | Tx, courseId: number, filter: Partial<MailingRecipients>, only?: number[]): Promise<Recipient[]> {
  if (only && only.length === 0) return [];
  const statuses = filter.statuses?.length ? filter.statuses : [StudentStatusInGroup.studying];
  return db
    .select({ accountId: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, language: accounts.language, timeZone: accounts.timeZone, joinedAt: enrolments.joinedAt })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
    .where(
      and(
        eq(enrolments.courseId, courseId),
        inArray(enrolments.status, statuses),
        filter.groupIds?.length ? inArray(enrolments.groupId, filter.groupIds) : undefined,
        only ? inArray(enrolments.accountId, only) : undefined,
      ),
    )
    .orderBy(accounts.id);
}

/** The course's fields of a letter to one recipient, dates in their language and time zone. */
export function letterFields(course: CourseRow, r: Pick<Recipient, 'firstName' | 'lastName' | 'email' | 'language' | 'timeZone'>, exercise = ''): LetterFields {
  const lang = langOf(r.language);
  return {
    student: `${r.firstName} ${r.lastName}`.trim() || r.email,
    course: course.label,
    startDate: letterDate(course.begin, lang, r.timeZone),
    endDate: letterDate(course.end, lang, r.timeZone),
    exercise,
    link: `${mailLinks.publicUrl}/my-courses/course/${course.id}`,
  };
}

export const profileLink = () => `${mailLinks.publicUrl}/profile`;

/**
 * Writes one outbox row per recipient and an in-app notification to each (in the caller's
 * transaction). `occasion` makes the dedupe key: the same mailing, recipient and occasion
 * writes nothing a second time (a repeated task, a dated rule seen again on the next pass).
 * Returns how many letters were written.
 */
export async function writeLetters(db: Db | Tx, mailing: MailingRow, course: CourseRow, recipients: Recipient[], occasion: (r: Recipient) => string, exercise = ''): Promise<number> {
  if (recipients.length === 0) return 0;
  const rows = recipients.map((r) => {
    const letter = renderLetter(mailing, letterFields(course, r, exercise), langOf(r.language), profileLink());
    return { to: r.email, ...letter, mailingId: mailing.id, accountId: r.accountId, dedupeKey: `${mailing.id}:${r.accountId}:${occasion(r)}` };
  });
  // in chunks: one statement carries at most 65535 parameters (7 per letter, 6 per notification)
  let written = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = await db.insert(mailOutbox).values(rows.slice(i, i + 1000)).onConflictDoNothing().returning({ accountId: mailOutbox.accountId, subject: mailOutbox.subject });
    written += chunk.length;
    await notify(
      db,
      chunk.map((w) => ({
        accountId: w.accountId!,
        type: NotificationType.unknown,
        key: 'mailings.notification',
        params: { subject: w.subject, course: course.label },
        link: `/my-courses/course/${course.id}`,
        linkFields: { trainingId: course.id },
      })),
    );
  }
  return written;
}
