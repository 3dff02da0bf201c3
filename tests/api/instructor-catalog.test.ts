import { describe, expect, it } from 'vitest';
import { courseInstructors, courses, programs } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';

/**
 * Issue 28 item 8: the instructors' catalogue (`GET /api/instructors/instructor-catalog`, rule
 * staff): instructors and course staff with contacts and courses, searchable, paged.
 */
const t = await createTestApp();
const get = (who: SignedIn | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const url = (q: string) => `/api/instructors/instructor-catalog?${q}`;

describe('instructor catalogue', () => {
  it('lists instructors and course staff with their courses and contacts, by every word of a name, e-mail or course', async () => {
    const teacher = await t.signIn('Instructors', { firstName: 'Ольга', lastName: 'Каталогова', email: 'olga.catalog@example.com' });
    // a student who tutors a course is in the catalogue too; a plain student is not
    const tutor = await t.signIn('Students', { firstName: 'Пётр', lastName: 'Каталогов', email: 'petr.catalog@example.com' });
    await t.signIn('Students', { firstName: 'Иван', lastName: 'Каталожный', email: 'ivan.catalog@example.com' });
    const [p] = await t.db.insert(programs).values({ label: 'Программа каталога' }).returning();
    const made = await t.db.insert(courses).values([{ programId: p.id, label: 'Ботаника каталога' }, { programId: p.id, label: 'Алгебра каталога' }]).returning();
    await t.db.insert(courseInstructors).values([
      { courseId: made[0].id, accountId: teacher.accountId },
      { courseId: made[1].id, accountId: teacher.accountId },
      { courseId: made[0].id, accountId: tutor.accountId, courseRole: 'tutor' as never },
    ]);
    const reader = await t.signIn('Instructors');
    const all = await get(reader, url('search=catalog%40example'));
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      result: [
        { id: tutor.accountId, fullName: 'Каталогов Пётр', email: 'petr.catalog@example.com', phone: null, courses: 'Ботаника каталога', courseCount: 1 },
        { id: teacher.accountId, fullName: 'Каталогова Ольга', email: 'olga.catalog@example.com', phone: null, courses: 'Алгебра каталога, Ботаника каталога', courseCount: 2 },
      ],
      metadata: { filteredRecords: 2 },
    });
    // a course's label finds its staff; words combine
    expect((await get(reader, url(`search=${encodeURIComponent('Алгебра Ольга')}`))).json().result.map((r: { id: number }) => r.id)).toEqual([teacher.accountId]);
    const page = (await get(reader, url('search=catalog%40example&take=1&skip=1'))).json();
    expect(page.result.map((r: { id: number }) => r.id)).toEqual([teacher.accountId]);
    expect(page.metadata.filteredRecords).toBe(2);
    // LIKE wildcards are searched for literally
    expect((await get(reader, url('search=%25catalog'))).json().metadata.filteredRecords).toBe(0);
  });

  it('answers 401 to a guest, 403 to a student, 400 to bad paging; any staff member reads it (no flag needed)', async () => {
    expect((await get(null, url(''))).statusCode).toBe(401);
    expect((await get(await t.signIn('Students'), url(''))).statusCode).toBe(403);
    const root = await t.signIn('Root');
    expect((await get(root, url('take=1000'))).statusCode).toBe(400);
    expect((await get(root, url('skip=-1'))).statusCode).toBe(400);
    expect((await get(root, url(`search=${'x'.repeat(201)}`))).json()).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String) });
    expect((await get(root, url(''))).statusCode).toBe(200);
  });
});
