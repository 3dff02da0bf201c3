import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, enrolments, exerciseProgress, programAuthors, tutorStudents } from '../../server/db/schema/index.js';
import type { ProgramPathsAnalytics } from '../../shared/calls/learningAnalytics.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * A program's paths across its courses (GET /api/instructors/programs/{programId}/analytics/paths,
 * docs/decisions/analytics.md): the sums over two courses match the progress written here, and who
 * reads which courses — the program's author and Root all, an instructor their own, a tutor their
 * students — while a stranger, a student and an instructor without ExportStudentActions are refused.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Math.floor(Date.now() / DAY) * DAY - n * DAY + DAY / 2);
const url = (programId: number | string) => `/api/instructors/programs/${programId}/analytics/paths`;

let author: SignedIn, runner: SignedIn, tutor: SignedIn, stranger: SignedIn, noFlag: SignedIn, student: SignedIn, root: SignedIn;
let programId: number, authorlessId: number, courseA: number, courseB: number, test: number, lecture: number;

beforeAll(async () => {
  [author, runner, tutor, stranger] = await Promise.all([1, 2, 3, 4].map(() => t.signIn('Instructors')));
  noFlag = await t.signIn('Instructors', { flags: ['ShowStudents'] });
  student = await t.signIn('Students');
  root = await t.signIn('Root');
  const p = await seedProgram('Программа с двумя потоками');
  programId = p.program.id;
  [test, lecture] = p.exercises.map((e) => e.id);
  await t.db.insert(programAuthors).values({ programId, accountId: author.accountId });
  // Root runs both courses: the author is on neither's staff
  courseA = (await createCourse(root, programId, { label: 'Поток А' })).id;
  courseB = (await createCourse(root, programId, { label: 'Поток Б', begin: new Date(Date.now() + DAY).toISOString().slice(0, 10) })).id;
  await t.db.insert(courseInstructors).values([
    { courseId: courseA, accountId: runner.accountId, courseRole: 'instructor' },
    { courseId: courseB, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [2] },
  ]);
  const [s1, s2, s3, s4] = await Promise.all([1, 2, 3, 4].map(() => t.signIn('Students')));
  await t.db.insert(enrolments).values([
    { courseId: courseA, accountId: s1.accountId },
    { courseId: courseA, accountId: s2.accountId },
    { courseId: courseB, accountId: s3.accountId },
    { courseId: courseB, accountId: s4.accountId },
  ]);
  await t.db.insert(tutorStudents).values({ courseId: courseB, tutorId: tutor.accountId, studentId: s3.accountId });
  const row = (courseId: number, accountId: number, exerciseId: number, status: 1 | 3 | 4, started: number) => ({
    courseId,
    accountId,
    exerciseId,
    status,
    startedAt: daysAgo(started),
    updatedAt: daysAgo(started),
    completedAt: status === 4 ? daysAgo(started) : null,
  });
  await t.db.insert(exerciseProgress).values([
    // course A: s1 goes through in order, s2 stops at the test
    row(courseA, s1.accountId, test, 4, 5),
    row(courseA, s1.accountId, lecture, 4, 4),
    row(courseA, s2.accountId, test, 1, 3),
    // course B: s3 starts with the lecture (out of order) and stops at the test; s4 never starts
    row(courseB, s3.accountId, lecture, 4, 5),
    row(courseB, s3.accountId, test, 3, 4),
  ]);
  // a program nobody authors (seen by every instructor with the programs flags) with a course of Root's
  const q = await seedProgram('Программа без авторов');
  authorlessId = q.program.id;
  await createCourse(root, authorlessId, { label: 'Поток без авторов' });
});

const get = async (who: SignedIn | null, id: number | string = programId) => call(who, 'GET', url(id));

describe("a program's paths analytics", () => {
  it('sums the courses step by step in the program order, with each course beside the others', async () => {
    const res = await get(author);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const p = res.json() as ProgramPathsAnalytics;
    expect(p.program).toEqual({ id: programId, label: 'Программа с двумя потоками' });
    expect(p).toMatchObject({ students: 4, finished: 1, offOrder: 1 });
    expect(p.steps.map((s) => [s.exerciseId, s.position, s.reached, s.completed, s.dropOff, s.dropOffPercent, s.stoppedHere, s.outOfOrder])).toEqual([
      [test, 1, 3, 1, 0, 0, 2, 0],
      [lecture, 2, 2, 2, 1, 33.3, 0, 1],
    ]);
    expect(p.courses).toEqual([
      { courseId: courseA, label: 'Поток А', students: 2, finished: 1, finishedPercent: 50, offOrder: 0, offOrderPercent: 0, stopped: 1, stoppedPercent: 50, topStop: { exerciseId: test, label: 'Тест', students: 1 } },
      { courseId: courseB, label: 'Поток Б', students: 2, finished: 0, finishedPercent: 0, offOrder: 1, offOrderPercent: 50, stopped: 1, stoppedPercent: 50, topStop: { exerciseId: test, label: 'Тест', students: 1 } },
    ]);
    expect(p.transitions[0]).toEqual({ fromExerciseId: null, toExerciseId: test, students: 2, jump: false });
    expect(p.transitions).toContainEqual({ fromExerciseId: null, toExerciseId: lecture, students: 1, jump: true });
    expect(p.transitions).toContainEqual({ fromExerciseId: lecture, toExerciseId: test, students: 1, jump: true });
  });

  it('Root reads every course, an instructor their own, a tutor their students', async () => {
    expect(((await get(root)).json() as ProgramPathsAnalytics).students).toBe(4);
    const own = (await get(runner)).json() as ProgramPathsAnalytics;
    expect(own.courses.map((c) => c.courseId)).toEqual([courseA]);
    expect(own).toMatchObject({ students: 2, finished: 1, offOrder: 0 });
    const tutored = (await get(tutor)).json() as ProgramPathsAnalytics;
    expect(tutored.courses.map((c) => [c.courseId, c.students])).toEqual([[courseB, 1]]);
    expect(tutored.steps.map((s) => s.reached)).toEqual([1, 1]);
  });

  it('refuses the signed out, students, instructors without ExportStudentActions and those with no part in the program', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(student)).statusCode).toBe(403);
    expect((await get(noFlag)).statusCode).toBe(403);
    // a program authored by others is not theirs to see (404); one they see but run no course of: 403
    const hidden = await get(stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ ErrorCode: 'ProgramNotFound', Title: expect.any(String) });
    const seen = await get(stranger, authorlessId);
    expect(seen.statusCode).toBe(403);
    expect(seen.json()).toMatchObject({ ErrorCode: 'Forbidden' });
    expect(((await get(root, authorlessId)).json() as ProgramPathsAnalytics).courses).toHaveLength(1);
  });

  it('answers 404 for a malformed or unknown program', async () => {
    for (const id of ['abc', '0', '-1', '2147483648', String(programId + 100_000)]) {
      const res = await get(root, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ ErrorCode: 'ProgramNotFound' });
    }
  });
});
