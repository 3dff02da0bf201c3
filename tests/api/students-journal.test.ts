import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts, courseInstructors, enrolments, evaluations, exerciseProgress, exercises, groups, tutorStudents } from '../../server/db/schema/index.js';
import type { ProgressCheck, StudentsJournal } from '../../shared/calls/journal.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * The students journal (spec 1 §2.9 /courses/{courseId}/students-journal) and the per-exercise
 * progress check: students × exercises with status and score, filters (group, exercise types —
 * default lecture/test/task/survey —, search), row and column aggregations (spec 2 §4), and who
 * may read it (ShowStudents, panel permission 2, a tutor's assigned students only).
 */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);
const T = '/api/instructors/trainings';

let owner: SignedIn, stranger: SignedIn, noFlag: SignedIn, student: SignedIn, root: SignedIn;
let tutor: SignedIn, tutorNoPanel: SignedIn;
let courseId: number, otherCourseId: number, groupA: number;
let test: number, lecture: number, task: number, offline: number;
const students: SignedIn[] = [];

async function member(courseRole: 'tutor' | 'moderator', panel: (1 | 2 | 3 | 4 | 5 | 6)[]) {
  const who = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values({ courseId, accountId: who.accountId, courseRole, panelPermissions: panel });
  return who;
}

beforeAll(async () => {
  owner = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
  student = await t.signIn('Students');
  root = await t.signIn('Root');
  const p = await seedProgram('Журнал');
  [test, lecture] = p.exercises.map((e) => e.id);
  const more = await t.db
    .insert(exercises)
    .values([
      { programId: p.program.id, lessonId: p.lesson.id, label: 'Задание', exerciseType: 30, sequence: 2 },
      { programId: p.program.id, lessonId: p.lesson.id, label: 'Очное', exerciseType: 50, sequence: 3 },
    ])
    .returning();
  [task, offline] = more.map((e) => e.id);
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс журнала' })).id;
  otherCourseId = (await createCourse(stranger, p.program.id, { label: 'Чужой курс' })).id;
  [{ id: groupA }] = await t.db.insert(groups).values({ courseId, label: 'Группа А' }).returning();
  for (const [i, last] of ['Андреев', 'Борисов', 'Васильев'].entries()) {
    const s = await t.signIn('Students', { lastName: last, firstName: 'Студент', email: `journal-${i}@test.local` });
    students.push(s);
    await t.db.insert(enrolments).values({ courseId, accountId: s.accountId, groupId: i < 2 ? groupA : null });
  }
  // an expelled student is not in the journal
  const gone = await t.signIn('Students', { lastName: 'Отчисленный' });
  await t.db.insert(enrolments).values({ courseId, accountId: gone.accountId, status: 2 });
  const [a0, a1] = students;
  await t.db.insert(exerciseProgress).values([
    { accountId: a0.accountId, courseId, exerciseId: test, status: 4, score: 8 },
    { accountId: a0.accountId, courseId, exerciseId: lecture, status: 4, score: null },
    { accountId: a0.accountId, courseId, exerciseId: task, status: 3, score: 2 },
    { accountId: a1.accountId, courseId, exerciseId: test, status: 5, score: 4 },
    { accountId: a1.accountId, courseId, exerciseId: lecture, status: 1 },
    { accountId: gone.accountId, courseId, exerciseId: test, status: 4, score: 100 },
  ]);
  tutor = await member('tutor', [2]);
  tutorNoPanel = await member('tutor', [1]);
  await t.db.insert(tutorStudents).values({ courseId, tutorId: tutor.accountId, studentId: a1.accountId });
});

const journal = async (who: SignedIn | null, query = '', id = courseId) => call(who, 'GET', `${T}/${id}/StudentsJournal${query}`);

describe('the journal', () => {
  it('shows the studying students × lecture/test/task/survey exercises by default, with status and score per cell', async () => {
    const res = await journal(owner);
    expect(res.statusCode, res.body).toBe(200);
    const j = res.json() as StudentsJournal;
    expect(j.exerciseTypes).toEqual([10, 20, 30, 40]);
    expect(j.exercises.map((e) => e.id)).toEqual([test, lecture, task]); // offline (50) is not a default type
    expect(j.total).toBe(3);
    expect(j.students.map((s) => s.lastName)).toEqual(['Андреев', 'Борисов', 'Васильев']);
    const [a0, a1, a2] = j.students;
    expect(a0.cells).toEqual([{ status: 4, score: 8 }, { status: 4, score: null }, { status: 3, score: 2 }]);
    expect(a1.cells).toEqual([{ status: 5, score: 4 }, { status: 1, score: null }, null]);
    expect(a2.cells).toEqual([null, null, null]);
    expect(a0.groupLabel).toBe('Группа А');
  });

  it('aggregates rows and columns: average, max, min, sum, done percent, without digit', async () => {
    const j = (await journal(owner)).json() as StudentsJournal;
    expect(j.students[0].aggregates).toEqual({ average: 5, max: 8, min: 2, sum: 10, donePercent: 66.7, withoutDigit: 1 });
    expect(j.students[2].aggregates).toEqual({ average: null, max: null, min: null, sum: 0, donePercent: 0, withoutDigit: 0 });
    // the test column: 8 and 4 over three students (the expelled one's 100 does not count), two done
    expect(j.exercises[0].aggregates).toEqual({ average: 6, max: 8, min: 4, sum: 12, donePercent: 66.7, withoutDigit: 0 });
    expect(j.exercises[1].aggregates).toEqual({ average: null, max: null, min: null, sum: 0, donePercent: 33.3, withoutDigit: 1 });
  });

  it('shows a failed SCORM result as failed: handed in, not done for the row or the column', async () => {
    const a2 = students[2];
    await t.db.insert(exerciseProgress).values({ accountId: a2.accountId, courseId, exerciseId: task, status: 4, score: 3, failed: true });
    try {
      const j = (await journal(owner)).json() as StudentsJournal;
      expect(j.students[2].cells).toEqual([null, null, { status: 4, score: 3, failed: true }]);
      expect(j.students[2].aggregates).toMatchObject({ average: 3, donePercent: 0, withoutDigit: 0 });
      // the task column: 2 (in evaluation) and 3 (failed), neither done
      expect(j.exercises[2].aggregates).toMatchObject({ average: 2.5, donePercent: 0, withoutDigit: 0 });
      // a passed result has no mark
      expect(j.students[0].cells[0]).toEqual({ status: 4, score: 8 });
    } finally {
      await t.db.delete(exerciseProgress).where(and(eq(exerciseProgress.accountId, a2.accountId), eq(exerciseProgress.exerciseId, task)));
    }
  });

  it('filters by group, exercise types and search; pages by students with the total of all pages', async () => {
    const byGroup = (await journal(owner, `?groupId=${groupA}`)).json() as StudentsJournal;
    expect(byGroup.students.map((s) => s.lastName)).toEqual(['Андреев', 'Борисов']);
    expect(byGroup.exercises[0].aggregates.donePercent).toBe(100);
    const typed = (await journal(owner, '?exerciseTypes=50&exerciseTypes=20')).json() as StudentsJournal;
    expect(typed.exercises.map((e) => e.id)).toEqual([test, offline]);
    const comma = (await journal(owner, '?exerciseTypes=10,30')).json() as StudentsJournal;
    expect(comma.exercises.map((e) => e.id)).toEqual([lecture, task]);
    const found = (await journal(owner, '?search=борис')).json() as StudentsJournal;
    expect(found.students.map((s) => s.lastName)).toEqual(['Борисов']);
    const byMail = (await journal(owner, '?search=journal-2@')).json() as StudentsJournal;
    expect(byMail.students.map((s) => s.lastName)).toEqual(['Васильев']);
    const page = (await journal(owner, '?take=1&skip=1')).json() as StudentsJournal;
    expect(page.students.map((s) => s.lastName)).toEqual(['Борисов']);
    expect(page.total).toBe(3);
    const past = (await journal(owner, '?take=2&skip=10')).json() as StudentsJournal;
    expect(past.students).toEqual([]);
    expect(past.total).toBe(3);
  });

  it('Root and a tutor with the student-journal permission read it; the tutor sees only the assigned students', async () => {
    expect((await journal(root)).statusCode).toBe(200);
    const res = await journal(tutor);
    expect(res.statusCode, res.body).toBe(200);
    const j = res.json() as StudentsJournal;
    expect(j.students.map((s) => s.id)).toEqual([students[1].accountId]);
    expect(j.total).toBe(1);
    // column aggregations are over the tutor's students too
    expect(j.exercises[0].aggregates).toMatchObject({ average: 4, sum: 4, donePercent: 100 });
  });

  it('refuses: no session 401, a student 403, no ShowStudents 403, a tutor without panel permission 2 403, another course 404', async () => {
    expect((await journal(null)).statusCode).toBe(401);
    for (const who of [student, noFlag, tutorNoPanel]) {
      const res = await journal(who);
      expect(res.statusCode).toBe(403);
      expect(res.json().ErrorCode).toBe('Forbidden');
    }
    const other = await journal(owner, '', otherCourseId);
    expect(other.statusCode).toBe(404);
    expect(other.json().ErrorCode).toBe('TrainingNotFound');
    expect((await journal(owner, '', 99_999_999)).statusCode).toBe(404);
    expect((await journal(owner, '', 'abc' as unknown as number)).statusCode).toBe(404);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?exerciseTypes=99', 'exerciseTypes'],
      ['?take=0', 'take'],
      ['?take=1001', 'take'],
      ['?skip=-1', 'skip'],
      ['?groupId=x', 'groupId'],
      [`?search=${'я'.repeat(201)}`, 'search'],
    ] as const) {
      const res = await journal(owner, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });
});

describe('the progress check of one exercise', () => {
  const check = (who: SignedIn | null, exerciseId: number | string, query = '', id = courseId) => call(who, 'GET', `${T}/${id}/StudentsJournal/${exerciseId}/ProgressCheck${query}`);

  it("lists each student's status, score, attempts and evaluation, with counts per status", async () => {
    const [attempt] = await t.db.insert(attempts).values({ accountId: students[0].accountId, courseId, exerciseId: task, status: 'finished', score: 2, maxScore: 10 }).returning();
    await t.db.insert(evaluations).values({ attemptId: attempt.id });
    await t.db
      .update(exerciseProgress)
      .set({ lastAttemptId: attempt.id })
      .where(and(eq(exerciseProgress.accountId, students[0].accountId), eq(exerciseProgress.exerciseId, task)));
    const res = await check(owner, task);
    expect(res.statusCode, res.body).toBe(200);
    const pc = res.json() as ProgressCheck;
    expect(pc.exercise).toMatchObject({ id: task, label: 'Задание', exerciseType: 30 });
    expect(pc.byStatus).toEqual({ '0': 2, '3': 1 });
    expect(pc.metadata.filteredRecords).toBe(3);
    expect(pc.result[0]).toMatchObject({ studentId: students[0].accountId, status: 3, score: 2, maxScore: 10, attempts: 1, evaluation: 'draft' });
    expect(pc.result[1]).toMatchObject({ status: 0, score: null, attempts: 0, evaluation: null });
    const onlyEvaluation = (await check(owner, task, '?status=3')).json() as ProgressCheck;
    expect(onlyEvaluation.result.map((r) => r.studentId)).toEqual([students[0].accountId]);
    expect(onlyEvaluation.metadata.filteredRecords).toBe(1);
  });

  it('a tutor sees their students only; refusals as the journal; 404 for an exercise the course does not show', async () => {
    const mine = (await check(tutor, test)).json() as ProgressCheck;
    expect(mine.result.map((r) => r.studentId)).toEqual([students[1].accountId]);
    expect((await check(null, test)).statusCode).toBe(401);
    for (const who of [student, noFlag, tutorNoPanel]) expect((await check(who, test)).statusCode).toBe(403);
    expect((await check(owner, test, '', otherCourseId)).statusCode).toBe(404);
    const [foreign] = await seedProgram('Другая программа').then((p) => p.exercises);
    for (const id of [foreign.id, 99_999_999, 'x']) {
      const res = await check(owner, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().ErrorCode).toBe('ExerciseNotFound');
    }
    expect((await check(owner, test, '?status=2')).statusCode).toBe(400);
    expect((await check(owner, test, '?take=101')).statusCode).toBe(400);
  });
});
