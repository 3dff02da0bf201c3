import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, programs, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { programHelpers } from './support/programs.js';

/** Programs, authors, lessons, lesson/exercise order and copy (spec 3 §7.6). */
const t = await createTestApp();
const { call, createProgram, createLesson, createExercise } = programHelpers(t);

let author: SignedIn;
let other: SignedIn;
let noFlags: SignedIn;
let student: SignedIn;
let root: SignedIn;
let programId: number;
let lessonId: number;
let exerciseId: number;

beforeAll(async () => {
  author = await t.signIn('Instructors', { flags: ['TrainingSettings'], email: 'author@test.local' });
  other = await t.signIn('Instructors', { flags: ['OnlyEditSettings'], email: 'other@test.local' });
  noFlags = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students', { email: 'student@test.local' });
  root = await t.signIn('Root');
  programId = (await createProgram(author, 'Основы программирования')).id;
  lessonId = (await createLesson(author, programId, 'Введение')).id;
  exerciseId = (await createExercise(author, programId, lessonId)).id;
});

const C = '/api/Instructors/Courses';

describe('access', () => {
  const calls = () => [
    { method: 'GET', url: `${C}/${programId}/View` },
    { method: 'PUT', url: `${C}/${programId}/Edit`, payload: { label: 'x' } },
    { method: 'DELETE', url: `${C}/${programId}/Drop` },
    { method: 'GET', url: `/api/instructors/courses/${programId}/authors` },
    { method: 'POST', url: `${C}/${programId}/Authors/Include`, payload: { emails: 'other@test.local' } },
    { method: 'POST', url: `${C}/${programId}/Authors/1/Exclude` },
    { method: 'GET', url: `/api/instructors/courses/${programId}/get-lessons-to-copy` },
    { method: 'GET', url: `/api/instructors/courses/${programId}/isExistTrainings` },
    { method: 'POST', url: '/api/instructors/courses/multiply-copy-lessons', payload: { courseId: programId, lessons: [{ lessonId }] } },
    { method: 'GET', url: `${C}/${programId}/SortLessons` },
    { method: 'POST', url: `${C}/${programId}/SortLessons`, payload: { orders: [lessonId] } },
    { method: 'POST', url: `${C}/${programId}/Lessons/Create`, payload: { label: 'x' } },
    { method: 'GET', url: `${C}/${programId}/Lessons/${lessonId}/View` },
    { method: 'PUT', url: `${C}/${programId}/Lessons/${lessonId}/Edit`, payload: { label: 'x' } },
    { method: 'DELETE', url: `${C}/${programId}/Lessons/${lessonId}/Drop?isAgree=true` },
    { method: 'GET', url: `${C}/${programId}/Lessons/${lessonId}/Constraints` },
    { method: 'PUT', url: `${C}/${programId}/Lessons/${lessonId}/Constraints`, payload: { union: 'or' } },
    { method: 'GET', url: `${C}/${programId}/Lessons/${lessonId}/SortExercises` },
    { method: 'POST', url: `${C}/${programId}/Lessons/${lessonId}/SortExercises`, payload: { orders: [exerciseId] } },
    { method: 'GET', url: `/api/Instructors/Course/${programId}/Lessons/${lessonId}/exercises/view` },
  ];
  const global = [
    { method: 'GET', url: `${C}/View` },
    { method: 'POST', url: `${C}/Create`, payload: { label: 'x' } },
    { method: 'GET', url: '/api/instructors/courses' },
    { method: 'GET', url: '/api/instructors/exercises/ExerciseWorkKindTypes/false' },
    { method: 'GET', url: '/api/instructors/exercises/20/GetPageTypes' },
  ];

  it('every call needs a session (401), refuses students and instructors without a program flag (403)', async () => {
    for (const c of [...calls(), ...global]) {
      const anon = await call(null, c.method, c.url, c.payload);
      expect(anon.statusCode, `${c.method} ${c.url}`).toBe(401);
      for (const who of [student, noFlags]) {
        const res = await call(who, c.method, c.url, c.payload);
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
        expect(res.json().ErrorCode).toBe('Forbidden');
      }
    }
  });

  it("an instructor who is not an author gets 404 for every call on the program, and nothing changes", async () => {
    for (const c of calls()) {
      const res = await call(other, c.method, c.url, c.payload);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
    }
    const [p] = await t.db.select().from(programs).where(eq(programs.id, programId));
    expect(p.label).toBe('Основы программирования');
    expect(await t.db.select().from(lessons).where(eq(lessons.programId, programId))).toHaveLength(1);
  });

  it('hides others’ programs from the list and the copy sources; Root sees them', async () => {
    const list = await call(other, 'GET', `${C}/View`);
    expect(list.json().result.map((p: { id: number }) => p.id)).not.toContain(programId);
    const all = await call(other, 'GET', '/api/instructors/courses');
    expect(all.json().map((p: { id: number }) => p.id)).not.toContain(programId);
    // a choice says whether the program is ready (the course form warns about a draft)
    const mine = (await call(root, 'GET', '/api/instructors/courses')).json().find((p: { id: number }) => p.id === programId);
    expect(mine).toEqual({ id: programId, label: expect.any(String), isReady: expect.any(Boolean) });
    const asRoot = await call(root, 'GET', `${C}/${programId}/View`);
    expect(asRoot.statusCode).toBe(200);
  });

  it('answers 404 for a malformed or unknown program id', async () => {
    for (const id of ['abc', '0', '99999999', '12345678901']) {
      const res = await call(author, 'GET', `${C}/${id}/View`);
      expect(res.statusCode).toBe(404);
      expect(res.json().ErrorCode).toBe('ProgramNotFound');
    }
  });

  it('programs without authors (seeded) are visible to any instructor with the flag', async () => {
    const [p] = await t.db.insert(programs).values({ label: 'Демо без авторов' }).returning();
    expect((await call(other, 'GET', `${C}/${p.id}/View`)).statusCode).toBe(200);
    expect((await call(author, 'GET', `${C}/View?search=${encodeURIComponent('Демо')}`)).json().result).toHaveLength(1);
  });
});

describe('programs', () => {
  it('creates with the creator as author, validates input', async () => {
    const bad = await call(author, 'POST', `${C}/Create`, { description: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ErrorCode).toBe('ValidationError');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['description', 'label']);
    const blank = await call(author, 'POST', `${C}/Create`, { label: '   ' });
    expect(blank.json().errors.label).toBe('Обязательное поле');
    const res = await call(author, 'POST', `${C}/Create`, { label: 'Новая', isReady: true });
    expect(res.statusCode).toBe(201);
    const authors = await call(author, 'GET', `/api/instructors/courses/${res.json().id}/authors`);
    expect(authors.json().map((a: { email: string }) => a.email)).toEqual(['author@test.local']);
  });

  it('lists with search and the ready filter', async () => {
    await createProgram(author, 'Химия, готовая');
    const ready = await call(author, 'GET', `${C}/View?ready=true`);
    expect(ready.json().result.every((p: { isReady: boolean }) => p.isReady)).toBe(true);
    const notReady = await call(author, 'GET', `${C}/View?ready=false&search=${encodeURIComponent('химия')}`);
    expect(notReady.json().result.map((p: { label: string }) => p.label)).toEqual(['Химия, готовая']);
    const pct = await call(author, 'GET', `${C}/View?search=%25`);
    expect(pct.json().result).toHaveLength(0);
    const bad = await call(author, 'GET', `${C}/View?ready=maybe`);
    expect(bad.statusCode).toBe(400);
  });

  it('views with lessons and exercises, edits', async () => {
    const view = (await call(author, 'GET', `${C}/${programId}/View`)).json();
    expect(view).toMatchObject({ id: programId, lessonsCount: 1, exercisesCount: 1, authorsCount: 1 });
    expect(view.lessons[0]).toMatchObject({ id: lessonId, exercises: [{ id: exerciseId, kind: 'presentation', exerciseType: 20 }] });
    const edit = await call(author, 'PUT', `${C}/${programId}/Edit`, { label: 'Основы программирования', isReady: true });
    expect(edit.json()).toMatchObject({ isReady: true, description: 'Описание' });
  });

  it('refuses to drop a program that courses run, isExistTrainings tells; drops otherwise (with its slides)', async () => {
    const p = await createProgram(author, 'Удаляемая');
    const l = await createLesson(author, p.id);
    const e = await createExercise(author, p.id, l.id);
    await t.db.insert(slides).values({ exerciseId: e.id, pageType: 1, contentKind: 1, content: { kind: 'content', html: '<p>x</p>' } });
    const [course] = await t.db.insert(courses).values({ programId: p.id, label: 'Курс' }).returning();
    expect((await call(author, 'GET', `/api/instructors/courses/${p.id}/isExistTrainings`)).json()).toBe(true);
    const refused = await call(author, 'DELETE', `${C}/${p.id}/Drop`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ErrorCode: 'ProgramUsedByCourses' });
    expect(refused.json().Title).toContain('Программу нельзя удалить');
    const en = await t.app.inject({ method: 'DELETE', url: `${C}/${p.id}/Drop`, headers: { ...author.headers, 'accept-language': 'en' } });
    expect(en.json().Title).toContain('cannot be deleted');
    await t.db.delete(courses).where(eq(courses.id, course.id));
    expect((await call(author, 'GET', `/api/instructors/courses/${p.id}/isExistTrainings`)).json()).toBe(false);
    expect((await call(author, 'DELETE', `${C}/${p.id}/Drop`)).statusCode).toBe(200);
    expect(await t.db.select().from(programs).where(eq(programs.id, p.id))).toHaveLength(0);
  });
});

describe('authors', () => {
  it('includes by an e-mail list (all or nothing), excludes, never the last', async () => {
    const p = await createProgram(author, 'Авторская');
    const url = `${C}/${p.id}/Authors`;
    const badList = await call(author, 'POST', `${url}/Include`, { emails: 'other@test.local, not-an-email' });
    expect(badList.statusCode).toBe(400);
    expect(badList.json().errors.emails).toBe('Введите корректные адреса электронной почты, разделенные запятой или пробелом');
    const missing = await call(author, 'POST', `${url}/Include`, {});
    expect(missing.json().errors.emails).toBe('Обязательное поле');
    const wrongType = await call(author, 'POST', `${url}/Include`, { emails: 42 });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await call(author, 'POST', `${url}/Include`, { emails: 'other@test.local nobody@test.local student@test.local' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.emails).toContain('nobody@test.local');
    expect(unknown.json().errors.emails).toContain('student@test.local');
    expect((await call(author, 'GET', `/api/instructors/courses/${p.id}/authors`)).json()).toHaveLength(1);

    const ok = await call(author, 'POST', `${url}/Include`, { emails: 'OTHER@test.local,other@test.local' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().map((a: { accountId: number }) => a.accountId)).toEqual([author.accountId, other.accountId]);
    expect((await call(other, 'GET', `${C}/${p.id}/View`)).statusCode).toBe(200);

    const out = await call(other, 'POST', `${url}/${author.accountId}/Exclude`);
    expect(out.json().map((a: { accountId: number }) => a.accountId)).toEqual([other.accountId]);
    expect((await call(author, 'GET', `${C}/${p.id}/View`)).statusCode).toBe(404);
    const last = await call(other, 'POST', `${url}/${other.accountId}/Exclude`);
    expect(last.statusCode).toBe(400);
    expect(last.json().ErrorCode).toBe('LastAuthor');
    expect((await call(other, 'POST', `${url}/999999/Exclude`)).statusCode).toBe(404);
  });
});

describe('lessons and order', () => {
  it('creates, edits, validates, drops only with isAgree', async () => {
    const p = await createProgram(author, 'Уроки');
    const a = await createLesson(author, p.id, 'A');
    const b = await createLesson(author, p.id, 'B');
    expect([a.sequence, b.sequence]).toEqual([1, 2]);
    const bad = await call(author, 'POST', `${C}/${p.id}/Lessons/Create`, { label: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.label).toBeDefined();
    const edit = await call(author, 'PUT', `${C}/${p.id}/Lessons/${a.id}/Edit`, { label: 'A2', description: 'd' });
    expect(edit.json()).toMatchObject({ label: 'A2', description: 'd' });
    const cross = await call(author, 'GET', `${C}/${programId}/Lessons/${a.id}/View`);
    expect(cross.statusCode).toBe(404);
    expect((await call(author, 'DELETE', `${C}/${p.id}/Lessons/${b.id}/Drop`)).statusCode).toBe(400);
    expect((await call(author, 'DELETE', `${C}/${p.id}/Lessons/${b.id}/Drop?isAgree=true`)).statusCode).toBe(200);
    expect((await call(author, 'GET', `${C}/${p.id}/Lessons/${b.id}/View`)).statusCode).toBe(404);
  });

  it('sorts lessons and exercises with repeated orders (JSON, query); refuses partial orders and a form body', async () => {
    const p = await createProgram(author, 'Порядок');
    const [a, b, c] = [await createLesson(author, p.id, 'A'), await createLesson(author, p.id, 'B'), await createLesson(author, p.id, 'C')];
    const sorted = await call(author, 'POST', `${C}/${p.id}/SortLessons`, { orders: [c.id, a.id, b.id] });
    expect(sorted.json().map((l: { label: string }) => l.label)).toEqual(['C', 'A', 'B']);
    const form = await t.app.inject({
      method: 'POST',
      url: `${C}/${p.id}/SortLessons`,
      headers: { ...author.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `orders=${b.id}&orders=${c.id}&orders=${a.id}`,
    });
    // API bodies are JSON (issue 10 item 6): repeated orders travel in the query string instead
    expect(form.statusCode).toBe(415);
    const query = await call(author, 'POST', `${C}/${p.id}/SortLessons?orders=${b.id}&orders=${c.id}&orders=${a.id}`);
    expect(query.json().map((l: { label: string }) => l.label)).toEqual(['B', 'C', 'A']);
    const again = await call(author, 'POST', `${C}/${p.id}/SortLessons?orders=${a.id}&orders=${b.id}&orders=${c.id}`);
    expect(again.json().map((l: { label: string }) => l.label)).toEqual(['A', 'B', 'C']);
    const partial = await call(author, 'POST', `${C}/${p.id}/SortLessons`, { orders: [a.id, b.id] });
    expect(partial.json().ErrorCode).toBe('InvalidOrder');
    const dup = await call(author, 'POST', `${C}/${p.id}/SortLessons`, { orders: [a.id, a.id, b.id] });
    expect(dup.statusCode).toBe(400);
    const none = await call(author, 'POST', `${C}/${p.id}/SortLessons`, {});
    expect(none.json().errors.orders).toBe('Обязательное поле');
    const junk = await call(author, 'POST', `${C}/${p.id}/SortLessons`, { orders: ['x'] });
    expect(junk.statusCode).toBe(400);
    expect((await call(author, 'GET', `${C}/${p.id}/SortLessons`)).json().map((l: { id: number }) => l.id)).toEqual([a.id, b.id, c.id]);

    const e1 = await createExercise(author, p.id, a.id, 'E1');
    const e2 = await createExercise(author, p.id, a.id, 'E2');
    const url = `${C}/${p.id}/Lessons/${a.id}/SortExercises`;
    expect((await call(author, 'GET', url)).json().map((e: { id: number }) => e.id)).toEqual([e1.id, e2.id]);
    expect((await call(author, 'POST', url, { orders: [e2.id, e1.id] })).json().map((e: { id: number }) => e.id)).toEqual([e2.id, e1.id]);
    const view = await call(author, 'GET', `/api/Instructors/Course/${p.id}/Lessons/${a.id}/exercises/view`);
    expect(view.json().map((e: { label: string }) => e.label)).toEqual(['E2', 'E1']);
    const foreign = await call(author, 'POST', url, { orders: [e2.id, exerciseId] });
    expect(foreign.statusCode).toBe(400);
  });

  it('stores lesson constraints (attributes must exist, courses must run the program)', async () => {
    const url = `${C}/${programId}/Lessons/${lessonId}/Constraints`;
    expect((await call(author, 'GET', url)).json()).toEqual({ union: 'and', attributes: [], courseIds: [], courseOptions: [] });
    const [course] = await t.db.insert(courses).values({ programId, label: 'Поток 1' }).returning();
    const ok = await call(author, 'PUT', url, { union: 'or', courseIds: [course.id, course.id] });
    expect(ok.json()).toEqual({ union: 'or', attributes: [], courseIds: [course.id] });
    const badAttr = await call(author, 'PUT', url, { attributes: [{ attributeId: 987654, values: ['x'] }] });
    expect(badAttr.statusCode).toBe(404);
    const badUnion = await call(author, 'PUT', url, { union: 'xor' });
    expect(badUnion.json().errors.union).toBeDefined();
    const other = await createProgram(author, 'Другая');
    const [foreignCourse] = await t.db.insert(courses).values({ programId: other.id, label: 'Чужой' }).returning();
    expect((await call(author, 'PUT', url, { courseIds: [foreignCourse.id] })).json().ErrorCode).toBe('CourseNotOfProgram');
  });
});

describe('copy', () => {
  it('lists lessons to copy and deep-copies lessons with their exercises and slides', async () => {
    const src = await createProgram(author, 'Источник');
    const l1 = await createLesson(author, src.id, 'Урок 1');
    const e1 = await createExercise(author, src.id, l1.id, 'Упр 1');
    const e2 = await createExercise(author, src.id, l1.id, 'Упр 2');
    await t.db.insert(slides).values([
      { exerciseId: e1.id, pageType: 1, contentKind: 1, content: { kind: 'content', html: '<p>1</p>' }, sequence: 1 },
      { exerciseId: e1.id, pageType: 7, contentKind: 35, content: { kind: 'web', address: 'https://example.org' }, sequence: 2 },
    ]);
    await call(author, 'PUT', `/api/instructors/Exercises/${e1.id}/Competencies`, { competencies: [{ name: 'Логика', weight: 2 }] });
    const toCopy = await call(author, 'GET', `/api/instructors/courses/${src.id}/get-lessons-to-copy`);
    expect(toCopy.json()).toEqual([{ id: l1.id, label: 'Урок 1', exercises: [expect.objectContaining({ id: e1.id }), expect.objectContaining({ id: e2.id })] }]);

    const target = await createProgram(author, 'Цель');
    const res = await call(author, 'POST', '/api/instructors/courses/multiply-copy-lessons', { courseId: target.id, lessons: [{ lessonId: l1.id }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().exercisesCount).toBe(2);
    const view = (await call(author, 'GET', `${C}/${target.id}/View`)).json();
    expect(view.lessons).toHaveLength(1);
    expect(view.lessons[0].exercises.map((e: { label: string; slidesCount: number }) => [e.label, e.slidesCount])).toEqual([['Упр 1', 2], ['Упр 2', 0]]);
    const copied = view.lessons[0].exercises[0].id;
    expect(copied).not.toBe(e1.id);
    expect((await call(author, 'GET', `/api/instructors/Exercises/${copied}/Competencies`)).json()).toMatchObject([{ name: 'Логика', weight: 2 }]);

    // Only chosen exercises, into an existing lesson.
    const into = await createLesson(author, target.id, 'Существующий');
    const part = await call(author, 'POST', '/api/instructors/courses/multiply-copy-lessons', {
      courseId: target.id,
      targetLessonId: into.id,
      lessons: [{ lessonId: l1.id, exerciseIds: [e2.id] }],
    });
    expect(part.json()).toMatchObject({ lessons: [], exercisesCount: 1 });
    const intoView = (await call(author, 'GET', `${C}/${target.id}/Lessons/${into.id}/View`)).json();
    expect(intoView.exercises.map((e: { label: string }) => e.label)).toEqual(['Упр 2']);
  });

  it('refuses sources and targets the caller cannot see, and bad bodies', async () => {
    const mine = await createProgram(other, 'Чужая');
    const theirLesson = await createLesson(other, mine.id);
    const steal = await call(author, 'POST', '/api/instructors/courses/multiply-copy-lessons', { courseId: programId, lessons: [{ lessonId: theirLesson.id }] });
    expect(steal.statusCode).toBe(404);
    const into = await call(author, 'POST', '/api/instructors/courses/multiply-copy-lessons', { courseId: mine.id, lessons: [{ lessonId }] });
    expect(into.statusCode).toBe(404);
    const bad = await call(author, 'POST', '/api/instructors/courses/multiply-copy-lessons', { courseId: 'x', lessons: [] });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['courseId', 'lessons']);
  });
});

describe('work kinds and page types', () => {
  it('lists exercise types as key/value items without the zero key, by role unless ignoreRoles', async () => {
    const all = await call(author, 'GET', '/api/instructors/exercises/ExerciseWorkKindTypes/false');
    expect(all.json()).toEqual([
      { key: 10, value: 'Лекция' },
      { key: 20, value: 'Тест' },
      { key: 30, value: 'Задание' },
      { key: 40, value: 'Опрос' },
      { key: 50, value: 'Очное занятие' },
    ]);
    const group = await t.signIn('Instructors', { flags: ['CreateGroupLessons'] });
    expect((await call(group, 'GET', '/api/instructors/exercises/ExerciseWorkKindTypes/false')).json()).toEqual([{ key: 50, value: 'Очное занятие' }]);
    expect((await call(group, 'GET', '/api/instructors/exercises/ExerciseWorkKindTypes/true')).json()).toHaveLength(5);
  });

  it('lists the slide kinds of an exercise type', async () => {
    const lecture = (await call(author, 'GET', '/api/instructors/exercises/10/GetPageTypes')).json();
    expect(lecture.every((k: { isQuestion: boolean }) => !k.isQuestion)).toBe(true);
    const test = (await call(author, 'GET', '/api/instructors/exercises/20/GetPageTypes')).json();
    expect(test).toHaveLength(14);
    expect(test.find((k: { key: string }) => k.key === 'code-question')).toMatchObject({ apiKind: 'Code', value: 'Вопрос с проверкой кода' });
    expect((await call(author, 'GET', '/api/instructors/exercises/77/GetPageTypes')).json()).toEqual([]);
  });
});
