import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts, attributes, attributeValues, courses, exerciseConstraints, exercises, schedules } from '../../server/db/schema/index.js';
import { forgetAvailability, HOT_TTL_MS } from '../../server/modules/study/hotCache.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Exercise availability enforced by the server (spec 2 §4 rule 0/1/4/99, course open/close
 * dates, schedules that affect access, attribute constraints of exercises and lessons, lesson
 * course constraints): every study call on a locked exercise answers 403 with ErrorCode 15
 * (spec 3 §8.10 'exercise no access'), as the course page shows it locked.
 */
const t = await createTestApp();
const h = studyHelpers(t);
type Data = Awaited<ReturnType<typeof h.course>>;

let root: SignedIn;
beforeAll(async () => {
  root = await t.signIn('Root');
});

/** A fresh course (the study helpers' exercise 'Тест' then 'Лекция') with a new enrolled student. */
async function setUp(exercise: Partial<typeof exercises.$inferInsert> = {}) {
  const data = await h.course(exercise);
  const student = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  return { data, student };
}

const expectNoAccess = (res: { statusCode: number; body: string; json(): { ErrorCode?: string; Title?: string } }, what: string) => {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
  expect(res.json().ErrorCode, what).toBe('15');
  expect(res.json().Title, what).toBe('Нет доступа к упражнению');
};

const start = (who: SignedIn, data: Data, exerciseId = data.exercise.id) =>
  h.call(who, 'POST', `/api/trainings/${data.course.id}/exercises/${exerciseId}/Pages`, { slideId: 'start' });

/** isAvailable of the exercise on the student's course page. */
async function shownOpen(who: SignedIn, data: Data, exerciseId = data.exercise.id): Promise<boolean | undefined> {
  const lessonsList = (await h.call(who, 'GET', `/api/students/trainings/${data.course.id}/lessons`)).json() as { exercises: { id: number; isAvailable: boolean }[] }[];
  return lessonsList.flatMap((l) => l.exercises).find((x) => x.id === exerciseId)?.isAvailable;
}

describe('a locked exercise (rule 0 "unavailable")', () => {
  it('refuses the hello page, start, slide load, answer saves, finish, restart, SCORM, trace and digital code with 403.15', async () => {
    const { data, student } = await setUp({ availabilityRule: 0, exerciseType: 50 });
    expect(await shownOpen(student, data)).toBe(false);
    const b = data.base;
    const calls: [string, 'GET' | 'POST', string, unknown?][] = [
      ['hello page', 'POST', `${b}/Pages`, { slideId: 'start', preview: true }],
      ['start', 'POST', `${b}/Pages`, { slideId: 'start' }],
      ['slide load', 'POST', `${b}/Pages`, { slideId: String(data.radio.id) }],
      ['end page', 'POST', `${b}/Pages`, { slideId: 'end' }],
      ['choice save', 'POST', `${b}/questions/answers/${data.radio.id}/save`, { optionIds: [data.radioOpts[0].id] }],
      ['free save', 'POST', `${b}/questions/free/${data.free.string.id}/save`, { value: 'Москва' }],
      ['code run', 'POST', `${b}/questions/code/${data.code.id}/execTextCases`, { code: 'print(1)' }],
      ['finish', 'POST', `${b}/finish`],
      ['result', 'GET', `${b}/finish`],
      ['restart', 'POST', `${b}/restart`],
      ['SCORM runtime', 'GET', `${b}/scorm/runtime`],
      ['SCORM launch', 'POST', `${b}/scorm/launch`],
      ['trace', 'POST', `/api/Trainings/${data.course.id}/Exercises/${data.exercise.id}/Trace/Absent`],
      ['digital code', 'POST', `/api/Attendance/Student/DigitalCode/${data.exercise.id}?courseId=${data.course.id}`],
    ];
    for (const [what, method, url, body] of calls) expectNoAccess(await h.call(student, method, url, body), what);
    // nothing was started behind the lock
    expect(await t.db.select().from(attempts).where(eq(attempts.accountId, student.accountId))).toEqual([]);
    // NextExercise skips it: the lecture after it is the one to continue with
    const next = await h.call(student, 'GET', `/api/trainings/${data.course.id}/NextExercise`);
    expect(next.json()).toMatchObject({ exerciseId: data.lecture.id });
  });
});

describe('rules 4 and 1', () => {
  it('"after previous exercise" opens once the previous one is completed, "after all previous" once all are', async () => {
    const { data, student } = await setUp();
    await t.db.update(exercises).set({ availabilityRule: 4 }).where(eq(exercises.id, data.lecture.id));
    const [last] = await t.db
      .insert(exercises)
      .values({ programId: data.program.id, lessonId: data.exercise.lessonId, label: 'Итоговое', exerciseType: 30, sequence: 2, availabilityRule: 1 })
      .returning();
    expectNoAccess(await start(student, data, data.lecture.id), 'lecture before the test is completed');
    expect(await shownOpen(student, data, data.lecture.id)).toBe(false);

    // the test: started (an exercise in progress stays open), answered, finished
    expect((await start(student, data)).statusCode).toBe(200);
    const saved = await h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { optionIds: [data.radioOpts[0].id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expectNoAccess(await start(student, data, data.lecture.id), 'lecture while the test is in progress');
    expect((await h.call(student, 'POST', `${data.base}/finish`)).statusCode).toBe(200);

    expect(await shownOpen(student, data, data.lecture.id)).toBe(true);
    expect((await start(student, data, data.lecture.id)).statusCode).toBe(200);
    // rule 1: the lecture is in progress, not completed
    expectNoAccess(await start(student, data, last.id), 'final exercise before all previous are completed');
    expect((await h.call(student, 'POST', `/api/trainings/${data.course.id}/exercises/${data.lecture.id}/finish`)).statusCode).toBe(200);
    expect(await shownOpen(student, data, last.id)).toBe(true);
    expect((await start(student, data, last.id)).statusCode).toBe(200);
  });
});

describe('course open and close dates', () => {
  it('before the course opens and after it closes every study call is refused, even on an attempt in progress', async () => {
    const { data, student } = await setUp();
    const day = 86_400_000;
    await t.db.update(courses).set({ open: new Date(Date.now() + day), close: new Date(Date.now() + 9 * day), alwaysAvailableByDates: true }).where(eq(courses.id, data.course.id));
    expectNoAccess(await start(student, data), 'start before the course opens');
    expect(await shownOpen(student, data)).toBe(false);

    await t.db.update(courses).set({ open: new Date(Date.now() - 9 * day) }).where(eq(courses.id, data.course.id));
    forgetAvailability(t.db); // what the courses API does after a change of dates (written here behind its back)
    const sessionId = (await start(student, data)).json().sessionId;
    const warning = async () => (await h.call(student, 'GET', '/api/students/trainings')).json().warning;
    expect(await warning()).toMatchObject({ exerciseId: data.exercise.id });
    await t.db.update(courses).set({ close: new Date(Date.now() - day) }).where(eq(courses.id, data.course.id));
    forgetAvailability(t.db);
    // my courses' card for the unfinished exercise no longer leads to it
    expect(await warning()).toBeNull();
    expectNoAccess(await h.call(student, 'POST', `${data.base}/Pages`, { slideId: String(data.radio.id), sessionId }), 'slide load after the course closed');
    expectNoAccess(await h.call(student, 'POST', `${data.base}/finish`), 'finish after the course closed');
    expect(await shownOpen(student, data)).toBe(false);
    expect((await h.call(student, 'GET', `/api/trainings/${data.course.id}/NextExercise`)).statusCode).toBe(204);
  });
});

describe('schedules', () => {
  it("a schedule that affects access closes the exercise outside its window (the exercise's or its lesson's); one that does not, does not", async () => {
    const { data, student } = await setUp();
    const url = `/api/schedule/trainings/${data.course.id}/exercises/${data.exercise.id}/schedule`;
    const hour = 3_600_000;
    const at = (h: number) => new Date(Date.now() + h * hour).toISOString();
    const set = async (path: string, body: Record<string, unknown>) => {
      const res = await h.call(root, 'POST', path, body);
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await set(`${url}/create`, { begin: at(2), end: at(4), isScheduleAffectAccess: true });
    expectNoAccess(await start(student, data), 'before the window');
    expect(await shownOpen(student, data)).toBe(false);
    await t.app.inject({ method: 'PUT', url: `${url}/edit`, headers: root.headers, payload: { begin: at(-4), end: at(-2), isScheduleAffectAccess: true } });
    expectNoAccess(await start(student, data), 'after the window');
    await t.app.inject({ method: 'PUT', url: `${url}/edit`, headers: root.headers, payload: { begin: at(-4), end: at(-2), isScheduleAffectAccess: false } });
    expect((await start(student, data)).statusCode).toBe(200);

    // the lesson's schedule closes its exercises too, the one in progress included
    await set(`/api/schedule/trainings/${data.course.id}/lessons/${data.exercise.lessonId}/schedule/create`, { begin: at(1), isScheduleAffectAccess: true });
    expectNoAccess(await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'end' }), 'lesson not open yet');
    expect(await shownOpen(student, data, data.lecture.id)).toBe(false);
  });
});

describe('constraints', () => {
  it("lesson constraints are applied: its attributes lock the lesson's exercises, its courses hide the lesson elsewhere", async () => {
    const { data, student } = await setUp();
    const [attr] = await t.db.insert(attributes).values({ type: 1, label: 'Факультет', name: `faculty-${data.course.id}` }).returning();
    const url = `/api/Instructors/Courses/${data.program.id}/Lessons/${data.exercise.lessonId}/Constraints`;
    const put = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'PUT', url, headers: root.headers, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put({ union: 'and', attributes: [{ attributeId: attr.id, values: ['ИТ'] }], courseIds: [] });
    expectNoAccess(await start(student, data), 'without the attribute value');
    expect(await shownOpen(student, data)).toBe(false);
    await t.db.insert(attributeValues).values({ accountId: student.accountId, attributeId: attr.id, value: 'ИТ' });
    expect(await shownOpen(student, data)).toBe(true);
    expect((await start(student, data)).statusCode).toBe(200);

    // limited to another course of the program: not in this course at all (404, as any exercise outside it)
    const [elsewhere] = await t.db.insert(courses).values({ programId: data.program.id, label: 'Другой курс' }).returning();
    await put({ union: 'and', attributes: [], courseIds: [elsewhere.id] });
    const hidden = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'end' });
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect((await h.call(student, 'GET', `/api/students/trainings/${data.course.id}/lessons`)).json()).toEqual([]);
    await put({ union: 'and', attributes: [], courseIds: [data.course.id] });
    expect((await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'end' })).statusCode).toBe(200);
  });

  it("an exercise's attribute constraint locks it for students without a matching value", async () => {
    const { data, student } = await setUp();
    const [attr] = await t.db.insert(attributes).values({ type: 1, label: 'Группа', name: `group-${data.course.id}` }).returning();
    await t.db.insert(exerciseConstraints).values({ exerciseId: data.exercise.id, attributeId: attr.id, values: ['А', 'Б'] });
    expectNoAccess(await start(student, data), 'no value');
    await t.db.insert(attributeValues).values({ accountId: student.accountId, attributeId: attr.id, value: 'Б' });
    expect((await start(student, data)).statusCode).toBe(200);
  });
});

describe('the saves\' context cache', () => {
  it("ends a cached save context when a schedule window closes the exercise, at that instant", async () => {
    const { data, student } = await setUp();
    const end = new Date(Date.now() + 1_500);
    await t.db.insert(schedules).values({ courseId: data.course.id, exerciseId: data.exercise.id, begin: new Date(Date.now() - 60_000), end, affectsAccess: true });
    const sessionId = (await start(student, data)).json().sessionId; // fills the saves' cache
    const save = () => h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId, optionIds: [data.radioOpts[0].id] });
    expect((await save()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, end.getTime() - Date.now() + 200));
    expect(HOT_TTL_MS).toBeGreaterThan(5_000); // the cache alone would have answered
    expectNoAccess(await save(), 'save once the window closed');
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, sessionId));
    expect(a.status).toBe('in_progress');
  });
});
