import { beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  attempts,
  attributes,
  attributeValues,
  courseAttributes,
  courseInstructors,
  enrolments,
  exerciseProgress,
  exercises,
  groups,
  pageVisits,
  slides,
  tutorStudents,
  visits,
  watchSegments,
} from '../../server/db/schema/index.js';
import type { CourseStudentAttribute, JournalAnalytics, PathsAnalytics, PathsLesson, UsageAnalytics } from '../../shared/calls/learningAnalytics.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * Paths, usage and students-journal analytics of a course and its students' attributes
 * (shared/calls/learningAnalytics.ts): numbers on a small course of four students, and who may
 * read them (ExportStudentActions or ShowStudents, panel permissions, a tutor's own students).
 */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);
const T = '/api/instructors/trainings';
const DAY = 86_400_000;
/** Noon (UTC) `n` days ago: whole days whatever the hour the test runs. */
const daysAgo = (n: number) => new Date(Math.floor(Date.now() / DAY) * DAY - n * DAY + DAY / 2);

let owner: SignedIn, stranger: SignedIn, noExport: SignedIn, noShow: SignedIn, student: SignedIn, root: SignedIn, tutor: SignedIn, tutorNoPanel: SignedIn;
let courseId: number, otherCourseId: number, groupA: number, lessonId: number;
let test: number, lecture: number, task: number, attributeId: number, profileAttributeId: number;
const s: SignedIn[] = [];

beforeAll(async () => {
  owner = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  noExport = await t.signIn('Instructors', { flags: ['ShowStudents'] });
  noShow = await t.signIn('Instructors', { flags: ['ExportStudentActions'] });
  student = await t.signIn('Students');
  root = await t.signIn('Root');
  const p = await seedProgram('Аналитика');
  lessonId = p.lesson.id;
  [test, lecture] = p.exercises.map((e) => e.id);
  [{ id: task }] = await t.db.insert(exercises).values({ programId: p.program.id, lessonId, label: 'Задание', exerciseType: 30, sequence: 2 }).returning();
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс аналитики' })).id;
  otherCourseId = (await createCourse(stranger, p.program.id, { label: 'Чужой курс' })).id;
  [{ id: groupA }] = await t.db.insert(groups).values({ courseId, label: 'Группа А' }).returning();
  for (const [i, last] of ['Андреев', 'Борисов', 'Васильев', 'Григорьев'].entries()) {
    const who = await t.signIn('Students', { lastName: last, firstName: 'Студент' });
    s.push(who);
    await t.db.insert(enrolments).values({ courseId, accountId: who.accountId, groupId: i < 2 ? groupA : null });
  }
  const [a0, a1, a2] = s.map((x) => x.accountId);
  const row = (accountId: number, exerciseId: number, status: 1 | 3 | 4, startedDaysAgo: number, score: number | null = null) => ({
    accountId,
    courseId,
    exerciseId,
    status,
    score,
    startedAt: daysAgo(startedDaysAgo),
    updatedAt: daysAgo(startedDaysAgo),
    completedAt: status === 4 ? daysAgo(startedDaysAgo) : null,
  });
  await t.db.insert(exerciseProgress).values([
    row(a0, test, 4, 5, 8),
    row(a0, lecture, 4, 4),
    row(a0, task, 1, 3),
    // a1 starts with the lecture: out of the intended order
    row(a1, lecture, 4, 5),
    row(a1, test, 3, 4, 4),
    row(a2, test, 1, 2),
  ]);
  // usage: a0 visits the course twice (and another course once) and watches 0–30 s and 10–25 s again
  await t.db.insert(pageVisits).values([
    { accountId: a0, url: `/my-courses/course/${courseId}/1/2/3`, visitedAt: daysAgo(1) },
    { accountId: a0, url: `/my-courses/course/${courseId}`, visitedAt: daysAgo(1) },
    { accountId: a0, url: `/my-courses/course/${otherCourseId}`, visitedAt: daysAgo(1) },
    { accountId: a1, url: `/my-courses/course/${courseId}`, visitedAt: daysAgo(10) },
  ]);
  await t.db.insert(visits).values({ courseId, lessonId, studentId: a2, markedAt: daysAgo(1) });
  const [video] = await t.db
    .insert(slides)
    .values({ exerciseId: lecture, sequence: 1, pageType: 3, contentKind: 30, label: 'Видео', content: { kind: 'video' } } as typeof slides.$inferInsert)
    .returning();
  await t.db.insert(watchSegments).values([
    { accountId: a0, courseId, exerciseId: lecture, slideId: video.id, startSecond: 0, endSecond: 30, createdAt: daysAgo(1) },
    { accountId: a0, courseId, exerciseId: lecture, slideId: video.id, startSecond: 10, endSecond: 25, createdAt: daysAgo(1) },
  ]);
  const [attempt] = await t.db.insert(attempts).values({ accountId: a1, courseId, exerciseId: test, startedAt: daysAgo(10) }).returning();
  await t.db.insert(answers).values({ attemptId: attempt.id, slideId: video.id, questionKind: 5, value: { value: 'x' }, savedAt: daysAgo(10) });
  // attributes: one the course asks, one only in a student's profile
  [{ id: attributeId }, { id: profileAttributeId }] = await t.db
    .insert(attributes)
    .values([
      { type: 1, label: 'Номер зачётки', name: 'recordBook' },
      { type: 1, label: 'Город', name: 'city' },
    ])
    .returning();
  await t.db.insert(courseAttributes).values({ courseId, attributeId });
  await t.db.insert(attributeValues).values({ accountId: a0, attributeId: profileAttributeId, value: 'Томск' });

  tutor = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values({ courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [1, 2] });
  await t.db.insert(tutorStudents).values({ courseId, tutorId: tutor.accountId, studentId: a1 });
  tutorNoPanel = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values({ courseId, accountId: tutorNoPanel.accountId, courseRole: 'tutor', panelPermissions: [3] });
});

const get = (who: SignedIn | null, path: string, id: number | string = courseId) => call(who, 'GET', `${T}/${id}${path}`);

describe('paths analytics', () => {
  it('lists the lessons with their exercises', async () => {
    const res = await get(owner, '/analytics/paths/lessons');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as PathsLesson[]).toEqual([{ id: lessonId, label: 'Урок 1', exercises: 3 }]);
  });

  it('counts reach, drop-off, stops and the order taken', async () => {
    const res = await get(owner, '/analytics/paths');
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as PathsAnalytics;
    expect(p).toMatchObject({ students: 4, finished: 0, offOrder: 1 });
    expect(p.steps.map((x) => [x.exerciseId, x.reached, x.completed, x.dropOff, x.dropOffPercent, x.stoppedHere, x.outOfOrder])).toEqual([
      [test, 3, 1, 0, 0, 2, 0],
      [lecture, 2, 2, 1, 33.3, 0, 1],
      [task, 1, 0, 1, 50, 1, 0],
    ]);
    expect(p.transitions[0]).toEqual({ fromExerciseId: null, toExerciseId: test, students: 2, jump: false });
    expect(p.transitions).toContainEqual({ fromExerciseId: lecture, toExerciseId: test, students: 1, jump: true });
    expect(p.transitions).toContainEqual({ fromExerciseId: null, toExerciseId: lecture, students: 1, jump: true });
  });

  it('narrows to a group and to lessons (repeated or comma-separated)', async () => {
    const g = (await get(owner, `/analytics/paths?groupId=${groupA}`)).json() as PathsAnalytics;
    expect(g.students).toBe(2);
    expect(g.steps[0].reached).toBe(2);
    expect(((await get(owner, `/analytics/paths?lessonIds=${lessonId}&lessonIds=${lessonId}`)).json() as PathsAnalytics).steps).toHaveLength(3);
    expect(((await get(owner, `/analytics/paths?lessonIds=${lessonId + 1000},${lessonId + 1001}`)).json() as PathsAnalytics).steps).toEqual([]);
  });

  it('a tutor sees their own students only', async () => {
    const p = (await get(tutor, '/analytics/paths')).json() as PathsAnalytics;
    expect(p.students).toBe(1);
    expect(p.steps.map((x) => x.reached)).toEqual([1, 1, 0]);
  });
});

describe('usage analytics', () => {
  it('counts visits, attendance, watch time and answers per day, student and group; active and inactive', async () => {
    const res = await get(owner, '/analytics/usage');
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json() as UsageAnalytics;
    expect(u.days).toHaveLength(30);
    expect(u).toMatchObject({ students: 4, active: 2, inactive: 2 });
    const yesterday = u.days.find((d) => d.day === daysAgo(1).toISOString().slice(0, 10))!;
    expect(yesterday).toMatchObject({ visits: 2, attendance: 1, watchSeconds: 45, answers: 0, activeStudents: 2 });
    const [a0, a1, a2, a3] = u.byStudent;
    expect(a0).toMatchObject({ visits: 2, watchSeconds: 45, answers: 0, active: true, lastActivity: daysAgo(1).toISOString().slice(0, 10) });
    expect(a1).toMatchObject({ visits: 1, answers: 1, active: false });
    expect(a2).toMatchObject({ attendance: 1, active: true });
    expect(a3).toMatchObject({ visits: 0, active: false, lastActivity: null });
    expect(u.byGroup[0]).toEqual({ groupId: groupA, label: 'Группа А', students: 2, active: 1, visits: 3, attendance: 0, watchSeconds: 45, answers: 1 });
    // 10–20 s and 20–30 s were watched twice
    expect(u.rewatched.map((r) => [r.from, r.to, r.rewatchers, r.rewatches])).toEqual([
      [10, 20, 1, 1],
      [20, 30, 1, 1],
    ]);
  });

  it('takes a window of days and a group', async () => {
    const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);
    const u = (await get(owner, `/analytics/usage?begin=${day(12)}&end=${day(8)}&groupId=${groupA}`)).json() as UsageAnalytics;
    expect(u).toMatchObject({ begin: day(12), end: day(8), students: 2, active: 1, inactive: 1 });
    expect(u.days).toHaveLength(5);
    expect(u.days.reduce((n, d) => n + d.visits, 0)).toBe(1);
    // a begin alone runs up to today, but never longer than the longest window
    const long = (await get(owner, '/analytics/usage?begin=2020-01-01')).json() as UsageAnalytics;
    expect(long).toMatchObject({ begin: '2020-01-01', end: '2020-12-31' });
    expect(long.days).toHaveLength(366);
    const recent = (await get(owner, `/analytics/usage?begin=${day(2)}`)).json() as UsageAnalytics;
    expect(recent).toMatchObject({ begin: day(2), end: day(0) });
  });

  it('refuses bad days in the error shape', async () => {
    for (const [query, field] of [
      ['?begin=31.02.2026', 'begin'],
      ['?end=yesterday', 'end'],
      ['?begin=2026-03-10&end=2026-03-01', 'end'],
      ['?begin=2020-01-01&end=2026-01-01', 'end'],
      ['?groupId=0', 'groupId'],
    ] as const) {
      const res = await get(owner, `/analytics/usage${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body, query).toMatchObject({ ErrorCode: 'ValidationError' });
      expect(typeof body.Title).toBe('string');
      expect(typeof body.Description).toBe('string');
      expect(Object.keys(body.errors), query).toContain(field);
    }
  });
});

describe('students journal analytics', () => {
  it('distributes scores per exercise and per group, and completions over time', async () => {
    const res = await get(owner, '/StudentsJournal/Analytics');
    expect(res.statusCode, res.body).toBe(200);
    const j = res.json() as JournalAnalytics;
    expect(j.students).toBe(4);
    expect(j.exercises.map((e) => e.id)).toEqual([test, lecture, task]);
    expect(j.exercises[0]).toMatchObject({ buckets: [0, 0, 1, 0, 1], scored: 2, notStarted: 1, inProgress: 1, evaluation: 1, done: 1, averagePercent: 75, medianPercent: 75 });
    expect(j.groups).toEqual([
      { groupId: groupA, label: 'Группа А', students: 2, averagePercent: 75, donePercent: 50, buckets: [0, 0, 1, 0, 1] },
      { groupId: null, label: null, students: 2, averagePercent: null, donePercent: 0, buckets: [0, 0, 0, 0, 0] },
    ]);
    expect(j.progress).toHaveLength(6);
    expect(j.progress[0]).toEqual({ day: daysAgo(5).toISOString().slice(0, 10), completed: 2, cumulativePercent: 16.7 });
    expect(j.progress.at(-1)!.cumulativePercent).toBe(25);
  });

  it("applies the journal's filters", async () => {
    const j = (await get(owner, `/StudentsJournal/Analytics?groupId=${groupA}&exerciseTypes=20`)).json() as JournalAnalytics;
    expect(j.students).toBe(2);
    expect(j.exercises.map((e) => e.id)).toEqual([test]);
    const found = (await get(owner, '/StudentsJournal/Analytics?search=борисов')).json() as JournalAnalytics;
    expect(found.students).toBe(1);
    expect((await get(owner, '/StudentsJournal/Analytics?exerciseTypes=99')).statusCode).toBe(400);
  });
});

describe("the attributes of a course's students", () => {
  it("lists the course's attributes and those students filled, with counts", async () => {
    const res = await get(owner, '/students/attributes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as CourseStudentAttribute[]).toEqual([
      { id: attributeId, label: 'Номер зачётки', type: 1, course: true, filled: 0 },
      { id: profileAttributeId, label: 'Город', type: 1, course: false, filled: 1 },
    ]);
    // the tutor's student filled nothing
    expect((await get(tutor, '/students/attributes')).json()).toEqual([{ id: attributeId, label: 'Номер зачётки', type: 1, course: true, filled: 0 }]);
  });
});

describe('who may read them', () => {
  const paths = ['/analytics/paths/lessons', '/analytics/paths', '/analytics/usage', '/students/attributes', '/StudentsJournal/Analytics'];
  it('no session 401, a student 403, another course 404, Root 200', async () => {
    for (const path of paths) {
      expect((await get(null, path)).statusCode, path).toBe(401);
      expect((await get(student, path)).statusCode, path).toBe(403);
      const other = await get(owner, path, otherCourseId);
      expect(other.statusCode, path).toBe(404);
      expect(other.json().ErrorCode).toBe('TrainingNotFound');
      expect((await get(stranger, path)).statusCode, path).toBe(404);
      expect((await get(root, path)).statusCode, path).toBe(200);
    }
  });

  it('paths, usage and attributes need ExportStudentActions; the journal analytics ShowStudents', async () => {
    for (const path of paths.slice(0, 4)) {
      expect((await get(noExport, path)).statusCode, path).toBe(403);
      expect((await get(noShow, path)).statusCode, path).not.toBe(403);
    }
    expect((await get(noShow, '/StudentsJournal/Analytics')).statusCode).toBe(403);
    expect((await get(noExport, '/StudentsJournal/Analytics')).statusCode).not.toBe(403);
  });

  it('a tutor needs the panel permission (2 for analytics, 1 for attributes)', async () => {
    for (const path of paths) {
      const res = await get(tutorNoPanel, path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().ErrorCode).toBe('Forbidden');
    }
  });
});
