import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  attempts,
  attributes,
  attributeValues,
  closedQuestionOptions,
  closedQuestions,
  courseInstructors,
  enrolments,
  freeQuestions,
  groups,
  lessons,
  matchingOptions,
  matchingQuestions,
  matchingTargets,
  sequenceItems,
  sequenceQuestions,
  slides,
  tutorStudents,
} from '../../server/db/schema/index.js';
import type { TypicalErrors } from '../../shared/calls/analytics.js';
import { discriminationIndex, sumsOf } from '../../shared/analytics/itemAnalysis.js';
import { TaskType } from '../../shared/enums.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * Typical errors of a course (GET /api/instructors/analytics/Trainings/{courseId}/TypicalErrors)
 * and the answers and questions exports (spec 3 §7.10 "Analytics"): who may read them
 * (ExportStudentActions, panel permission 2, a tutor's students only), the filters, the numbers
 * on a small seeded case, and the xlsx the queued tasks write.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse, waitForTask } = courseHelpers(t);
const A = '/api/instructors/analytics';
const Q = '/api/instructors/queue';

let owner: SignedIn, stranger: SignedIn, noFlag: SignedIn, student: SignedIn, root: SignedIn, tutor: SignedIn, tutorNoPanel: SignedIn;
let courseId: number, otherCourseId: number, groupId: number, lessonId: number, testId: number, lectureId: number;
let programId: number, choiceSlide: number, freeSlide: number, attributeId: number, rightOption: number, wrongOption: number;
const s: SignedIn[] = [];

beforeAll(async () => {
  owner = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: ['ShowStudents', 'AdminPanelAccess'] });
  student = await t.signIn('Students');
  root = await t.signIn('Root');
  const p = await seedProgram('Типичные ошибки');
  lessonId = p.lesson.id;
  programId = p.program.id;
  [testId, lectureId] = p.exercises.map((e) => e.id);
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс аналитики' })).id;
  otherCourseId = (await createCourse(stranger, p.program.id, { label: 'Чужой' })).id;
  [{ id: groupId }] = await t.db.insert(groups).values({ courseId, label: 'Группа Б' }).returning();

  const [cq] = await t.db.insert(closedQuestions).values({ label: 'Столица Франции', choiceMode: 1 }).returning();
  const [right, b, c] = await t.db
    .insert(closedQuestionOptions)
    .values([
      { questionId: cq.id, text: 'Париж', isCorrect: true, sequence: 0 },
      { questionId: cq.id, text: 'Лион', sequence: 1 },
      { questionId: cq.id, text: 'Марсель', sequence: 2 },
    ])
    .returning();
  [rightOption, wrongOption] = [right.id, b.id];
  const [fq] = await t.db.insert(freeQuestions).values({ label: 'Столица Италии', correctValues: ['Рим'] }).returning();
  const slide = (sequence: number, contentKind: number, extra: Partial<typeof slides.$inferInsert>) =>
    t.db.insert(slides).values({ exerciseId: testId, sequence, pageType: 2, contentKind, label: '', content: { kind: 'question' }, ...extra } as typeof slides.$inferInsert).returning();
  [{ id: choiceSlide }] = await slide(0, 10, { closedQuestionId: cq.id, maxScore: 1 });
  [{ id: freeSlide }] = await slide(1, 40, { freeQuestionId: fq.id, maxScore: 2 });

  for (const [i, last] of ['Аникин', 'Борисов', 'Волков', 'Громов'].entries()) {
    const who = await t.signIn('Students', { lastName: last, firstName: 'Студент', email: `te-${i}@test.local` });
    s.push(who);
    await t.db.insert(enrolments).values({ courseId, accountId: who.accountId, groupId: i === 3 ? groupId : null });
  }
  const attempt = async (who: SignedIn, attemptNo = 1, status: 'finished' | 'discarded' | 'in_progress' = 'finished') =>
    (await t.db.insert(attempts).values({ accountId: who.accountId, courseId, exerciseId: testId, attemptNo, status }).returning())[0].id;
  const choice = (attemptId: number, optionId: number, ok: boolean) =>
    ({ attemptId, slideId: choiceSlide, questionKind: 2, value: { optionIds: [optionId] }, correctness: ok ? 1 : 0, score: ok ? 1 : 0 }) as const;
  const free = (attemptId: number, value: string, score: number, ok: boolean) => ({ attemptId, slideId: freeSlide, questionKind: 5, value: { value }, correctness: ok ? 1 : 0, score }) as const;
  const [a0, a1old, a1, a2, a3] = [await attempt(s[0]), await attempt(s[1], 1, 'discarded'), await attempt(s[1], 2), await attempt(s[2]), await attempt(s[3])];
  await t.db.insert(answers).values([
    choice(a0, right.id, true),
    free(a0, 'Рим', 2, true),
    // the discarded attempt is not counted: its right answer must not show
    choice(a1old, right.id, true),
    choice(a1, b.id, false),
    free(a1, 'Милан', 0, false),
    choice(a2, b.id, false),
    free(a2, 'рим?', 1, false), // partly: a score below the maximum
    choice(a3, c.id, false),
    free(a3, ' милан ', 0, false),
  ] as (typeof answers.$inferInsert)[]);

  tutor = await t.signIn('Instructors');
  tutorNoPanel = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values([
    { courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [2] },
    { courseId, accountId: tutorNoPanel.accountId, courseRole: 'tutor', panelPermissions: [1] },
  ]);
  await t.db.insert(tutorStudents).values({ courseId, tutorId: tutor.accountId, studentId: s[1].accountId });

  [{ id: attributeId }] = await t.db.insert(attributes).values({ type: 1, label: 'Факультет', name: 'faculty' } as typeof attributes.$inferInsert).returning();
  await t.db.insert(attributeValues).values([
    { accountId: s[0].accountId, attributeId, value: 'Физический' },
    { accountId: s[0].accountId, attributeId, trainingId: courseId, value: 'Исторический' },
  ]);
});

const typical = (who: SignedIn | null, query = '', id: number | string = courseId) => call(who, 'GET', `${A}/Trainings/${id}/TypicalErrors${query}`);
const byLabel = (r: TypicalErrors, label: string) => r.questions.find((q) => q.label === label)!;

describe('typical errors', () => {
  it('per question: right, partly, wrong, the most given wrong answers, facility and discrimination', async () => {
    const res = await typical(owner);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TypicalErrors;
    expect(r.attempts).toBe(4);
    expect(r.questions.map((q) => q.label)).toEqual(['Столица Франции', 'Столица Италии']);
    const choice = byLabel(r, 'Столица Франции');
    expect(choice).toMatchObject({ slideId: choiceSlide, kind: 2, exerciseId: testId, lessonId, answers: 4, right: 1, partly: 0, wrong: 3, notRated: 0, facility: 0.25 });
    expect(choice.wrongAnswers).toEqual([
      { text: 'Лион', count: 2 },
      { text: 'Марсель', count: 1 },
    ]);
    const free = byLabel(r, 'Столица Италии');
    expect(free).toMatchObject({ answers: 4, right: 1, partly: 1, wrong: 2, facility: 0.375 });
    // wrong free answers as written, trimmed and in lower case; the partly right one is not "wrong"
    expect(free.wrongAnswers).toEqual([{ text: 'милан', count: 2 }]);
    // rest of the attempt: totals 3, 0, 1, 0 without the question's own score
    const expected = discriminationIndex(sumsOf([[1, 2], [0, 0], [0, 1], [0, 0]]))!;
    expect(expected).toBeCloseTo(0.87, 2);
    expect(choice.discrimination).toBeCloseTo(expected, 3);
    expect(free.discrimination).toBeCloseTo(discriminationIndex(sumsOf([[2, 1], [0, 0], [1, 0], [0, 0]]))!, 3);
  });

  it('filters by group, lesson and exercise', async () => {
    const g = (await typical(owner, `?GroupId=${groupId}`)).json() as TypicalErrors;
    expect(g.attempts).toBe(1);
    expect(byLabel(g, 'Столица Франции')).toMatchObject({ answers: 1, wrong: 1, wrongAnswers: [{ text: 'Марсель', count: 1 }] });
    expect(((await typical(owner, `?lessonId=${lessonId}`)).json() as TypicalErrors).questions).toHaveLength(2);
    expect(((await typical(owner, `?exerciseId=${lectureId}`)).json() as TypicalErrors).questions).toHaveLength(0);
    expect(((await typical(owner, `?exerciseId=${testId}&lessonId=${lessonId}`)).json() as TypicalErrors).questions).toHaveLength(2);
  });

  it('the kept sums follow later saves, retakes, group moves and slide edits', async () => {
    // a course of its own: the changes below must not touch the other cases' figures
    const courseB = (await createCourse(owner, programId, { label: 'Курс Б' })).id;
    const [one, two] = s;
    await t.db.insert(enrolments).values([{ courseId: courseB, accountId: one.accountId }, { courseId: courseB, accountId: two.accountId }]);
    const read = async (query = '') => {
      const res = await typical(owner, query, courseB);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TypicalErrors;
    };
    expect(await read()).toMatchObject({ attempts: 0, questions: [] });
    const [first] = await t.db.insert(attempts).values({ accountId: one.accountId, courseId: courseB, exerciseId: testId, status: 'finished' }).returning();
    await t.db.insert(answers).values({ attemptId: first.id, slideId: choiceSlide, questionKind: 2, value: { optionIds: [wrongOption] }, correctness: 0, score: 0 });
    expect(byLabel(await read(), 'Столица Франции')).toMatchObject({ answers: 1, right: 0, wrong: 1, wrongAnswers: [{ text: 'Лион', count: 1 }] });
    // saved again, now right
    await t.db.update(answers).set({ value: { optionIds: [rightOption] }, correctness: 1, score: 1 }).where(eq(answers.attemptId, first.id));
    expect(byLabel(await read(), 'Столица Франции')).toMatchObject({ answers: 1, right: 1, wrong: 0, wrongAnswers: [] });
    // a retake: the new attempt stands, with no answer yet
    await t.db.update(attempts).set({ status: 'discarded' }).where(eq(attempts.id, first.id));
    await t.db.insert(attempts).values({ accountId: one.accountId, courseId: courseB, exerciseId: testId, attemptNo: 2 });
    expect(await read()).toMatchObject({ attempts: 1, questions: [] });
    // a move to a group: the group's figures
    const [{ id: groupB }] = await t.db.insert(groups).values({ courseId: courseB, label: 'Группа В' }).returning();
    expect((await read(`?GroupId=${groupB}`)).attempts).toBe(0);
    await t.db.update(enrolments).set({ groupId: groupB }).where(and(eq(enrolments.courseId, courseB), eq(enrolments.accountId, one.accountId)));
    expect((await read(`?GroupId=${groupB}`)).attempts).toBe(1);
    // the second student answers; the slide's points change
    const [second] = await t.db.insert(attempts).values({ accountId: two.accountId, courseId: courseB, exerciseId: testId, status: 'finished' }).returning();
    await t.db.insert(answers).values({ attemptId: second.id, slideId: freeSlide, questionKind: 5, value: { value: 'Рим' }, correctness: 1, score: 2 });
    expect(byLabel(await read(), 'Столица Италии')).toMatchObject({ answers: 1, right: 1, facility: 1 });
    await t.db.update(slides).set({ maxScore: 4 }).where(eq(slides.id, freeSlide));
    try {
      expect(byLabel(await read(), 'Столица Италии')).toMatchObject({ facility: 0.5 });
    } finally {
      await t.db.update(slides).set({ maxScore: 2 }).where(eq(slides.id, freeSlide));
    }
  });

  it('wrong options of a multiple choice, wrong pairs of a matching, wrong orders of a sequence, counted over the students', async () => {
    // a program and course of their own: the other cases' figures stay as they are
    const p = await seedProgram('Виды вопросов');
    const courseC = (await createCourse(owner, p.program.id, { label: 'Курс В' })).id;
    const exerciseId = p.exercises[0].id;
    const [cq] = await t.db.insert(closedQuestions).values({ label: 'Простые числа', choiceMode: 0 }).returning();
    const [two, three, four, six] = await t.db
      .insert(closedQuestionOptions)
      .values(['2', '3', '4', '6'].map((text, i) => ({ questionId: cq.id, text, isCorrect: i < 2, sequence: i })))
      .returning();
    const [mq] = await t.db.insert(matchingQuestions).values({ label: 'Столицы' }).returning();
    const [paris, rome] = await t.db.insert(matchingTargets).values([{ questionId: mq.id, text: 'Париж' }, { questionId: mq.id, text: 'Рим' }]).returning();
    const [france, italy] = await t.db
      .insert(matchingOptions)
      .values([
        { questionId: mq.id, text: 'Франция', correctTargetId: paris.id },
        { questionId: mq.id, text: 'Италия', correctTargetId: rome.id },
      ])
      .returning();
    const [sq] = await t.db.insert(sequenceQuestions).values({ label: 'Порядок' }).returning();
    const [one, twoItem, threeItem] = await t.db
      .insert(sequenceItems)
      .values(['один', 'два', 'три'].map((text, correctPosition) => ({ questionId: sq.id, text, correctPosition })))
      .returning();
    const slide = async (sequence: number, contentKind: number, extra: Partial<typeof slides.$inferInsert>) =>
      (await t.db.insert(slides).values({ exerciseId, sequence, pageType: 2, contentKind, label: '', content: { kind: 'question' }, ...extra } as typeof slides.$inferInsert).returning())[0].id;
    const choiceId = await slide(0, 10, { closedQuestionId: cq.id });
    const matchingId = await slide(1, 13, { matchingQuestionId: mq.id });
    const sequenceId = await slide(2, 12, { sequenceQuestionId: sq.id });
    const given = [
      // [chosen options, pairs, order]
      [[two.id, three.id], [[france.id, paris.id], [italy.id, rome.id]], [one.id, twoItem.id, threeItem.id]],
      [[two.id, four.id], [[france.id, rome.id], [italy.id, paris.id]], [twoItem.id, one.id, threeItem.id]],
      [[four.id, six.id], [[france.id, rome.id], [italy.id, null]], [twoItem.id, one.id, threeItem.id]],
      [[three.id, four.id], [[france.id, paris.id], [italy.id, paris.id]], [threeItem.id, twoItem.id, one.id]],
    ] as const;
    for (const [i, [options, pairs, order]] of given.entries()) {
      const who = await t.signIn('Students', { email: `kinds-${i}@test.local` });
      await t.db.insert(enrolments).values({ courseId: courseC, accountId: who.accountId });
      const [{ id: attemptId }] = await t.db.insert(attempts).values({ accountId: who.accountId, courseId: courseC, exerciseId, status: 'finished' }).returning();
      const ok = i === 0;
      await t.db.insert(answers).values([
        { attemptId, slideId: choiceId, questionKind: 2, value: { optionIds: [...options] }, correctness: ok ? 1 : 0, score: ok ? 1 : 0 },
        { attemptId, slideId: matchingId, questionKind: 12, value: { pairs: pairs.map(([optionId, targetId]) => ({ optionId, targetId })) }, correctness: ok ? 1 : 0, score: ok ? 1 : 0.5 },
        { attemptId, slideId: sequenceId, questionKind: 11, value: { itemIds: [...order] }, correctness: ok ? 1 : 0, score: ok ? 1 : 0 },
      ] as (typeof answers.$inferInsert)[]);
    }
    const r = (await typical(owner, '', courseC)).json() as TypicalErrors;
    const wrongOf = (slideId: number) => r.questions.find((q) => q.slideId === slideId)!.wrongAnswers;
    // the right answer (the first student's) gives none; a wrong one gives each wrong option chosen
    expect(wrongOf(choiceId)).toEqual([
      { text: '4', count: 3 },
      { text: '6', count: 1 },
    ]);
    expect(wrongOf(matchingId)).toEqual([
      { text: 'Италия → Париж', count: 2 },
      { text: 'Франция → Рим', count: 2 },
      { text: 'Италия → —', count: 1 },
    ]);
    expect(wrongOf(sequenceId)).toEqual([
      { text: 'два → один → три', count: 2 },
      { text: 'три → два → один', count: 1 },
    ]);
    expect(r.questions.find((q) => q.slideId === matchingId)).toMatchObject({ answers: 4, right: 1, partly: 3, wrong: 0 });
  });

  it("a tutor sees their assigned students' answers only; Root sees all", async () => {
    const mine = (await typical(tutor)).json() as TypicalErrors;
    expect(mine.attempts).toBe(1);
    expect(byLabel(mine, 'Столица Франции')).toMatchObject({ answers: 1, wrong: 1, wrongAnswers: [{ text: 'Лион', count: 1 }] });
    expect(((await typical(root)).json() as TypicalErrors).attempts).toBe(4);
  });

  it('guards: 401 signed out, 403 student, flag or panel missing, 404 for staff of another course', async () => {
    expect((await typical(null)).statusCode).toBe(401);
    for (const who of [student, noFlag, tutorNoPanel]) {
      const res = await typical(who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ErrorCode: 'Forbidden' });
    }
    const other = await typical(stranger);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ ErrorCode: 'TrainingNotFound' });
    expect((await typical(owner, '', otherCourseId)).statusCode).toBe(404);
    expect((await typical(owner, '', 'abc')).statusCode).toBe(404);
  });

  it('refuses bad filters with 400 in the error shape, naming the field', async () => {
    for (const [query, field] of [
      ['?GroupId=x', 'GroupId'],
      ['?lessonId=0', 'lessonId'],
      ['?exerciseId=-3', 'exerciseId'],
    ] as const) {
      const res = await typical(owner, query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ ErrorCode: 'ValidationError' });
      expect(body).toHaveProperty('Title');
      expect(body).toHaveProperty('Description');
      expect(JSON.stringify(body), query).toContain(field);
    }
  });
});

type Task = { status: { id: string }; progress: number; error: string | null; resultFile: { address: string; name: string } | null; type: { id: number } };

async function exportAndOpen(who: SignedIn, url: string) {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json() as { taskId: number };
  await waitForTask(who, taskId);
  const task = (await call(who, 'GET', `${Q}/task/${taskId}`)).json() as Task;
  expect(task.status.id, task.error ?? '').toBe('done');
  expect(task.progress).toBe(100);
  const file = await call(who, 'GET', task.resultFile!.address);
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { task, rows };
}

describe('answers export (task type 22)', () => {
  it('one row per counted answer, the chosen attributes as columns (the course answer before the profile)', async () => {
    const { task, rows } = await exportAndOpen(owner, `${A}/answers/export/training/${courseId}?attributeIds=${attributeId}`);
    expect(task.type.id).toBe(TaskType.answersExport);
    expect(task.resultFile!.name).toMatch(/\.xlsx$/);
    const [header, ...body] = rows;
    expect(header.slice(0, 5)).toEqual(['Фамилия', 'Имя', 'E-mail', 'Группа', 'Факультет']);
    expect(header).toContain('Ответ');
    expect(body).toHaveLength(8);
    const answerCol = header.indexOf('Ответ');
    expect(body[0].slice(0, 1)).toEqual(['Аникин']);
    expect(body[0][4]).toBe('Исторический');
    expect(body[0][answerCol]).toBe('Париж');
    expect(body.map((r) => r[answerCol])).toContain('Лион');
  });

  it('narrows to a lesson or an exercise; a tutor exports their students only', async () => {
    expect((await exportAndOpen(owner, `${A}/answers/export/training/${courseId}/exercise/${lectureId}`)).rows).toHaveLength(1);
    expect((await exportAndOpen(owner, `${A}/answers/export/training/${courseId}/lesson/${lessonId}`)).rows).toHaveLength(9);
    const mine = await exportAndOpen(tutor, `${A}/answers/export/training/${courseId}`);
    expect(mine.rows.slice(1).map((r) => r[2])).toEqual(['te-1@test.local', 'te-1@test.local']);
  });

  it('guards and bad input', async () => {
    const url = `${A}/answers/export/training/${courseId}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    for (const who of [student, noFlag, tutorNoPanel]) expect((await call(who, 'GET', url)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `${url}/lesson/999999`)).json()).toMatchObject({ ErrorCode: 'LessonNotFound' });
    expect((await call(owner, 'GET', `${url}/exercise/999999`)).json()).toMatchObject({ ErrorCode: 'ExerciseNotFound' });
    for (const bad of [`${url}?attributeIds=x`, `${url}?attributeIds=99999999`, `${url}/lesson/abc`]) {
      const res = await call(owner, 'GET', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ ErrorCode: 'ValidationError' });
    }
  });
});

describe('questions export (task type 23)', () => {
  it('lists the kinds to narrow to', async () => {
    const res = await call(owner, 'GET', `${A}/questions/export/types`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ id: 2, label: 'Выбор' });
    expect((await call(null, 'GET', `${A}/questions/export/types`)).statusCode).toBe(401);
    expect((await call(student, 'GET', `${A}/questions/export/types`)).statusCode).toBe(403);
    expect((await call(noFlag, 'GET', `${A}/questions/export/types`)).statusCode).toBe(403);
  });

  it('one row per question with the counts and indices; types and the period narrow it', async () => {
    const { task, rows } = await exportAndOpen(owner, `${A}/questions/export/trainings/${courseId}`);
    expect(task.type.id).toBe(TaskType.questionsExport);
    const [header, ...body] = rows;
    expect(header).toEqual(expect.arrayContaining(['Вопрос', 'Верно', 'Частично', 'Неверно', 'Индекс лёгкости', 'Индекс дискриминации', 'Частые неверные ответы']));
    expect(body).toHaveLength(2);
    const q = body.find((r) => r[2] === 'Столица Франции')!;
    expect(q[header.indexOf('Верно')]).toBe(1);
    expect(q[header.indexOf('Индекс лёгкости')]).toBe(0.25);
    expect(q[header.indexOf('Частые неверные ответы')]).toBe('Лион (2); Марсель (1)');
    expect((await exportAndOpen(owner, `${A}/questions/export/trainings/${courseId}?types=5`)).rows).toHaveLength(2);
    expect((await exportAndOpen(owner, `${A}/questions/export/trainings/${courseId}/lesson/${lessonId}/exercise/${testId}?begin=2000-01-01&end=2000-01-02`)).rows).toHaveLength(1);
  });

  it('guards and bad input', async () => {
    const url = `${A}/questions/export/trainings/${courseId}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    for (const who of [student, noFlag, tutorNoPanel]) expect((await call(who, 'GET', url)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    for (const [bad, field] of [
      [`${url}?types=99`, 'types'],
      [`${url}?begin=yesterday`, 'begin'],
      [`${url}?begin=2026-02-01&end=2026-01-01`, 'end'],
    ] as const) {
      const res = await call(owner, 'GET', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json()), bad).toContain(field);
    }
    // the exercise must be within the lesson of the path
    const [other] = await t.db.insert(lessons).values({ programId, label: 'Урок 2', sequence: 1 }).returning();
    expect((await call(owner, 'GET', `${url}/lesson/${other.id}/exercise/${testId}`)).json()).toMatchObject({ ErrorCode: 'ExerciseNotFound' });
  });
});
