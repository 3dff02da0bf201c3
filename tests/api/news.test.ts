import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';

/** The news calls of spec 3 §7.5 (students) and §7.9 (instructors). */
const t = await createTestApp();
let instructor: SignedIn;
let teacher: SignedIn;
let root: SignedIn;
let student: SignedIn;

const I = '/api/instructors/NewsFeed';
const S = '/api/students/NewsFeed';

async function rows(): Promise<number> {
  const [{ n }] = await t.db.select({ n: count() }).from(news);
  return n;
}

async function create(payload: unknown, who: SignedIn = instructor) {
  return t.app.inject({ method: 'POST', url: `${I}/create`, headers: who.headers, payload: payload as object });
}

beforeAll(async () => {
  instructor = await t.signIn('Instructors');
  teacher = await t.signIn('Instructors', { flags: [] });
  root = await t.signIn('Root');
  student = await t.signIn('Students');
});

describe('access', () => {
  const calls = [
    { method: 'GET', url: I },
    { method: 'GET', url: `${I}/1` },
    { method: 'POST', url: `${I}/create`, payload: { title: 'x', contentValue: '<p>x</p>' } },
    { method: 'POST', url: `${I}/edit/1`, payload: { title: 'x', contentValue: '<p>x</p>' } },
    { method: 'GET', url: S },
    { method: 'GET', url: `${S}/1` },
  ] as const;

  it.each(calls)('$method $url needs a session (401)', async (c) => {
    const res = await t.app.inject({ method: c.method, url: c.url, payload: 'payload' in c ? c.payload : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().ErrorCode).toBe('Unauthorized');
  });

  it.each(calls.filter((c) => c.url.startsWith(I)))('$method $url refuses a student (403)', async (c) => {
    const before = await rows();
    const res = await t.app.inject({ method: c.method, url: c.url, headers: student.headers, payload: 'payload' in c ? c.payload : undefined });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ErrorCode: 'Forbidden' });
    expect(await rows()).toBe(before);
  });

  it.each(calls.filter((c) => c.url.startsWith(S)))('$method $url refuses an instructor and Root (403)', async (c) => {
    for (const who of [instructor, root]) {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses before validating: a student sending a bad body gets 403, not 400', async () => {
    const res = await create({ title: 42 }, student);
    expect(res.statusCode).toBe(403);
  });

  it('admits any instructor (no flag needed) and Root', async () => {
    for (const who of [teacher, root]) {
      const res = await create({ title: 'Без флагов', contentValue: '<p>ok</p>' }, who);
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('create, read, edit', () => {
  it('creates a news item and answers it in the record shape', async () => {
    const res = await create({ title: '  Расписание сессии  ', contentValue: '<p>Сессия начинается <b>10 января</b>.</p>' });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toEqual({
      id: expect.any(Number),
      title: 'Расписание сессии',
      contentValue: '<p>Сессия начинается <b>10 января</b>.</p>',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const one = await t.app.inject({ method: 'GET', url: `${I}/${item.id}`, headers: instructor.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(item);
    const forStudent = await t.app.inject({ method: 'GET', url: `${S}/${item.id}`, headers: student.headers });
    expect(forStudent.json()).toEqual(item);
  });

  it('edits a news item', async () => {
    const { id } = (await create({ title: 'Черновик', contentValue: '<p>1</p>' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `${I}/edit/${id}`,
      headers: instructor.headers,
      // react-admin sends the whole record: extra fields are ignored
      payload: { id, title: 'Исправлено', contentValue: '<p>2</p>', created: '2000-01-01T00:00:00.000Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, title: 'Исправлено', contentValue: '<p>2</p>' });
    expect(res.json().created).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('answers the paths in any letter case', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/INSTRUCTORS/newsfeed?take=1', headers: instructor.headers });
    expect(res.statusCode).toBe(200);
  });
});

describe('who edits a news item', () => {
  const edit = (id: number, who: SignedIn, title: string) =>
    t.app.inject({ method: 'POST', url: `${I}/edit/${id}`, headers: who.headers, payload: { title, contentValue: '<p>правка</p>' } });
  const titleOf = async (id: number) => (await t.app.inject({ method: 'GET', url: `${I}/${id}`, headers: instructor.headers })).json().title;

  it("refuses another instructor's edit (403) and changes nothing", async () => {
    const author = await t.signIn('Instructors', { flags: [] });
    const { id } = (await create({ title: 'Моя новость', contentValue: '<p>1</p>' }, author)).json();
    const colleague = await t.signIn('Instructors', { flags: ['TrainingSettings', 'ShowStudents'] });
    const res = await edit(id, colleague, 'Чужая правка');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ErrorCode: 'Forbidden', Title: expect.any(String), Description: expect.any(String) });
    expect(await titleOf(id)).toBe('Моя новость');
  });

  it('lets the author, an instructor with AdminPanelAccess and Root edit it', async () => {
    const author = await t.signIn('Instructors', { flags: [] });
    const { id } = (await create({ title: 'Новость', contentValue: '<p>1</p>' }, author)).json();
    const admin = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
    for (const [who, title] of [[author, 'Автор'], [admin, 'Администратор'], [root, 'Root']] as const) {
      const res = await edit(id, who, title);
      expect(res.statusCode, title).toBe(200);
      expect(await titleOf(id)).toBe(title);
    }
  });
});

describe('not found', () => {
  it.each([
    ['GET', `${I}/999999`],
    ['GET', `${I}/abc`],
    ['GET', `${I}/99999999999999`],
    ['GET', `${S}/999999`],
  ] as const)('%s %s → 404 NewsNotFound', async (method, url) => {
    const who = url.startsWith(I) ? instructor : student;
    const res = await t.app.inject({ method, url, headers: who.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ErrorCode: 'NewsNotFound', Title: expect.any(String), Description: expect.any(String) });
  });

  it('editing a missing id is 404 and writes nothing', async () => {
    const before = await rows();
    const res = await t.app.inject({ method: 'POST', url: `${I}/edit/999999`, headers: instructor.headers, payload: { title: 'x', contentValue: '<p>x</p>' } });
    expect(res.statusCode).toBe(404);
    expect(await rows()).toBe(before);
  });
});

describe('validation', () => {
  it.each([
    ['missing title', { contentValue: '<p>x</p>' }, ['title']],
    ['blank title', { title: '   ', contentValue: '<p>x</p>' }, ['title']],
    ['missing content', { title: 'x' }, ['contentValue']],
    ['wrong types', { title: 42, contentValue: ['<p>'] }, ['title', 'contentValue']],
    ['oversize title', { title: 'я'.repeat(256), contentValue: '<p>x</p>' }, ['title']],
    ['oversize content', { title: 'x', contentValue: `<p>${'a'.repeat(100_001)}</p>` }, ['contentValue']],
    ['content that is only a script', { title: 'x', contentValue: '<script>alert(1)</script>' }, ['contentValue']],
    ['content with no text', { title: 'x', contentValue: '<p><br></p>' }, ['contentValue']],
  ])('%s → 400 with field errors, nothing written', async (_name, payload, fields) => {
    const before = await rows();
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ ErrorCode: 'ValidationError', Title: expect.any(String), Description: expect.any(String) });
    expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
    for (const f of fields) expect(typeof body.errors[f]).toBe('string');
    expect(await rows()).toBe(before);
  });

  it('field errors are translated (Russian by default, English on request)', async () => {
    const ru = await create({ contentValue: '<p>x</p>' });
    expect(ru.json().errors.title).toBe('Обязательное поле');
    const en = await t.app.inject({ method: 'POST', url: `${I}/create`, headers: { ...instructor.headers, 'accept-language': 'en' }, payload: { contentValue: '<p>x</p>' } });
    expect(en.json().errors.title).toBe('Required field');
  });

  it('edit validates the same way and changes nothing', async () => {
    const { id } = (await create({ title: 'Стабильная', contentValue: '<p>1</p>' })).json();
    const res = await t.app.inject({ method: 'POST', url: `${I}/edit/${id}`, headers: instructor.headers, payload: { title: '' , contentValue: '<p>2</p>' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('title');
    const one = await t.app.inject({ method: 'GET', url: `${I}/${id}`, headers: instructor.headers });
    expect(one.json()).toMatchObject({ title: 'Стабильная', contentValue: '<p>1</p>' });
  });

  it.each(['take=0', 'take=101', 'take=abc', 'skip=-1'])('a bad paging value (%s) → 400', async (q) => {
    const res = await t.app.inject({ method: 'GET', url: `${S}?${q}`, headers: student.headers });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([q.split('=')[0]]);
  });
});

describe('rich text is sanitised on the server', () => {
  it('strips <script> and event handlers', async () => {
    const res = await create({
      title: 'XSS',
      contentValue: '<p onclick="steal()">Текст<script>alert(1)</script><img src="https://example.org/a.png" onerror="alert(2)"></p>',
    });
    expect(res.statusCode).toBe(201);
    const html: string = res.json().contentValue;
    expect(html).not.toMatch(/script|onerror|onclick|alert/i);
    expect(html).toContain('Текст');
    expect(html).toContain('<img src="https://example.org/a.png"');
    // what is stored is the clean version
    const stored = await t.app.inject({ method: 'GET', url: `${S}/${res.json().id}`, headers: student.headers });
    expect(stored.json().contentValue).toBe(html);
  });

  it('keeps a YouTube iframe and removes any other iframe', async () => {
    const res = await create({
      title: 'Видео',
      contentValue:
        '<p>Смотрите:</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen></iframe>' +
        '<iframe src="https://evil.example.com/page"></iframe><iframe src="javascript:alert(1)"></iframe>',
    });
    const html: string = res.json().contentValue;
    expect(html).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(html.match(/<iframe/g)).toHaveLength(1);
    expect(html).not.toMatch(/evil|javascript/);
  });

  it('makes links open in a new tab and drops javascript: URLs', async () => {
    const res = await create({
      title: 'Ссылки',
      contentValue: '<p><a href="https://example.org" target="_self">сайт</a> <a href="javascript:alert(1)">плохая</a></p>',
    });
    const html: string = res.json().contentValue;
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">сайт</a>');
    expect(html).not.toContain('javascript');
  });

  it('sanitises on edit too', async () => {
    const { id } = (await create({ title: 'До', contentValue: '<p>1</p>' })).json();
    const res = await t.app.inject({ method: 'POST', url: `${I}/edit/${id}`, headers: instructor.headers, payload: { title: 'После', contentValue: '<p>2<script>x()</script></p>' } });
    expect(res.json().contentValue).toBe('<p>2</p>');
  });
});

describe('paging', () => {
  it('pages with take/skip, newest first, and counts filteredRecords', async () => {
    for (let i = 1; i <= 12; i++) await create({ title: `Страница ${i}`, contentValue: `<p>${i}</p>` });
    const total = await rows();

    const first = await t.app.inject({ method: 'GET', url: S, headers: student.headers });
    expect(first.statusCode).toBe(200);
    const a = first.json();
    expect(a.result).toHaveLength(10); // default take 10 (spec 2 §9)
    expect(a.metadata.filteredRecords).toBe(total);
    expect(a.result[0].title).toBe('Страница 12');

    const second = (await t.app.inject({ method: 'GET', url: `${S}?take=10&skip=10`, headers: student.headers })).json();
    expect(second.result).toHaveLength(Math.min(10, total - 10));
    const ids = new Set([...a.result, ...second.result].map((n: { id: number }) => n.id));
    expect(ids.size).toBe(a.result.length + second.result.length);

    const small = (await t.app.inject({ method: 'GET', url: `${I}?take=2&skip=1`, headers: instructor.headers })).json();
    expect(small.result.map((n: { title: string }) => n.title)).toEqual(['Страница 11', 'Страница 10']);
    expect(small.metadata.filteredRecords).toBe(total);

    const beyond = (await t.app.inject({ method: 'GET', url: `${S}?take=5&skip=${total}`, headers: student.headers })).json();
    expect(beyond).toEqual({ result: [], metadata: { filteredRecords: total } });
  });
});

describe("the students' news feed from memory (issue 15: 600 calls a second on PGlite)", () => {
  const titles = async () => ((await t.app.inject({ method: 'GET', url: `${S}?take=3&skip=0`, headers: student.headers })).json().result as { title: string }[]).map((n) => n.title);

  it('answers a page without reading the table again, until an item is published or edited', async () => {
    await create({ title: 'Кэш 1', contentValue: '<p>1</p>' });
    expect((await titles())[0]).toBe('Кэш 1');
    // a row written behind the API's back is not read: the page comes from memory
    await t.db.insert(news).values({ title: 'Мимо API', contentValue: '<p>x</p>', created: new Date(Date.now() + 1000) });
    expect((await titles())[0]).toBe('Кэш 1');
    // publishing through the API forgets the pages: both show, newest first
    await create({ title: 'Кэш 2', contentValue: '<p>2</p>' });
    expect((await titles()).slice(0, 2)).toEqual(['Мимо API', 'Кэш 2']);
    // so does an edit
    const [latest] = await titles();
    expect(latest).toBe('Мимо API');
    const list = (await t.app.inject({ method: 'GET', url: `${I}?take=2&skip=0`, headers: instructor.headers })).json().result as { id: number; title: string }[];
    const edited = await t.app.inject({ method: 'POST', url: `${I}/edit/${list[1].id}`, headers: instructor.headers, payload: { title: 'Кэш 2, правка', contentValue: '<p>2</p>' } });
    expect(edited.statusCode).toBe(200);
    expect((await titles()).slice(0, 2)).toEqual(['Мимо API', 'Кэш 2, правка']);
  });
});
