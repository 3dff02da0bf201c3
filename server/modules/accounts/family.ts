import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { forgetAccount } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accountLinks, accounts } from '../../db/schema/index.js';
import type { LinkedAccount } from '../../../shared/calls/accounts.js';

/**
 * A family: one main account and the accounts linked to it (account_links). A session may be
 * switched only between accounts of its account's family, read afresh from the database (the
 * session cache may be up to SESSION_CACHE_TTL_MS old).
 */
export interface Family {
  mainAccountId: number;
  /** the main account first, then the linked ones in the order they were linked */
  members: number[];
}

/** The family of an account: its main account (itself when it is not linked) and that main's linked accounts. */
export async function familyOf(db: Db, accountId: number): Promise<Family> {
  const [link] = await db.select({ mainAccountId: accountLinks.mainAccountId }).from(accountLinks).where(eq(accountLinks.linkedAccountId, accountId)).limit(1);
  const mainAccountId = link?.mainAccountId ?? accountId;
  const linked = await db
    .select({ id: accountLinks.linkedAccountId })
    .from(accountLinks)
    .where(eq(accountLinks.mainAccountId, mainAccountId))
    .orderBy(asc(accountLinks.createdAt), asc(accountLinks.id));
  return { mainAccountId, members: [mainAccountId, ...linked.map((r) => r.id)] };
}

/** The family as the `/accounts` table shows it. */
export async function familyRows(db: Db, family: Family, currentAccountId: number): Promise<LinkedAccount[]> {
  const rows = await db
    .select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, middleName: accounts.middleName, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.id, family.members));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return family.members.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{ accountId: id, fullName: fullName(r), eMail: r.email, isMain: id === family.mainAccountId, isCurrent: id === currentAccountId }];
  });
}

export const fullName = (r: { firstName: string; lastName: string; middleName?: string | null }) =>
  [r.lastName, r.firstName, r.middleName].filter((p) => p && p.trim()).join(' ');

/** True when the account is linked to a main account or has accounts linked to it. */
export async function inAnyFamily(db: Db, accountId: number): Promise<{ linkedTo: number | null; hasLinked: boolean }> {
  const rows = await db
    .select({ main: accountLinks.mainAccountId, linked: accountLinks.linkedAccountId })
    .from(accountLinks)
    .where(or(eq(accountLinks.linkedAccountId, accountId), eq(accountLinks.mainAccountId, accountId)));
  return { linkedTo: rows.find((r) => r.linked === accountId)?.main ?? null, hasLinked: rows.some((r) => r.main === accountId) };
}

/** Removes a link of the main account; false when there was none. */
export async function unlink(db: Db, mainAccountId: number, linkedAccountId: number): Promise<boolean> {
  const gone = await db
    .delete(accountLinks)
    .where(and(eq(accountLinks.mainAccountId, mainAccountId), eq(accountLinks.linkedAccountId, linkedAccountId)))
    .returning({ id: accountLinks.id });
  if (gone.length > 0) forgetAccount(db, linkedAccountId); // its sessions lose the main account, in every process
  return gone.length > 0;
}

