import type { OutboxLetter } from '../../../shared/calls/mailings';
import { MailStatus } from '../../../shared/enums';

/** A letter's state as Root reads it in the outbox: one that a crash interrupted and that went out again says so. */
export function letterStateKey(l: Pick<OutboxLetter, 'status' | 'resent'>): string {
  if (l.resent && l.status === MailStatus.sent) return 'resources.mailings.outbox.resent';
  if (l.resent && l.status === MailStatus.sending) return 'resources.mailings.outbox.resending';
  return `resources.mailings.mail.${l.status}`;
}
