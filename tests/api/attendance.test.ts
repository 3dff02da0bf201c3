import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, courses, digitalCodes, visits } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** Digital-code attendance (spec 3 §7.4 Attendance/Student/DigitalCode, §7.10 Attendance/DigitalCode/Confirm, §8.4; spec 2 §9). */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let otherCourse: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let student: SignedIn;
let other: SignedIn;
let stranger: SignedIn;
let teacher: SignedIn;
let outsider: SignedIn;
let root: SignedIn;

const call = (who: SignedIn | null, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { ...(who?.headers ?? {}), 'accept-language': 'en' }, payload: payload as object });
const getCode = (who: SignedIn | null, exerciseId = data.exercise.id, query = '') => call(who, `/api/Attendance/Student/DigitalCode/${exerciseId}${query}`);
const confirm = (who: SignedIn | null, payload: unknown) => call(who, '/api/Attendance/DigitalCode/Confirm', payload);
const visitOf = (who: SignedIn, exerciseId = data.exercise.id) =>
  t.db.select().from(visits).where(and(eq(visits.studentId, who.accountId), eq(visits.exerciseId, exerciseId))).then((r) => r[0]);
const codeRow = (code: string) => t.db.select().from(digitalCodes).where(eq(digitalCodes.code, code)).then((r) => r[0]);

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course({ exerciseType: 50 });
  otherCourse = await h.course({ exerciseType: 50 });
  [student, other, stranger] = await Promise.all([t.signIn('Students'), t.signIn('Students'), t.signIn('Students')]);
  teacher = await t.signIn('Instructors');
  outsider = await t.signIn('Instructors');
  root = await t.signIn('Root');
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
  await h.enrol(otherCourse.course.id, other.accountId);
  await t.db.insert(courseInstructors).values({ courseId: data.course.id, accountId: teacher.accountId });
});

describe('student: get a code', () => {
  it('guards: 401, 403, 404 "get code error" outside the enrolment or the program', async () => {
    expect((await getCode(null)).statusCode).toBe(401);
    expect((await getCode(teacher)).statusCode).toBe(403);
    const r = await getCode(stranger);
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBe('get code error');
    expect((await getCode(student, otherCourse.exercise.id)).statusCode).toBe(404);
    expect((await getCode(student, data.exercise.id, `?courseId=${otherCourse.course.id}`)).statusCode).toBe(404);
    expect((await getCode(student, 0)).statusCode).toBe(404);
    expect(await t.db.select().from(digitalCodes)).toEqual([]);
  });

  it('a fresh 6-digit code valid 3 minutes by the server clock', async () => {
    const before = Date.now();
    const r = await getCode(student);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.code).toMatch(/^\d{6}$/);
    expect(body).toMatchObject({ validSeconds: 180, courseId: data.course.id, exerciseId: data.exercise.id });
    expect(new Date(body.expiresAt).getTime() - new Date(body.serverNow).getTime()).toBe(180_000);
    expect(new Date(body.serverNow).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await codeRow(body.code)).toMatchObject({ accountId: student.accountId, courseId: data.course.id, exerciseId: data.exercise.id, confirmedAt: null });
  });

  it('a new code invalidates the earlier live one of that exercise', async () => {
    const first = (await getCode(student)).json().code as string;
    const second = (await getCode(student, data.exercise.id, `?courseId=${data.course.id}`)).json().code as string;
    expect((await codeRow(first)).expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await codeRow(second)).expiresAt.getTime()).toBeGreaterThan(Date.now());
    const r = await confirm(teacher, { code: first, courseId: data.course.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().Title).toBe('The code has expired: ask the student to get a new one');
  });

  it('live codes are unique', async () => {
    const codes = await Promise.all(Array.from({ length: 8 }, () => getCode(other, data.exercise.id, `?courseId=${data.course.id}`).then((r) => r.json().code as string)));
    const live = await t.db.select().from(digitalCodes);
    const now = Date.now();
    const liveCodes = live.filter((c) => c.expiresAt.getTime() > now).map((c) => c.code);
    expect(new Set(liveCodes).size).toBe(liveCodes.length);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
  });

  it('a course must be named when the exercise is in several of the student\'s courses', async () => {
    // the second course runs the same program
    const [twin] = await t.db.insert(courses).values({ programId: data.program.id, label: 'Двойник', isPublished: true }).returning();
    await h.enrol(twin.id, other.accountId);
    const r = await getCode(other);
    expect(r.statusCode).toBe(400);
    expect(r.json().Title).toBe('get code error');
    expect((await getCode(other, data.exercise.id, `?courseId=${twin.id}`)).json().courseId).toBe(twin.id);
  });
});

describe('instructor: confirm a code', () => {
  it('guards: 401, 403 without EditVisitJournal, 404 for a course the instructor does not run', async () => {
    const { code } = (await getCode(student)).json();
    expect((await confirm(null, { code, courseId: data.course.id })).statusCode).toBe(401);
    expect((await confirm(student, { code, courseId: data.course.id })).statusCode).toBe(403);
    const viewer = await t.signIn('Instructors', { flags: ['ShowVisitJournal'] });
    await t.db.insert(courseInstructors).values({ courseId: data.course.id, accountId: viewer.accountId });
    expect((await confirm(viewer, { code, courseId: data.course.id })).statusCode).toBe(403);
    expect((await confirm(outsider, { code, courseId: data.course.id })).statusCode).toBe(404);
    expect((await codeRow(code)).confirmedAt).toBeNull();
    expect(await visitOf(student)).toBeUndefined();
  });

  it('bad input: 400 with field errors, nothing changes', async () => {
    const { code } = (await getCode(student)).json();
    for (const body of [{}, { code: '12345', courseId: data.course.id }, { code: 'abcdef', courseId: data.course.id }, { code, courseId: 'x' }, { courseId: data.course.id }]) {
      const r = await confirm(teacher, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().errors).toBeTruthy();
    }
    expect((await codeRow(code)).confirmedAt).toBeNull();
    expect(await visitOf(student)).toBeUndefined();
  });

  it('unknown code and another course\'s code: 404; another exercise: 400', async () => {
    const { code } = (await getCode(student)).json();
    const unknown = await confirm(teacher, { code: code === '000000' ? '000001' : '000000', courseId: data.course.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Title).toBe('No such code in this course');
    // the other student's code of the other course, confirmed in this course
    const foreign = (await getCode(other, otherCourse.exercise.id)).json().code;
    expect((await confirm(teacher, { code: foreign, courseId: data.course.id })).statusCode).toBe(404);
    const r = await confirm(teacher, { code, courseId: data.course.id, exerciseId: data.lecture.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().Title).toBe('The code was issued for another exercise');
    expect(await visitOf(student)).toBeUndefined();
  });

  it('an expired code: 400', async () => {
    const { code } = (await getCode(student)).json();
    await t.db.update(digitalCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(digitalCodes.code, code));
    const r = await confirm(teacher, { code, courseId: data.course.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('CodeExpired');
    expect(await visitOf(student)).toBeUndefined();
  });

  it('records the visit once; the code is single-use; it replaces an absent mark', async () => {
    const absent = await call(student, `/api/Trainings/${data.course.id}/Exercises/${data.exercise.id}/Trace/Absent`);
    expect(absent.statusCode, absent.body).toBe(200);
    const { code } = (await getCode(student)).json();
    const r = await confirm(teacher, { code: Number(code) < 100000 ? code : Number(code), courseId: String(data.course.id), exerciseId: data.exercise.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().visit).toMatchObject({ studentId: student.accountId, courseId: data.course.id, exerciseId: data.exercise.id, lessonId: data.exercise.lessonId, source: 'digital_code', lastName: 'Students' });
    expect(r.json().message).toContain('The visit has been recorded');
    expect(await visitOf(student)).toMatchObject({ source: 'digital_code', markedBy: teacher.accountId, lessonId: data.exercise.lessonId });
    expect(await codeRow(code)).toMatchObject({ confirmedBy: teacher.accountId });
    const again = await confirm(teacher, { code, courseId: data.course.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().Title).toBe('This code has already been used');
    expect(await t.db.select().from(visits).where(eq(visits.studentId, student.accountId))).toHaveLength(1);
  });

  it('two confirmations of one code at once: one visit', async () => {
    const { code } = (await getCode(other, data.exercise.id, `?courseId=${data.course.id}`)).json();
    const both = await Promise.all([confirm(teacher, { code, courseId: data.course.id }), confirm(root, { code, courseId: data.course.id })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await visitOf(other)).toMatchObject({ source: 'digital_code' });
  });

  it('guessing is rate-limited per instructor', async () => {
    const guesser = await t.signIn('Instructors');
    await t.db.insert(courseInstructors).values({ courseId: data.course.id, accountId: guesser.accountId });
    const taken = new Set((await t.db.select({ code: digitalCodes.code }).from(digitalCodes)).map((c) => c.code));
    const guesses = Array.from({ length: 200 }, (_, i) => String(900000 + i)).filter((c) => !taken.has(c)).slice(0, 62);
    const statuses: number[] = [];
    for (const code of guesses.slice(0, 61)) statuses.push((await confirm(guesser, { code, courseId: data.course.id })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    // another instructor is not held back
    expect((await confirm(teacher, { code: guesses[61], courseId: data.course.id })).statusCode).toBe(404);
  });
});
