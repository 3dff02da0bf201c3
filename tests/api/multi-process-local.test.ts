import { describe, expect, it } from 'vitest';
import { createSession, loadUser, SESSION_COOKIE } from '../../server/auth/context.js';
import { upsertAccountFromClaims } from '../../server/auth/accountStore.js';
import { createTestApp, type SignedIn } from './support/app.js';

/**
 * The invalidation bus without Redis (one process, the embedded default): a change drops the cached
 * entries here at once — every session of the account, not only the one that made the change.
 */
const t = await createTestApp();

const state = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/current-state', headers: { cookie } })).json() as { role: string; language: string | null };

describe('cache invalidation in one process', () => {
  it("shows a language change made on the phone to the same person's laptop at once", async () => {
    const phone: SignedIn = await t.signIn('Students');
    const laptop = `${SESSION_COOKIE}=${await createSession(t.db, phone.accountId, 1)}`;
    expect((await state(laptop)).language).toBeNull(); // cached now
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/language/en', headers: { ...phone.headers, host: 'localhost:3000' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await state(laptop)).language).toBe('en');
  });

  it('gives every cached session of an account the role of its latest sign-in', async () => {
    const claims = { sub: `sub-${Date.now()}`, email: `r${Date.now()}@example.com`, given_name: 'Роль', family_name: 'Тест', role: 'Students' };
    const account = await upsertAccountFromClaims(t.db, 'https://idp.example', claims);
    const token = await createSession(t.db, account.id, 1);
    expect((await loadUser(t.db, token))?.role).toBe('Students');
    await upsertAccountFromClaims(t.db, 'https://idp.example', { ...claims, role: 'Instructors' });
    expect((await loadUser(t.db, token))?.role).toBe('Instructors');
  });
});
