import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, attributeValueHistory, courses, enrolments, files, programs } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { multipartBody, TINY_JPEG, TINY_PNG } from './support/multipart.js';

/**
 * The student's own profile (spec 1 §2.3 /profile; issue 13 item 1): personal fields with the
 * rules of spec 2 §6 (a form failing validation still saves its valid fields), the change history
 * the instructor reads, the avatar (PNG/JPG ≤ 10 MB), language, progress and final score.
 */
let t: TestApp;
let student: SignedIn;
let other: SignedIn;

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'accept-language': 'en', ...(who ? who.headers : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const account = (who: SignedIn) => t.db.select().from(accounts).where(eq(accounts.id, who.accountId)).then((r) => r[0]);
const history = (who: SignedIn) => t.db.select().from(attributeValueHistory).where(eq(attributeValueHistory.accountId, who.accountId));

beforeAll(async () => {
  t = await createTestApp();
  student = await t.signIn('Students');
  other = await t.signIn('Students');
});

describe('who may call', () => {
  it('answers 401 to a caller without a session, on every profile call, and changes nothing', async () => {
    const before = await account(student);
    for (const [method, url] of [
      ['GET', '/api/profile/properties'],
      ['POST', '/api/profile/properties'],
      ['GET', '/api/profile/progress'],
      ['GET', '/api/profile/finalScore'],
      ['DELETE', '/api/profile/picture'],
      ['POST', '/api/profile/language/en'],
    ] as const) {
      const r = await call(null, method, url, method === 'POST' ? { lastName: 'Взлом' } : undefined);
      expect(r.statusCode, `${method} ${url}`).toBe(401);
      expect(r.json().ErrorCode).toBe('Unauthorized');
    }
    const up = multipartBody({ name: 'a.png', data: TINY_PNG });
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/picture', ...up })).statusCode).toBe(401);
    expect(await account(student)).toEqual(before);
  });

  it("another student's save changes only their own profile; each reads only their own", async () => {
    await call(student, 'POST', '/api/profile/properties', { about: 'Я — первый' });
    const r = await call(other, 'POST', '/api/profile/properties', { about: 'Я — второй' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call(student, 'GET', '/api/profile/properties')).json().about).toBe('Я — первый');
    expect((await call(other, 'GET', '/api/profile/properties')).json()).toMatchObject({ accountId: other.accountId, about: 'Я — второй' });
  });

  it('an instructor has a profile too', async () => {
    const teacher = await t.signIn('Instructors');
    const r = await call(teacher, 'POST', '/api/profile/properties', { timeZone: 'Russian Standard Time' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().timeZone).toBe('Russian Standard Time');
  });
});

describe('personal fields', () => {
  it('saves every field, capitalising the names and masking a bare phone, and reads them back', async () => {
    const r = await call(student, 'POST', '/api/profile/properties', {
      lastName: 'иванова',
      firstName: 'мария',
      middleName: 'петровна',
      noMiddleName: false,
      timeZone: 'Ekaterinburg Standard Time',
      foreignCitizen: true,
      educationEmail: 'm.ivanova@uni.example',
      phone: '79991234567',
      about: 'Люблю математику',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      lastName: 'Иванова', firstName: 'Мария', middleName: 'Петровна', noMiddleName: false, timeZone: 'Ekaterinburg Standard Time',
      foreignCitizen: true, educationEmail: 'm.ivanova@uni.example', phone: '+7 (999) 123-45-67', about: 'Люблю математику',
    });
    expect((await call(student, 'GET', '/api/profile/properties')).json()).toEqual(r.json());
  });

  it('a form with one invalid field saves the valid ones and answers the invalid one’s error (spec 2 §6)', async () => {
    const before = await account(student);
    const r = await call(student, 'POST', '/api/profile/properties', { about: 'Новый текст', phone: '12345', timeZone: 'Mars/Olympus' });
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.ErrorCode).toBe('ValidationError');
    expect(body.errors).toEqual({ phone: 'Please enter a valid phone number', timeZone: 'Choose a time zone from the list' });
    expect(body.saved).toEqual(['about']);
    expect(body.profile.about).toBe('Новый текст');
    const after = await account(student);
    expect(after.about).toBe('Новый текст');
    expect(after.phone).toBe(before.phone);
    expect(after.timeZone).toBe(before.timeZone);
  });

  it('answers field errors in the caller’s language: required names, lengths, e-mail', async () => {
    const before = await account(student);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/profile/properties',
      headers: { ...student.headers, 'accept-language': 'ru' },
      payload: { lastName: '  ', firstName: 'x'.repeat(101), educationEmail: 'not-an-email', about: 'y'.repeat(501) },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({
      lastName: 'Пожалуйста, введите фамилию',
      firstName: 'Пожалуйста, введите данные менее 100 символов',
      educationEmail: 'Введите корректный адрес электронной почты',
      about: 'Пожалуйста, введите данные менее 500 символов',
    });
    expect(r.json().saved).toEqual([]);
    expect(await account(student)).toEqual(before);
  });

  it('the middle name is required unless "no middle name" is chosen, which clears it', async () => {
    const r = await call(student, 'POST', '/api/profile/properties', { middleName: '', noMiddleName: false });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().errors)).toEqual(['middleName']);
    const ok = await call(student, 'POST', '/api/profile/properties', { middleName: '', noMiddleName: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ middleName: null, noMiddleName: true });
  });

  it('accepts the generic tel form and an empty phone, refuses a bad mask', async () => {
    expect((await call(student, 'POST', '/api/profile/properties', { phone: '+375 (29) 123-45-67' })).json().phone).toBe('+375 (29) 123-45-67');
    expect((await call(student, 'POST', '/api/profile/properties', { phone: '' })).json().phone).toBeNull();
    expect((await call(student, 'POST', '/api/profile/properties', { phone: '+7 999 123 45 6' })).statusCode).toBe(400);
  });

  it('refuses a body of the wrong shape as a whole', async () => {
    const before = await account(student);
    const r = await call(student, 'POST', '/api/profile/properties', { foreignCitizen: 'yes', about: 'не сохранится' });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('ValidationError');
    expect(await account(student)).toEqual(before);
  });

  it('feeds the profile change history the instructor reads: one row per changed field, none for an unchanged one', async () => {
    const who = await t.signIn('Students', { lastName: 'Петров' });
    await call(who, 'POST', '/api/profile/properties', { lastName: 'Сидоров', about: 'Привет' });
    await call(who, 'POST', '/api/profile/properties', { lastName: 'Сидоров' });
    const rows = await history(who);
    expect(rows.map((h) => [h.field, h.oldValue, h.newValue, h.changedBy]).sort()).toEqual([
      ['about', null, 'Привет', who.accountId],
      ['lastName', 'Петров', 'Сидоров', who.accountId],
    ]);
  });

  it('current-state shows a changed name at once', async () => {
    await call(student, 'GET', '/api/account/current-state');
    await call(student, 'POST', '/api/profile/properties', { firstName: 'Анна' });
    expect((await call(student, 'GET', '/api/account/current-state')).json().firstname).toBe('Анна');
  });
});

describe('avatar', () => {
  const upload = (who: SignedIn, file: Parameters<typeof multipartBody>[0]) => {
    const body = multipartBody(file);
    return t.app.inject({ method: 'POST', url: '/api/profile/picture', payload: body.payload, headers: { 'accept-language': 'en', ...who.headers, ...body.headers } });
  };

  it('takes a PNG, replaces it with a JPEG (the old file removed) and removes it', async () => {
    const first = await upload(student, { name: 'me.png', data: TINY_PNG });
    expect(first.statusCode, first.body).toBe(200);
    const firstAddress = first.json().picture as string;
    expect(firstAddress).toMatch(/^\/api\/files\/\d+$/);
    expect((await account(student)).picture).toBe(firstAddress);
    expect((await call(student, 'GET', firstAddress)).statusCode).toBe(200);
    // another signed-in user sees an avatar in use (it is shown beside its person)
    expect((await call(other, 'GET', firstAddress)).statusCode).toBe(200);

    const second = await upload(student, { name: 'me.jpg', data: TINY_JPEG });
    expect(second.statusCode, second.body).toBe(200);
    const firstId = Number(firstAddress.split('/').pop());
    expect(await t.db.select().from(files).where(eq(files.id, firstId))).toEqual([]);

    const removed = await call(student, 'DELETE', '/api/profile/picture');
    expect(removed.json()).toEqual({ picture: null });
    expect((await account(student)).picture).toBeNull();
    expect((await history(student)).filter((h) => h.field === 'picture').length).toBe(3);
  });

  it('refuses a file that is not PNG or JPEG by its bytes, and one over 10 MB, keeping the avatar', async () => {
    await upload(other, { name: 'keep.png', data: TINY_PNG });
    const before = (await account(other)).picture;
    const gif = await upload(other, { name: 'me.png', data: Buffer.from('GIF89a' + 'x'.repeat(50)) });
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toMatchObject({ ErrorCode: 'FileUpload.DataError', Title: 'Failed to change data' });
    const text = await upload(other, { name: 'me.txt', data: 'hello' });
    expect(text.statusCode).toBe(400);
    const big = await upload(other, { name: 'big.png', data: Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(400);
    expect(big.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
    expect((await account(other)).picture).toBe(before);
  });

  it("deleting one's avatar leaves another's alone; a removed avatar is private again", async () => {
    const mine = (await upload(other, { name: 'o.png', data: TINY_PNG })).json().picture as string;
    await upload(student, { name: 's.png', data: TINY_PNG });
    await call(student, 'DELETE', '/api/profile/picture');
    expect((await account(other)).picture).toBe(mine);
    expect((await call(student, 'GET', mine)).statusCode).toBe(200);
  });
});

describe('language, progress and final score', () => {
  it('sets the language (cookie too) and refuses an unknown one with 400', async () => {
    const r = await call(student, 'POST', '/api/profile/language/EN');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ language: 'en' });
    expect(String(r.headers['set-cookie'])).toContain('elp_lang=en');
    expect((await call(student, 'GET', '/api/account/current-state')).json().language).toBe('en');
    const bad = await call(student, 'POST', '/api/profile/language/de');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ErrorCode: 'BadLanguage', Title: 'Bad request' });
    expect((await account(student)).language).toBe('en');
  });

  it('answers the progress and final score of the courses the caller studies, and their mean', async () => {
    const who = await t.signIn('Students');
    const [p] = await t.db.insert(programs).values({ label: 'P' }).returning();
    const [a, b, c] = await t.db.insert(courses).values([{ programId: p.id, label: 'A' }, { programId: p.id, label: 'B' }, { programId: p.id, label: 'C' }]).returning();
    await t.db.insert(enrolments).values([
      { courseId: a.id, accountId: who.accountId, progress: 1, completed: true, finalScore: 5 },
      { courseId: b.id, accountId: who.accountId, progress: 0.5 },
      { courseId: c.id, accountId: who.accountId, progress: 0.9, status: 2 },
      { courseId: c.id, accountId: other.accountId, progress: 0.1 },
    ]);
    const progress = (await call(who, 'GET', '/api/profile/progress')).json();
    expect(progress.total).toBe(0.75);
    expect(progress.courses.map((x: { label: string; value: number }) => [x.label, x.value]).sort()).toEqual([['A', 1], ['B', 0.5]]);
    const score = (await call(who, 'GET', '/api/profile/finalScore')).json();
    expect(score.total).toBe(5);
    expect(score.courses.find((x: { label: string }) => x.label === 'B').value).toBeNull();
    expect((await call(student, 'GET', '/api/profile/progress')).json()).toEqual({ total: null, courses: [] });
  });
});
