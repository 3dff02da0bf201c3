import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { kbArticles } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/** Knowledge base (spec 3 §7.5), the content pages and the support contacts. */
const t = await createTestApp({ SUPPORT_EMAIL: 'help@elp.test', SUPPORT_PHONE: '+7 (495) 123-45-67', SUPPORT_CHAT_BOT_URL: 'https://t.me/elp_bot' });
const { call } = courseHelpers(t);
const A = '/api/knowledge-base/articles';

let root: SignedIn, instructor: SignedIn, student: SignedIn;
let published: number, draft: number;

beforeAll(async () => {
  root = await t.signIn('Root');
  instructor = await t.signIn('Instructors');
  student = await t.signIn('Students');
  const a = await call(root, 'POST', A, { title: 'Как записаться на курс', body: '<p>Откройте <b>Каталог</b></p>', sequence: 2 });
  expect(a.statusCode, a.body).toBe(201);
  published = a.json().id;
  const b = await call(root, 'POST', A, { title: 'Черновик', body: '<p>Скоро</p>', isPublished: false, sequence: 1 });
  draft = b.json().id;
  await call(root, 'POST', A, { title: 'Сертификаты', body: '<p>Сертификат выдаёт преподаватель</p>', sequence: 3 });
});

describe('reading', () => {
  it('answers 401 signed out', async () => {
    for (const url of [A, `${A}/${published}`, '/api/pages/main', '/api/support/contacts']) expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
  });

  it('lists published articles in order to students; Root sees drafts too', async () => {
    const s = (await call(student, 'GET', A)).json();
    expect(s.result.map((r: { title: string }) => r.title)).toEqual(['Как записаться на курс', 'Сертификаты']);
    expect(s.metadata.filteredRecords).toBe(2);
    expect(s.result[0].excerpt).toBe('Откройте Каталог');
    const r = (await call(root, 'GET', A)).json();
    expect(r.result.map((x: { title: string }) => x.title)).toEqual(['Черновик', 'Как записаться на курс', 'Сертификаты']);
  });

  it('searches titles and bodies with the query', async () => {
    const byBody = (await call(student, 'GET', `${A}?query=${encodeURIComponent('преподаватель')}`)).json();
    expect(byBody.result.map((x: { title: string }) => x.title)).toEqual(['Сертификаты']);
    const byTitle = (await call(student, 'GET', `${A}?query=${encodeURIComponent('ЗАПИСАТЬСЯ курс')}`)).json();
    expect(byTitle.result.map((x: { title: string }) => x.title)).toEqual(['Как записаться на курс']);
    expect((await call(student, 'GET', `${A}?query=${encodeURIComponent('%')}`)).json().result).toEqual([]);
    expect((await call(student, 'GET', `${A}?query=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('opens a published article; a draft or a missing one is 404 for a student', async () => {
    expect((await call(student, 'GET', `${A}/${published}`)).json()).toMatchObject({ title: 'Как записаться на курс', body: '<p>Откройте <b>Каталог</b></p>' });
    for (const id of [draft, 999999, 'x']) {
      const res = await call(student, 'GET', `${A}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().ErrorCode).toBe('ArticleNotFound');
    }
    expect((await call(root, 'GET', `${A}/${draft}`)).statusCode).toBe(200);
  });

  it('serves the configured support contacts', async () => {
    expect((await call(student, 'GET', '/api/support/contacts')).json()).toEqual({ chatBotUrl: 'https://t.me/elp_bot', email: 'help@elp.test', phone: '+7 (495) 123-45-67' });
  });
});

describe('writing', () => {
  it('only Root writes: students and instructors get 403 and nothing changes', async () => {
    for (const who of [student, instructor]) {
      for (const [method, url, body] of [
        ['POST', A, { title: 'X', body: 'y' }],
        ['PUT', `${A}/${published}`, { title: 'X', body: 'y' }],
        ['DELETE', `${A}/${published}`],
        ['PUT', '/api/pages/main', { title: 'X', body: 'y' }],
      ] as const) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const [row] = await t.db.select().from(kbArticles).where(eq(kbArticles.id, published));
    expect(row.title).toBe('Как записаться на курс');
    expect(await t.db.select().from(kbArticles).where(eq(kbArticles.slug, 'main'))).toEqual([]);
  });

  it('strips script tags and event handlers before storing', async () => {
    const res = await call(root, 'PUT', `${A}/${published}`, { title: 'Запись', body: '<p onclick="alert(1)">Текст</p><script>alert(1)</script><img src=x onerror="alert(2)">', isPublished: true, sequence: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(kbArticles).where(eq(kbArticles.id, published));
    expect(row.body).not.toMatch(/script|onclick|onerror|alert/);
    expect(row.body).toContain('<p>Текст</p>');
  });

  it('validates the input with 400 and field errors', async () => {
    const res = await call(root, 'POST', A, { title: ' ', body: 'x', sequence: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('ValidationError');
    expect((await call(root, 'PUT', `${A}/999999`, { title: 'X', body: 'y' })).statusCode).toBe(404);
  });

  it('deletes an article', async () => {
    expect((await call(root, 'DELETE', `${A}/${draft}`)).json()).toEqual({ ok: true });
    expect((await call(root, 'GET', `${A}/${draft}`)).statusCode).toBe(404);
    expect((await call(root, 'DELETE', `${A}/${draft}`)).statusCode).toBe(404);
  });
});

describe('content pages', () => {
  it('/main is empty until Root writes it, then everyone reads it sanitised; other slugs are 404', async () => {
    expect((await call(student, 'GET', '/api/pages/main')).json()).toEqual({ slug: 'main', title: '', body: '' });
    const saved = await call(root, 'PUT', '/api/pages/main', { title: 'Главная', body: '<p>Привет</p><script>x()</script>' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(student, 'GET', '/api/pages/MAIN')).json()).toEqual({ slug: 'main', title: 'Главная', body: '<p>Привет</p>' });
    expect((await call(root, 'PUT', '/api/pages/main', { title: 'Главная 2', body: '' })).json().title).toBe('Главная 2');
    expect((await call(student, 'GET', '/api/pages/other')).statusCode).toBe(404);
    // a content page is not an article
    expect((await call(student, 'GET', A)).json().result.map((x: { title: string }) => x.title)).not.toContain('Главная 2');
  });
});
