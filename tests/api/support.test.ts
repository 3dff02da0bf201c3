import { describe, expect, it } from 'vitest';
import { courseInstructors, courses, programs } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';

/**
 * Issue 13 item 6: user search (`GET /api/instructors/support/users`) and profile rights
 * (`GET /api/Instructors/Support/Profile/{accountId}/Rights`), rule adminPanel (AdminPanelAccess).
 */
const t = await createTestApp();
const get = (who: SignedIn | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('user search', () => {
  it('finds accounts by every word of a name or e-mail, paged', async () => {
    const admin = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
    const anna = await t.signIn('Students', { firstName: 'Анна', lastName: 'Иванова', email: 'anna.support@example.com' });
    await t.signIn('Students', { firstName: 'Анна', lastName: 'Петрова', email: 'petrova.support@example.com' });
    const res = await get(admin, `/api/instructors/support/users?search=${encodeURIComponent('Анна Иванова')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: [expect.objectContaining({ accountId: anna.accountId, fullName: 'Иванова Анна', eMail: 'anna.support@example.com', role: 'Students' })],
      metadata: { filteredRecords: 1 },
    });
    const page = (await get(admin, '/api/instructors/support/users?search=support@example&take=1&skip=1')).json();
    expect(page.result).toHaveLength(1);
    expect(page.metadata.filteredRecords).toBe(2);
    // LIKE wildcards are searched for literally
    expect((await get(admin, '/api/instructors/support/users?search=%25')).json().metadata.filteredRecords).toBe(0);
  });

  it('answers 401 to a guest, 403 without AdminPanelAccess, 400 to bad paging', async () => {
    expect((await get(null, '/api/instructors/support/users')).statusCode).toBe(401);
    for (const who of [await t.signIn('Students'), await t.signIn('Instructors', { flags: ['MergingProfiles'] })]) {
      expect((await get(who, '/api/instructors/support/users')).statusCode).toBe(403);
    }
    const admin = await t.signIn('Root');
    expect((await get(admin, '/api/instructors/support/users?take=1000')).statusCode).toBe(400);
  });
});

describe('profile rights', () => {
  it('shows role, flags and course roles of an account', async () => {
    const admin = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
    const teacher = await t.signIn('Instructors', { flags: ['ShowStudents'] });
    const [p] = await t.db.insert(programs).values({ label: 'Программа' }).returning();
    const [c] = await t.db.insert(courses).values({ programId: p.id, label: 'Курс прав', createdBy: teacher.accountId }).returning();
    await t.db.insert(courseInstructors).values({ courseId: c.id, accountId: teacher.accountId, courseRole: 'tutor' as never, panelPermissions: [1, 2] as never });
    const res = await get(admin, `/api/Instructors/Support/Profile/${teacher.accountId}/Rights`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: teacher.accountId,
      role: 'Instructors',
      permissions: ['ShowStudents'],
      mainAccountId: null,
      courses: [{ courseId: c.id, label: 'Курс прав', courseRole: 'tutor', panelPermissions: [1, 2], isCreator: true }],
    });
  });

  it('answers 404 to an unknown or malformed id, 401 and 403 as the search', async () => {
    const admin = await t.signIn('Root');
    expect((await get(admin, '/api/instructors/support/profile/99999999/rights')).statusCode).toBe(404);
    expect((await get(admin, '/api/instructors/support/profile/abc/rights')).json().ErrorCode).toBe('AccountNotFound');
    const student = await t.signIn('Students');
    expect((await get(null, `/api/Instructors/Support/Profile/${student.accountId}/Rights`)).statusCode).toBe(401);
    // a student cannot read even their own rights here
    expect((await get(student, `/api/Instructors/Support/Profile/${student.accountId}/Rights`)).statusCode).toBe(403);
  });
});
