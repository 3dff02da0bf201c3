import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, identityUsers } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { Browser } from './support/browser.js';
import { addIdentityUser } from './support/identity.js';
import { learningHelpers } from './support/learning.js';

/**
 * Issue 10 item 17: an account's e-mail counts as confirmed only when the identity
 * provider says so (email_verified, at every sign-in), so a course that requires a
 * confirmed e-mail (join rule 400.3) refuses the others.
 */
const t = await createTestApp();
const { program, course } = learningHelpers(t);
let courseId: number;

beforeAll(async () => {
  const p = await program();
  courseId = (await course(p.program.id, { label: 'Только с подтверждённым e-mail', requiresEmailConfirmation: true })).id;
});

/** Signs in through the embedded provider; answers the browser (its ELP session cookie) and the account row. */
async function signIn(login: string) {
  const b = new Browser(t.app);
  const { action } = await b.openLoginPage();
  await b.submitLogin(action, login);
  const { accountId } = await b.state();
  const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId!));
  return { b, account };
}

const join = (b: Browser) => b.request('POST', `/api/students/trainings/${courseId}/join`);

describe('e-mail confirmation from the email_verified claim', () => {
  it('an unverified account is refused joining a course that requires confirmation (400.3)', async () => {
    const { login } = await addIdentityUser(t.db, { emailVerified: false });
    const { b, account } = await signIn(login);
    expect(account.emailConfirmed).toBe(false);
    const res = await join(b);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('3');
  });

  it('a verified one joins', async () => {
    const { login } = await addIdentityUser(t.db, { emailVerified: true });
    const { b, account } = await signIn(login);
    expect(account.emailConfirmed).toBe(true);
    expect((await join(b)).statusCode).toBe(200);
  });

  it('follows the provider at the next sign-in: confirmed later, the account may join then', async () => {
    const { id, login } = await addIdentityUser(t.db, { emailVerified: false });
    expect((await join((await signIn(login)).b)).statusCode).toBe(400);
    await t.db.update(identityUsers).set({ emailVerified: true }).where(eq(identityUsers.id, id));
    const again = await signIn(login);
    expect(again.account.emailConfirmed).toBe(true);
    expect((await join(again.b)).statusCode).toBe(200);
  });

  it('a user the embedded provider creates is unverified until confirmed', async () => {
    const [row] = await t.db
      .insert(identityUsers)
      .values({ login: 'new@example.com', passwordHash: 'x', email: 'new@example.com', firstName: 'Н', lastName: 'Н', role: 'Students' })
      .returning();
    expect(row.emailVerified).toBe(false);
  });
});
