import { mkdtempSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exerciseFileLimits } from '../../server/modules/programs/index.js';
import { eq } from 'drizzle-orm';
import { courses, enrolments, files, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { multipart, programHelpers } from './support/programs.js';

/** Exercises: presentation, webinar, Info, Delete (isAgree), competencies, files (spec 3 §7.6). */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-ex-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const { call, createProgram, createLesson, createExercise } = programHelpers(t);

let author: SignedIn;
let other: SignedIn;
let noFlags: SignedIn;
let student: SignedIn;
let programId: number;
let lessonId: number;
let exerciseId: number;
let webinarId: number;

const C = '/api/instructors/Courses';
const E = '/api/instructors/Exercises';

beforeAll(async () => {
  author = await t.signIn('Instructors', { flags: ['OnlyEditSettings'] });
  other = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  noFlags = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students');
  programId = (await createProgram(author)).id;
  lessonId = (await createLesson(author, programId)).id;
  exerciseId = (await createExercise(author, programId, lessonId, 'Лекция', { exerciseType: 10 })).id;
  const w = await call(author, 'POST', `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Webinar`, { label: 'Вебинар', webinarStartsAt: '2027-03-01T10:00:00+03:00' });
  expect(w.statusCode, w.body).toBe(201);
  webinarId = w.json().id;
});

describe('access', () => {
  const calls = () => [
    { method: 'POST', url: `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Presentation`, payload: { label: 'x' } },
    { method: 'POST', url: `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Webinar`, payload: { label: 'x' } },
    { method: 'GET', url: `${C}/${programId}/Exercises/${exerciseId}/Info` },
    { method: 'PUT', url: `${C}/${programId}/Exercises/${exerciseId}/Info`, payload: { label: 'x' } },
    { method: 'GET', url: `${C}/${programId}/Exercises/${webinarId}/Info/Webinar` },
    { method: 'PUT', url: `${C}/${programId}/Exercises/${webinarId}/Info/Webinar`, payload: { label: 'x' } },
    { method: 'DELETE', url: `${C}/${programId}/Exercises/${exerciseId}/Delete?isAgree=true` },
    { method: 'DELETE', url: `${E}/${exerciseId}/Delete?isAgree=true` },
    { method: 'PUT', url: `${E}/${webinarId}/Webinar/Recreate` },
    { method: 'GET', url: `${E}/${webinarId}/Pages/Webinar/Video` },
    { method: 'POST', url: `${E}/Pages/Webinar/Video`, payload: { exerciseId: webinarId, link: 'https://video.example.org/1' } },
    { method: 'GET', url: `${E}/${exerciseId}/Competencies` },
    { method: 'PUT', url: `${E}/${exerciseId}/Competencies`, payload: { competencies: [] } },
    { method: 'GET', url: `${E}/${exerciseId}/Files` },
    { method: 'DELETE', url: `${E}/${exerciseId}/Files/1/Drop` },
    { method: 'GET', url: `${E}/${exerciseId}/Files/1/Download` },
    { method: 'PUT', url: `${E}/${exerciseId}/Files/Links`, payload: { links: [] } },
  ];

  it('401 without a session, 403 for students and flagless instructors, 404 for non-authors; nothing changes', async () => {
    for (const c of calls()) {
      expect((await call(null, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(401);
      expect((await call(student, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(403);
      expect((await call(noFlags, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(403);
      expect((await call(other, c.method, c.url, c.payload)).statusCode, `${c.method} ${c.url}`).toBe(404);
    }
    expect((await call(author, 'GET', `${C}/${programId}/Exercises/${exerciseId}/Info`)).json().label).toBe('Лекция');
  });

  it('an exercise of another program under this program path is 404', async () => {
    const p2 = await createProgram(author, 'Вторая');
    const res = await call(author, 'GET', `${C}/${p2.id}/Exercises/${exerciseId}/Info`);
    expect(res.statusCode).toBe(404);
    expect(res.json().ErrorCode).toBe('ExerciseNotFound');
  });
});

describe('presentation exercises and Info', () => {
  it('creates with the spec 2 §4 codes and defaults, validates codes and types', async () => {
    const res = await call(author, 'POST', `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Presentation`, { label: 'Тест' });
    expect(res.json()).toMatchObject({ kind: 'presentation', exerciseType: 10, availabilityRule: 99, completionCondition: 10, restartLimit: 3, timeLimitMinutes: null });
    const bad = await call(author, 'POST', `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Presentation`, {
      label: 'x',
      exerciseType: 15,
      availabilityRule: 2,
      completionCondition: 'soon',
      timeLimitMinutes: -5,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['availabilityRule', 'completionCondition', 'exerciseType', 'timeLimitMinutes']);
    const missing = await call(author, 'POST', `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Presentation`, {});
    expect(missing.json().errors).toEqual({ label: 'Обязательное поле' });
  });

  it('reads and writes Info (availability rule, completion condition, limits)', async () => {
    const url = `${C}/${programId}/Exercises/${exerciseId}/Info`;
    const put = await call(author, 'PUT', url, {
      label: 'Лекция 1',
      description: 'Описание',
      exerciseType: 30,
      availabilityRule: 4,
      completionCondition: 30,
      timeLimitMinutes: 45,
      restartLimit: 5,
      isHiddenDescription: true,
      feedbackEnabled: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(author, 'GET', url)).json()).toMatchObject({
      label: 'Лекция 1',
      exerciseType: 30,
      availabilityRule: 4,
      completionCondition: 30,
      timeLimitMinutes: 45,
      restartLimit: 5,
      isHiddenDescription: true,
      feedbackEnabled: true,
    });
    expect((await call(author, 'PUT', url, { label: '' })).json().errors.label).toBe('Обязательное поле');
  });

  it('deletes only with isAgree, with its slides', async () => {
    const e = await createExercise(author, programId, lessonId, 'Удаляемое');
    await t.db.insert(slides).values({ exerciseId: e.id, pageType: 1, contentKind: 1, content: { kind: 'content', html: '' } });
    const refused = await call(author, 'DELETE', `${C}/${programId}/Exercises/${e.id}/Delete`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ErrorCode).toBe('DeleteNotAgreed');
    expect((await call(author, 'DELETE', `${C}/${programId}/Exercises/${e.id}/Delete?isAgree=false`)).statusCode).toBe(400);
    expect((await call(author, 'DELETE', `${E}/${e.id}/Delete?isAgree=true`)).statusCode).toBe(200);
    expect((await call(author, 'GET', `${C}/${programId}/Exercises/${e.id}/Info`)).statusCode).toBe(404);
  });
});

describe('webinar', () => {
  it('creates a room link when none is given, keeps a given one, validates links and dates', async () => {
    const info = (await call(author, 'GET', `${C}/${programId}/Exercises/${webinarId}/Info/Webinar`)).json();
    expect(info).toMatchObject({ kind: 'webinar', webinarStartsAt: '2027-03-01T07:00:00.000Z' });
    expect(info.webinarLink).toMatch(/^https:\/\//);
    const own = await call(author, 'POST', `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Webinar`, { label: 'Свой', webinarLink: 'https://meet.example.org/room' });
    expect(own.json().webinarLink).toBe('https://meet.example.org/room');
    const bad = await call(author, 'POST', `${C}/${programId}/Lessons/${lessonId}/Exercises/Create/Webinar`, { label: 'x', webinarLink: 'javascript:alert(1)', webinarStartsAt: 'tomorrow' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['webinarLink', 'webinarStartsAt']);
    expect((await call(author, 'GET', `${C}/${programId}/Exercises/${exerciseId}/Info/Webinar`)).json().ErrorCode).toBe('NotWebinar');
  });

  it('edits, saves the recording link, recreates the room (forgetting the recording)', async () => {
    const put = await call(author, 'PUT', `${C}/${programId}/Exercises/${webinarId}/Info/Webinar`, { label: 'Вебинар 2', webinarStartsAt: null });
    expect(put.json()).toMatchObject({ label: 'Вебинар 2', webinarStartsAt: null });
    const before = put.json().webinarLink;
    const save = await call(author, 'POST', `${E}/Pages/Webinar/Video`, { exerciseId: webinarId, link: '/api/files/12' });
    expect(save.json()).toEqual({ exerciseId: webinarId, link: '/api/files/12' });
    expect((await call(author, 'GET', `${E}/${webinarId}/Pages/Webinar/Video`)).json().link).toBe('/api/files/12');
    expect((await call(author, 'POST', `${E}/Pages/Webinar/Video`, { exerciseId: webinarId })).json().errors.link).toBe('Обязательное поле');
    expect((await call(author, 'POST', `${E}/Pages/Webinar/Video`, { exerciseId: webinarId, link: 'ftp://x' })).statusCode).toBe(400);
    const again = await call(author, 'PUT', `${E}/${webinarId}/Webinar/Recreate`);
    expect(again.json().webinarLink).not.toBe(before);
    expect(again.json().webinarRecordingLink).toBeNull();
    expect((await call(author, 'PUT', `${E}/${exerciseId}/Webinar/Recreate`)).statusCode).toBe(400);
  });
});

describe('competencies, files and links', () => {
  it('replaces the competency list, validates it', async () => {
    const url = `${E}/${exerciseId}/Competencies`;
    const put = await call(author, 'PUT', url, { competencies: [{ name: 'Анализ', weight: 2 }, { name: 'Синтез' }, { name: 'Анализ', weight: 3 }] });
    expect(put.json().map((c: { name: string; weight: number }) => [c.name, c.weight])).toEqual([['Анализ', 3], ['Синтез', 1]]);
    const bad = await call(author, 'PUT', url, { competencies: [{ name: '', weight: -1 }] });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['competencies.0.name', 'competencies.0.weight']);
    expect((await call(author, 'PUT', url, {})).statusCode).toBe(400);
  });

  it('uploads, lists, downloads and drops files; refuses oversize files without leaving any', async () => {
    const { payload, headers } = multipart({ title: 'Методичка' }, { filename: 'guide.pdf', content: Buffer.from('%PDF-1.4 demo'), type: 'application/pdf' });
    const up = await t.app.inject({ method: 'POST', url: `${E}/${exerciseId}/Files/Upload`, payload, headers: { ...author.headers, ...headers } });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ name: 'guide.pdf', title: 'Методичка', size: 13, mime: 'application/pdf' });
    const list = (await call(author, 'GET', `${E}/${exerciseId}/Files`)).json();
    expect(list.files).toHaveLength(1);
    const down = await call(author, 'GET', list.files[0].address);
    expect(down.statusCode).toBe(200);
    expect(down.body).toBe('%PDF-1.4 demo');

    const limit = exerciseFileLimits.maxFileBytes;
    exerciseFileLimits.maxFileBytes = 10;
    const big = multipart({}, { filename: 'big.bin', content: Buffer.alloc(100, 1) });
    const res = await t.app.inject({ method: 'POST', url: `${E}/${exerciseId}/Files/Upload`, payload: big.payload, headers: { ...author.headers, ...big.headers } });
    exerciseFileLimits.maxFileBytes = limit;
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
    expect(res.json().Title).toContain('big.bin');
    expect(readdirSync(join(dataDir, 'files', 'tmp'))).toEqual([]);
    const stored = await t.db.select().from(files).where(eq(files.purpose, 'exercise'));
    expect(stored).toHaveLength(1);
    const onDisk = join(dataDir, 'files', stored[0].storageKey);
    expect(existsSync(onDisk)).toBe(true);

    // through the files module too: the author (its uploader), an enrolled student; not a stranger
    expect((await call(author, 'GET', `/api/files/${stored[0].id}`)).body).toBe('%PDF-1.4 demo');
    const stranger = await t.signIn('Students');
    expect((await call(stranger, 'GET', `/api/files/${stored[0].id}`)).statusCode).toBe(404);
    const [course] = await t.db.insert(courses).values({ programId, label: 'Курс' }).returning();
    await t.db.insert(enrolments).values({ courseId: course.id, accountId: stranger.accountId });
    expect((await call(stranger, 'GET', `/api/files/${stored[0].id}`)).statusCode).toBe(200);

    const drop = await call(author, 'DELETE', `${E}/${exerciseId}/Files/${list.files[0].id}/Drop`);
    expect(drop.json()).toEqual([]);
    expect(existsSync(onDisk)).toBe(false);
    expect(await t.db.select().from(files).where(eq(files.purpose, 'exercise'))).toHaveLength(0);
    expect((await call(author, 'DELETE', `${E}/${exerciseId}/Files/${list.files[0].id}/Drop`)).statusCode).toBe(404);
    expect(existsSync(join(dataDir, 'files', 'tmp'))).toBe(true);
  });

  it('stores links for students, validates addresses', async () => {
    const url = `${E}/${exerciseId}/Files/Links`;
    const ok = await call(author, 'PUT', url, { links: [{ title: 'Сайт', address: 'https://example.org' }, { title: 'Внутренняя', address: '/courses' }] });
    expect(ok.json()).toHaveLength(2);
    const bad = await call(author, 'PUT', url, { links: [{ title: 'x', address: 'javascript:alert(1)' }] });
    expect(bad.json().errors['links.0.address']).toBeDefined();
    expect((await call(author, 'GET', `${E}/${exerciseId}/Files`)).json().links).toHaveLength(2);
  });
});

describe('copy with files', () => {
  it('copies the bytes of attached files, so deleting the source keeps the copy intact', async () => {
    const src = await createProgram(author, 'С файлами');
    const l = await createLesson(author, src.id);
    const e = await createExercise(author, src.id, l.id, 'С файлом');
    const { payload, headers } = multipart({}, { filename: 'notes.txt', content: Buffer.from('конспект'), type: 'text/plain' });
    expect((await t.app.inject({ method: 'POST', url: `${E}/${e.id}/Files/Upload`, payload, headers: { ...author.headers, ...headers } })).statusCode).toBe(201);
    const target = await createProgram(author, 'Копия');
    const copy = await call(author, 'POST', '/api/instructors/courses/multiply-copy-lessons', { courseId: target.id, lessons: [{ lessonId: l.id }] });
    expect(copy.statusCode, copy.body).toBe(201);
    const copiedId = copy.json().lessons[0].exerciseIds[0];
    expect((await call(author, 'DELETE', `${E}/${e.id}/Delete?isAgree=true`)).statusCode).toBe(200);
    const list = (await call(author, 'GET', `${E}/${copiedId}/Files`)).json();
    expect(list.files).toHaveLength(1);
    const down = await call(author, 'GET', list.files[0].address);
    expect(down.body).toBe('конспект');
  });
});
