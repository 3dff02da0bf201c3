import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseLinks, courses, programs } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';

/**
 * Artifact links (/resources/links, issue 28 item 8): the platform's links (course_links rows of
 * no course) as a plain declared resource (shared/resources/resourceLinks.ts). A course's own
 * links are not reachable here; the platform's show in every course's links.
 */
const t = await createTestApp();
const base = '/api/instructors/resources/links';
const call = (who: { headers: Record<string, string> } | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), 'accept-language': 'ru' }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('artifact links', () => {
  it('an instructor with the resources flag creates, lists, searches, edits and deletes the platform’s links', async () => {
    const author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
    const created = await call(author, 'POST', base, { text: 'Библиотека', address: 'https://lib.example.com', sequence: 2, courseId: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json() as { id: number };
    const [row] = await t.db.select().from(courseLinks).where(eq(courseLinks.id, link.id));
    expect(row).toMatchObject({ courseId: null, parentId: null, text: 'Библиотека', address: 'https://lib.example.com', sequence: 2 });

    await call(author, 'POST', base, { text: 'Расписание', address: '/knowledge-base' });
    // in the links' order (as the courses show them), with no column for it
    const ordered = await call(author, 'GET', base);
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().map((r: { text: string }) => r.text)).toEqual(['Расписание', 'Библиотека']);
    const found = await call(author, 'GET', `${base}?filter=${encodeURIComponent(JSON.stringify({ q: 'библ' }))}&range=[0,9]`);
    expect(found.json().map((r: { text: string }) => r.text)).toEqual(['Библиотека']);

    const edited = await call(author, 'PUT', `${base}/${link.id}`, { text: 'Электронная библиотека', address: 'https://lib.example.com/new' });
    expect(edited.json()).toMatchObject({ text: 'Электронная библиотека', address: 'https://lib.example.com/new' });
    expect((await call(author, 'DELETE', `${base}/${link.id}`)).statusCode).toBe(200);
    expect((await call(author, 'GET', `${base}/${link.id}`)).statusCode).toBe(404);
  });

  it('never reaches a course’s own links', async () => {
    const author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
    const [p] = await t.db.insert(programs).values({ label: 'Программа ссылок' }).returning();
    const [c] = await t.db.insert(courses).values({ programId: p.id, label: 'Курс ссылок' }).returning();
    const [own] = await t.db.insert(courseLinks).values({ courseId: c.id, text: 'Своя ссылка курса', address: '/x' }).returning();
    const list = await call(author, 'GET', `${base}?range=[0,99]`);
    expect(list.json().map((r: { id: number }) => r.id)).not.toContain(own.id);
    expect((await call(author, 'GET', `${base}/${own.id}`)).statusCode).toBe(404);
    expect((await call(author, 'PUT', `${base}/${own.id}`, { text: 'взлом', address: '/y' })).statusCode).toBe(404);
    expect((await call(author, 'DELETE', `${base}/${own.id}`)).statusCode).toBe(404);
    const [still] = await t.db.select().from(courseLinks).where(eq(courseLinks.id, own.id));
    expect(still.text).toBe('Своя ссылка курса');
  });

  it('refuses bad input (400 in the spec’s shape), a guest (401), a student and an instructor without the flag (403)', async () => {
    const author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
    const bad = await call(author, 'POST', base, { text: ' ', address: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String) });
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['text', 'address']));
    expect((await call(null, 'GET', base)).statusCode).toBe(401);
    expect((await call(await t.signIn('Students'), 'GET', base)).statusCode).toBe(403);
    const noFlag = await t.signIn('Instructors', { flags: [] });
    expect((await call(noFlag, 'POST', base, { text: 'x', address: '/x' })).statusCode).toBe(403);
    expect(await t.db.select().from(courseLinks).where(eq(courseLinks.text, 'x'))).toEqual([]);
  });
});
