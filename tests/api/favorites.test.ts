import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';

/** Favourites (spec 3 §7.3): toggles and lists, per student, only for courses one studies in. */
const t = await createTestApp();
const { call, program, course, enrol } = learningHelpers(t);

let student: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let prog: Awaited<ReturnType<typeof program>>;
let otherProg: Awaited<ReturnType<typeof program>>;
let mine: number;
let othersOnly: number;

beforeAll(async () => {
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  instructor = await t.signIn('Instructors');
  prog = await program();
  otherProg = await program('Другая');
  mine = (await course(prog.program.id, { label: 'Мой курс' })).id;
  othersOnly = (await course(otherProg.program.id, { label: 'Чужой курс' })).id;
  await enrol(mine, student.accountId);
  await enrol(mine, other.accountId);
  await enrol(othersOnly, other.accountId);
});

describe('favorites', () => {
  const calls = () => [
    ['POST', '/api/Favorites/Trainings/List'],
    ['POST', '/api/Favorites/Exercises/List'],
    ['POST', `/api/Favorites/Training/${mine}`],
    ['POST', `/api/Favorites/Training/${mine}/Exercise/${prog.exercises[0].id}`],
  ];

  it('needs a signed-in student', async () => {
    for (const [m, u] of calls()) {
      expect((await call(null, m, u, {})).statusCode, u).toBe(401);
      expect((await call(instructor, m, u, {})).statusCode, u).toBe(403);
    }
  });

  it('toggles a course and lists it for its owner only', async () => {
    expect((await call(student, 'POST', `/api/Favorites/Training/${mine}`)).json()).toEqual({ isFavorite: true });
    const list = (await call(student, 'POST', '/api/Favorites/Trainings/List', {})).json();
    expect(list.result.map((c: { id: number; isFavorite: boolean }) => [c.id, c.isFavorite])).toEqual([[mine, true]]);
    expect((await call(other, 'POST', '/api/Favorites/Trainings/List', {})).json().result).toEqual([]);
    expect((await call(student, 'POST', `/api/Favorites/Training/${mine}`)).json()).toEqual({ isFavorite: false });
    expect((await call(student, 'POST', '/api/Favorites/Trainings/List', {})).json().result).toEqual([]);
  });

  it('toggles an exercise; lists it with course, lesson and availability', async () => {
    const test = prog.exercises[1];
    expect((await call(student, 'POST', `/api/Favorites/Training/${mine}/Exercise/${test.id}`)).json()).toEqual({ isFavorite: true });
    const list = (await call(student, 'POST', '/api/Favorites/Exercises/List', {})).json();
    expect(list.result).toEqual([
      expect.objectContaining({ id: test.id, trainingId: mine, trainingLabel: 'Мой курс', lessonLabel: 'Введение', lessonNumber: 1, isAvailable: false }),
    ]);
    expect((await call(other, 'POST', '/api/Favorites/Exercises/List', {})).json().result).toEqual([]);
  });

  it("another student's course, an exercise of another program and bad ids are 404", async () => {
    expect((await call(student, 'POST', `/api/Favorites/Training/${othersOnly}`)).statusCode).toBe(404);
    expect((await call(student, 'POST', `/api/Favorites/Training/${othersOnly}/Exercise/${otherProg.exercises[0].id}`)).statusCode).toBe(404);
    expect((await call(student, 'POST', `/api/Favorites/Training/${mine}/Exercise/${otherProg.exercises[0].id}`)).statusCode).toBe(404);
    expect((await call(student, 'POST', `/api/Favorites/Training/abc`)).statusCode).toBe(404);
    expect((await call(student, 'POST', `/api/Favorites/Training/${mine}/Exercise/-3`)).statusCode).toBe(404);
  });

  it('rejects a bad list body', async () => {
    expect((await call(student, 'POST', '/api/Favorites/Trainings/List', { take: 0 })).statusCode).toBe(400);
    expect((await call(student, 'POST', '/api/Favorites/Exercises/List', { skip: -1 })).statusCode).toBe(400);
  });
});
