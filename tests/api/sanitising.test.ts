import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseGroups, courses, exercises, lessons, programs } from '../../server/db/schema/index.js';
import { sanitizePlainText } from '../../server/richtext/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * Issue 10 item 12: descriptions of programs, lessons, exercises and course groups were stored
 * as sent (an XSS payload came back as it was); a course picture took any string, javascript:
 * too. Descriptions are now stripped of markup on the server, the text kept as typed; a
 * picture is an http(s) address or one of our own files.
 */
const t = await createTestApp();
const { call, createCourse, createSet, seedProgram, day } = courseHelpers(t);
const dates = { begin: day(-10), end: day(30) };
const C = '/api/Instructors/Courses';
const XSS = '<img src=x onerror=alert(1)>Введение <script>alert(2)</script>в курс<iframe src="javascript:alert(3)"></iframe>';
const CLEAN = 'Введение в курс';
let author: SignedIn;

beforeAll(async () => {
  author = await t.signIn('Root');
});

describe('descriptions are sanitised where they are stored', () => {
  it('an XSS payload in a lesson description comes back sanitised (create and edit)', async () => {
    const { program } = await seedProgram();
    const created = await call(author, 'POST', `${C}/${program.id}/Lessons/Create`, { label: 'Урок', description: XSS });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().description).toBe(CLEAN);
    const lessonId = created.json().id as number;
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(row.description).toBe(CLEAN);

    // markup hidden behind entities goes too
    const edited = await call(author, 'PUT', `${C}/${program.id}/Lessons/${lessonId}/Edit`, { label: 'Урок', description: '&lt;script&gt;alert(1)&lt;/script&gt;Текст' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().description).toBe('Текст');
  });

  it('keeps plain text as typed: no entities for < and &', async () => {
    const { program } = await seedProgram();
    const text = 'Если a < b & b > c, то «a < c»\nвторая строка';
    const res = await call(author, 'POST', `${C}/${program.id}/Lessons/Create`, { label: 'Урок', description: text });
    expect(res.json().description).toBe(text);
  });

  it('sanitises program, exercise and course group descriptions', async () => {
    const program = await call(author, 'POST', `${C}/Create`, { label: 'Программа', description: XSS });
    expect(program.statusCode, program.body).toBe(201);
    const programId = program.json().id as number;
    expect((await t.db.select().from(programs).where(eq(programs.id, programId)))[0].description).toBe(CLEAN);
    const edited = await call(author, 'PUT', `${C}/${programId}/Edit`, { label: 'Программа', description: `${XSS}!` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.db.select().from(programs).where(eq(programs.id, programId)))[0].description).toBe(`${CLEAN}!`);

    const lesson = await call(author, 'POST', `${C}/${programId}/Lessons/Create`, { label: 'Урок' });
    const exercise = await call(author, 'POST', `${C}/${programId}/Lessons/${lesson.json().id}/Exercises/Create/Presentation`, { label: 'Лекция', description: XSS });
    expect(exercise.statusCode, exercise.body).toBe(201);
    expect((await t.db.select().from(exercises).where(eq(exercises.id, exercise.json().id)))[0].description).toBe(CLEAN);

    const group = await createSet(author, { label: 'Группа', description: XSS });
    expect((await t.db.select().from(courseGroups).where(eq(courseGroups.id, group.id)))[0].description).toBe(CLEAN);
  });
});

describe('sanitizePlainText', () => {
  it.each([
    ['a < b & c > d', 'a < b & c > d'],
    ['<3 и 2<5', '<3 и 2<5'],
    ['a<!-- comment -->b', 'ab'],
    ['<b>жирный</b> <a href="javascript:x">ссылка</a>', 'жирный ссылка'],
    ['&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;x', 'x'],
    ['<style>p{}</style><textarea>t</textarea>текст', 'текст'],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
  ])('%s → %s', (input, output) => {
    expect(sanitizePlainText(input)).toBe(output);
    // stable: a second pass changes nothing
    expect(sanitizePlainText(output)).toBe(output);
  });
});

describe('pictures', () => {
  const refused = ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', '//evil.example/a.png', '/oidc/session/end', 'vbscript:x', 'ftp://example.org/a.png'];

  it('a javascript: course picture is refused with a translated 400, and nothing is stored', async () => {
    const { program } = await seedProgram();
    const before = (await t.db.select().from(courses)).length;
    const ru = await call(author, 'POST', '/api/instructors/trainings/create', { programId: program.id, ...dates, picture: 'javascript:alert(1)' });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toMatchObject({ ErrorCode: 'ValidationError', errors: { picture: 'Укажите адрес изображения http(s) или загрузите файл' } });
    const en = await call(author, 'POST', '/api/instructors/trainings/create', { programId: program.id, ...dates, picture: 'javascript:alert(1)' }, { 'accept-language': 'en' });
    expect(en.json().errors.picture).toBe('Give an http(s) picture address or upload a file');
    expect((await t.db.select().from(courses)).length).toBe(before);
  });

  it('course settings, programs and course groups refuse anything but http(s) and our own files', async () => {
    const { program } = await seedProgram();
    const course = await createCourse(author, program.id);
    const group = await createSet(author, { label: 'Группа' });
    const puts = [
      (picture: string) => call(author, 'PUT', `/api/instructors/trainings/${course.id}/settings`, { label: 'Курс', ...dates, picture }),
      (picture: string) => call(author, 'PUT', `${C}/${program.id}/Edit`, { label: 'Программа', picture }),
      (picture: string) => call(author, 'PUT', `/api/instructors/sets/${group.id}`, { label: 'Группа', picture }),
    ];
    for (const put of puts) {
      for (const picture of refused) {
        const res = await put(picture);
        expect(res.statusCode, picture).toBe(400);
        expect(res.json().errors).toHaveProperty('picture');
      }
      for (const picture of ['https://cdn.example.org/a.png', 'http://example.org/b.jpg', '/api/pictures/5', '/api/files/7']) {
        const res = await put(picture);
        expect(res.statusCode, `${picture}: ${res.body}`).toBe(200);
      }
    }
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row.picture).toBe('/api/files/7');
  });
});
