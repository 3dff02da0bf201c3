import { eq } from 'drizzle-orm';
import type { MailingRecipients } from '../../../shared/calls/mailings.js';
import { MailingKind } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { courses, mailings } from '../../db/schema/index.js';
import { courseRecipients, writeLetters } from './letters.js';

/**
 * The mailing-data task of a manual mailing: writes one letter per recipient and marks the
 * mailing sent, in one transaction. Writes nothing when the mailing was deleted, sent already
 * or rescheduled since this task was queued (another task carries the new time); a rerun after
 * a crash finds the letters by their dedupe keys and writes no second copy.
 */
export async function sendManualMailing(db: Db, job: { mailingId: number; scheduledAt: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const [mailing] = await tx.select().from(mailings).where(eq(mailings.id, job.mailingId)).for('update');
    if (!mailing || mailing.kind !== MailingKind.manual || mailing.sentAt) return 0;
    if (mailing.scheduledAt?.toISOString() !== job.scheduledAt) return 0;
    const [course] = await tx.select().from(courses).where(eq(courses.id, mailing.courseId));
    const recipients = await courseRecipients(tx, course.id, mailing.recipients as MailingRecipients);
    const written = await writeLetters(tx, mailing, course, recipients, () => 'manual');
    await tx.update(mailings).set({ sentAt: new Date() }).where(eq(mailings.id, mailing.id));
    return written;
  });
}
