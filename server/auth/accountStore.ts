import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts, sessions } from '../db/schema/index.js';
import { flagsFromClaims, roleFromClaims, type Role } from '../../shared/permissions.js';
import type { AccountState } from '../../shared/account.js';
import { forgetAccount, forgetSession, type AuthUser } from './context.js';
import { writeAuditRow } from '../http/audit.js';

export class AccountCreateError extends Error {}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const truthy = (v: unknown) => v === true || v === 'true' || v === 'True' || v === 1;

/** Names from given_name / family_name, else split from `name`. */
export function namesFromClaims(claims: Record<string, unknown>): { firstName: string; lastName: string } {
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName && text(claims.name)) {
    const [first, ...rest] = text(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return { firstName, lastName };
}

/** Whether two flag lists name the same flags (order does not matter). */
const sameFlags = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Creates or refreshes the account of (issuer, subject) from the ID token's
 * claims: role, flags and whether the e-mail is confirmed (email_verified; absent
 * means not confirmed) always follow the issuer; names and e-mail when given.
 * A new account needs a name (spec 3 §8.3b "Failed to create a user").
 * An existing account whose role or flags the claims change gets a `role-change` row in the
 * audit journal (history/audit/user-roles), in the same transaction, with the signing-in address.
 */
export async function upsertAccountFromClaims(
  db: Db,
  issuer: string,
  claims: Record<string, unknown>,
  context: { address?: string | null } = {},
): Promise<{ id: number; role: Role; flags: string[]; accessToPhysical: boolean }> {
  const subject = text(claims.sub);
  if (!subject) throw new AccountCreateError('no subject');
  const role = roleFromClaims(claims);
  const flags = flagsFromClaims(claims);
  const accessToPhysical = truthy(claims.accessToPhysical);
  const { firstName, lastName } = namesFromClaims(claims);
  const email = text(claims.email);
  const emailConfirmed = truthy(claims.email_verified);
  const now = new Date();

  const [existing] = await db
    .select({ id: accounts.id, role: accounts.role, flags: accounts.flags })
    .from(accounts)
    .where(and(eq(accounts.issuer, issuer), eq(accounts.subject, subject)))
    .limit(1);
  if (!existing && !firstName && !lastName) throw new AccountCreateError('no first and last name in the claims');

  const refreshed = {
    role,
    flags,
    accessToPhysical,
    emailConfirmed,
    lastLoginAt: now,
    ...(email ? { email } : {}),
    ...(firstName || lastName ? { firstName, lastName } : {}),
  };
  const upsert = (tx: Db) =>
    tx
      .insert(accounts)
      .values({ issuer, subject, email, firstName, lastName, role, flags, accessToPhysical, emailConfirmed, lastLoginAt: now })
      .onConflictDoUpdate({ target: [accounts.issuer, accounts.subject], set: refreshed })
      .returning({ id: accounts.id });
  const changed = existing && (existing.role !== role || !sameFlags(existing.flags, flags));
  const [row] = !changed
    ? await upsert(db)
    : await db.transaction(async (tx) => {
        const rows = await upsert(tx);
        await writeAuditRow(tx, {
          accountId: existing.id,
          actorRole: role,
          action: 'role-change',
          tableName: 'accounts',
          recordId: String(existing.id),
          before: { role: existing.role, flags: existing.flags },
          after: { role, flags },
          address: context.address ?? null,
        });
        return rows;
      });
  // the account's other sessions (other devices, other processes) see the new role and flags at once
  if (existing) forgetAccount(db, row.id);
  return { id: row.id, role, flags, accessToPhysical };
}

export const GUEST_STATE: AccountState = {
  accountId: null,
  role: 'Guest',
  permissions: [],
  accessToPhysical: false,
  eMail: null,
  firstname: null,
  surname: null,
  picture: null,
  language: null,
  isMain: true,
  canSwitchBack: false,
};

/** GET /api/account/current-state for the caller (Guest without a session); loadUser already read it all. */
export function accountState(user: AuthUser | null): AccountState {
  if (!user) return GUEST_STATE;
  return {
    accountId: user.accountId,
    role: user.role,
    permissions: [...user.flags],
    accessToPhysical: user.accessToPhysical,
    eMail: user.email || null,
    firstname: user.firstName || null,
    surname: user.lastName || null,
    picture: user.picture,
    language: user.language === 'ru' || user.language === 'en' ? user.language : null,
    isMain: user.mainAccountId == null,
    canSwitchBack: user.previousAccountId != null,
  };
}

/** Deletes a session row; returns its ID token and provider session (to end the provider's session too). */
export async function endSession(db: Db, sessionId: string): Promise<{ idToken: string | null; providerSession: string | null } | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ idToken: sessions.idToken, providerSession: sessions.providerSession });
  forgetSession(db, sessionId); // after the delete: a request meanwhile cannot cache it again
  return row ?? null;
}

