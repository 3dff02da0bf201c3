import type { NotificationLinkFields } from '../../../shared/calls/notifications.js';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { NotificationType } from '../../../shared/enums.js';
import type { Tx } from '../students/shared.js';
import { signalChanged } from './live.js';

/** One in-app notification for one account. */
export interface NotificationInput {
  accountId: number;
  type: NotificationType;
  /**
   * A message key of the server catalogues (registerMessages): the text is rendered in the
   * reader's language when the notifications are read, never stored as prose.
   */
  key: string;
  params?: Record<string, string | number>;
  link?: string | null;
  linkFields?: NotificationLinkFields;
  /** when it happened (default now), e.g. the evaluation's own clock */
  createdAt?: Date;
}

/**
 * The one way to write in-app notifications (inside the caller's transaction when given one).
 * The readers' open pages are told over /hubs/notifications once the transaction commits
 * (live.ts: a NOTIFY is delivered on commit only), never for a rolled-back one.
 */
export async function notify(db: Db | Tx, items: NotificationInput[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map((n) => ({
      accountId: n.accountId,
      type: n.type,
      text: n.key,
      params: n.params ?? {},
      link: n.link ?? null,
      linkFields: n.linkFields ?? {},
      ...(n.createdAt ? { createdAt: n.createdAt } : {}),
    })),
  );
  await signalChanged(db, items.map((n) => n.accountId));
}
