import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPrograms } from '../../server/db/seed/programs.js';
import { seedReflection } from '../../server/db/seed/reflection.js';
import { courses, digitalCodes, exerciseProgress, feedback, reflectionAnswers, reflectionQuestions, slides, visits } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The player's extras: feedback, the reflection survey, Trace/Absent (spec 3 §7.4, §8.4; spec 2 §6). */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let student: SignedIn;
let other: SignedIn;
let stranger: SignedIn;
let teacher: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  // the English texts (Russian is the default language)
  h = { ...studyHelpers(t), call: (who, method, url, payload) => t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), 'accept-language': 'en' }, payload: payload as object }) };
  data = await h.course({ feedbackEnabled: true });
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  stranger = await t.signIn('Students');
  teacher = await t.signIn('Instructors');
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
});

const ru = { 'accept-language': 'ru' };

describe('feedback', () => {
  const save = (who: SignedIn | null, payload: unknown, base = data.base) => h.call(who, 'POST', `${base}/feedback/save`, payload);
  const rows = () => t.db.select().from(feedback).where(eq(feedback.exerciseId, data.exercise.id));

  it('guards: 401, 403, 404 outside the enrolment or the program', async () => {
    expect((await save(null, { rating: 5 })).statusCode).toBe(401);
    expect((await save(teacher, { rating: 5 })).statusCode).toBe(403);
    expect((await h.call(teacher, 'GET', `${data.base}/feedback`)).statusCode).toBe(403);
    expect((await save(stranger, { rating: 5 })).statusCode).toBe(404);
    expect((await h.call(stranger, 'GET', `${data.base}/feedback`)).statusCode).toBe(404);
    const foreign = await h.course({ feedbackEnabled: true });
    expect((await save(student, { rating: 5 }, `/api/Trainings/${data.course.id}/exercises/${foreign.exercise.id}`)).statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('an exercise that does not ask for feedback: the read says so (no failing call), a save is 404', async () => {
    const off = `/api/Trainings/${data.course.id}/exercises/${data.lecture.id}`;
    const r = await save(student, { rating: 4 }, off);
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBe('Feedback is not enabled for this exercise');
    const read = await h.call(student, 'GET', `${off}/feedback`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ enabled: false, rating: null, text: null });
  });

  it('bad bodies: 400 "Failed to save feedback" with field errors, nothing stored', async () => {
    for (const body of [{}, { rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: '5' }, { rating: 5, text: 'x'.repeat(2001) }]) {
      const r = await save(student, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().Title).toBe('Failed to save feedback');
      expect(Object.keys(r.json().errors).length).toBe(1);
    }
    const r = await t.app.inject({ method: 'POST', url: `${data.base}/feedback/save`, headers: { ...student.headers, ...ru }, payload: { rating: 9 } });
    expect(r.json().Title).toBe('Не удалось сохранить отзыв');
    expect(r.json().errors.rating).toBe('Поставьте оценку от 1 до 5');
    expect(await rows()).toEqual([]);
  });

  it('saves, reads back, and a second save replaces the first', async () => {
    expect((await h.call(student, 'GET', `${data.base}/feedback`)).json()).toEqual({ enabled: true, rating: null, text: null });
    const r = await save(student, { rating: 4, text: ' Полезно ' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('Feedback has been successfully saved');
    expect((await h.call(student, 'GET', `${data.base}/feedback`)).json()).toEqual({ enabled: true, rating: 4, text: 'Полезно' });
    await save(student, { rating: 5, text: 'x'.repeat(2000) });
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ accountId: student.accountId, rating: 5 });
    // another student's feedback is their own
    expect((await h.call(other, 'GET', `${data.base}/feedback`)).json()).toMatchObject({ enabled: true, rating: null });
  });
});

describe('reflection survey', () => {
  let textQ: typeof reflectionQuestions.$inferSelect;
  let choiceQ: typeof reflectionQuestions.$inferSelect;
  let optionalQ: typeof reflectionQuestions.$inferSelect;
  const url = (suffix: string, exerciseId = data.exercise.id) => `/api/Training/${data.course.id}/exercise/${exerciseId}/${suffix}`;
  const submit = (who: SignedIn | null, answers: unknown, exerciseId?: number) => h.call(who, 'POST', url('reflectionAnswers', exerciseId), { answers });
  const stored = (who = student) =>
    t.db.select().from(reflectionAnswers).where(and(eq(reflectionAnswers.accountId, who.accountId), eq(reflectionAnswers.courseId, data.course.id)));

  beforeAll(async () => {
    [textQ, choiceQ, optionalQ] = await t.db
      .insert(reflectionQuestions)
      .values([
        { exerciseId: data.exercise.id, text: 'Что было сложным?', answerKind: 'text', required: true, minChars: 10, sequence: 1 },
        { exerciseId: data.exercise.id, text: 'Что понравилось?', answerKind: 'choice', required: true, maxAnswers: 2, options: [{ id: 1, text: 'Видео' }, { id: 2, text: 'Тест' }, { id: 3, text: 'Задачи' }], sequence: 2 },
        { exerciseId: data.exercise.id, text: 'Комментарий', answerKind: 'text', sequence: 3 },
      ])
      .returning();
  });

  it('guards: 401, 403, 404', async () => {
    expect((await h.call(null, 'GET', url('reflectionQuestion'))).statusCode).toBe(401);
    expect((await h.call(teacher, 'GET', url('reflectionQuestion'))).statusCode).toBe(403);
    expect((await h.call(stranger, 'GET', url('reflectionQuestion'))).statusCode).toBe(404);
    expect((await submit(null, [])).statusCode).toBe(401);
    expect((await submit(teacher, [])).statusCode).toBe(403);
    expect((await submit(stranger, [{ questionId: textQ.id, text: 'достаточно длинный' }])).statusCode).toBe(404);
    expect(await stored(stranger)).toEqual([]);
  });

  it('lists the questions in order, unanswered', async () => {
    const r = await h.call(student, 'GET', url('reflectionQuestion'));
    expect(r.statusCode).toBe(200);
    expect(r.json().answered).toBe(false);
    expect(r.json().questions.map((q: { id: number }) => q.id)).toEqual([textQ.id, choiceQ.id, optionalQ.id]);
    expect(r.json().questions[1]).toMatchObject({ answerKind: 'choice', required: true, maxAnswers: 2, minChars: null, options: [{ id: 1, text: 'Видео' }, { id: 2, text: 'Тест' }, { id: 3, text: 'Задачи' }] });
    expect(r.json().questions[0]).toMatchObject({ answerKind: 'text', required: true, minChars: 10 });
    // an exercise without questions
    expect((await h.call(student, 'GET', url('reflectionQuestion', data.lecture.id))).json()).toEqual({ questions: [], answered: false });
  });

  it('validates per spec 2 §6 with field errors, all or nothing', async () => {
    const good = { questionId: choiceQ.id, optionIds: [1, 3] };
    const cases: [unknown, string, string][] = [
      [[{ questionId: textQ.id, text: 'коротко' }, good], `answers.${textQ.id}`, 'Please enter at least 10 characters'],
      [[good], `answers.${textQ.id}`, 'Required field'],
      [[{ questionId: textQ.id, text: 'достаточно длинный ответ' }, { questionId: choiceQ.id, optionIds: [1, 2, 3] }], `answers.${choiceQ.id}`, 'You can choose no more than 2 options'],
      [[{ questionId: textQ.id, text: 'достаточно длинный ответ' }, { questionId: choiceQ.id, optionIds: [7] }], `answers.${choiceQ.id}`, 'There is no such answer option'],
      [[{ questionId: textQ.id, text: 'достаточно длинный ответ' }, { questionId: choiceQ.id, optionIds: [] }], `answers.${choiceQ.id}`, 'Required field'],
      [[{ questionId: textQ.id, text: 'достаточно длинный ответ' }, good, { questionId: 999999, text: 'чужой' }], 'answers.999999', 'There is no such question in this exercise'],
      [[{ questionId: textQ.id, optionIds: [1] }, good], `answers.${textQ.id}`, 'A text answer is expected'],
      [[{ questionId: textQ.id, text: 'x'.repeat(2001) }, good], `answers.${textQ.id}`, 'Please enter data less than 2000 characters'],
    ];
    for (const [answers, field, message] of cases) {
      const r = await submit(student, answers);
      expect(r.statusCode, JSON.stringify(answers)).toBe(400);
      expect(r.json().Title).toBe('Failed to save the reflection answers');
      expect(r.json().errors[field], JSON.stringify(r.json().errors)).toBe(message);
    }
    expect((await submit(student, 'nope')).statusCode).toBe(400);
    expect((await submit(student, [{ questionId: 'x' }])).statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('a question of another exercise is refused', async () => {
    const [foreignQ] = await t.db.insert(reflectionQuestions).values({ exerciseId: data.lecture.id, text: 'Чужой', answerKind: 'text' }).returning();
    const r = await submit(student, [{ questionId: textQ.id, text: 'достаточно длинный ответ' }, { questionId: choiceQ.id, optionIds: [1] }, { questionId: foreignQ.id, text: 'ответ' }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[`answers.${foreignQ.id}`]).toBeTruthy();
    expect(await stored()).toEqual([]);
  });

  it('saves the answers linked to the latest attempt; a new submission replaces them', async () => {
    const start = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    const sessionId = start.json().sessionId as number;
    const r = await submit(student, [{ questionId: textQ.id, text: '  было сложно со временем ' }, { questionId: choiceQ.id, optionIds: [3, 1, 3] }, { questionId: optionalQ.id, text: '' }]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('The answers have been successfully saved');
    let rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows.find((a) => a.questionId === textQ.id)).toMatchObject({ value: { text: 'было сложно со временем' }, attemptId: sessionId });
    expect(rows.find((a) => a.questionId === choiceQ.id)?.value).toEqual({ optionIds: [3, 1] });
    const list = (await h.call(student, 'GET', url('reflectionQuestion'))).json();
    expect(list.answered).toBe(true);
    expect(list.questions[0].answer).toEqual({ text: 'было сложно со временем' });
    await submit(student, [{ questionId: textQ.id, text: 'уже не так сложно' }, { questionId: choiceQ.id, optionIds: [2] }, { questionId: optionalQ.id, text: 'спасибо' }]);
    rows = await stored();
    expect(rows).toHaveLength(3);
    expect(rows.find((a) => a.questionId === choiceQ.id)?.value).toEqual({ optionIds: [2] });
    // the other student's survey is untouched
    expect((await h.call(other, 'GET', url('reflectionQuestion'))).json().answered).toBe(false);
  });

  it('an exercise with only optional questions needs at least one answer', async () => {
    const [q] = await t.db.insert(reflectionQuestions).values({ exerciseId: data.lecture.id, text: 'Необязательный', answerKind: 'text' }).returning();
    const r = await submit(other, [{ questionId: q.id, text: '  ' }], data.lecture.id);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.answers).toBe('Answer at least one question');
    expect((await submit(other, [{ questionId: q.id, text: 'ok' }], data.lecture.id)).statusCode).toBe(200);
  });
});

describe('Trace/Absent', () => {
  let offline: Awaited<ReturnType<typeof h.course>>;
  let traceBase: string;
  const absent = (who: SignedIn | null, base: string) => h.call(who, 'POST', `${base}/Trace/Absent`);
  const visitOf = (who: SignedIn, exerciseId: number, courseId: number) =>
    t.db.select().from(visits).where(and(eq(visits.studentId, who.accountId), eq(visits.exerciseId, exerciseId), eq(visits.courseId, courseId))).then((r) => r[0]);

  beforeAll(async () => {
    offline = await h.course({ exerciseType: 50 });
    await h.enrol(offline.course.id, student.accountId);
    await h.enrol(offline.course.id, other.accountId);
    // a test exercise with a digital-trace slide counts as a trace exercise too
    await t.db.insert(slides).values({ exerciseId: data.exercise.id, sequence: 99, pageType: 41, contentKind: 1, label: 'След', content: { kind: 'content', html: '' } });
    traceBase = `/api/Trainings/${offline.course.id}/Exercises/${offline.exercise.id}`;
  });

  it('guards: 401, 403, 404 outside the enrolment; 404 on an exercise without a trace', async () => {
    expect((await absent(null, traceBase)).statusCode).toBe(401);
    expect((await absent(teacher, traceBase)).statusCode).toBe(403);
    expect((await absent(stranger, traceBase)).statusCode).toBe(404);
    const r = await absent(student, `/api/Trainings/${offline.course.id}/Exercises/${offline.lecture.id}`);
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBe('This exercise has no digital trace');
    expect(await visitOf(stranger, offline.exercise.id, offline.course.id)).toBeUndefined();
    expect(await visitOf(student, offline.lecture.id, offline.course.id)).toBeUndefined();
  });

  it('records an absent mark once (idempotent) and drops pending codes', async () => {
    await t.db.insert(digitalCodes).values({ courseId: offline.course.id, exerciseId: offline.exercise.id, accountId: student.accountId, code: '424242', expiresAt: new Date(Date.now() + 120_000) });
    const r = await absent(student, traceBase);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ absent: true, message: 'Your absence has been recorded' });
    const mark = await visitOf(student, offline.exercise.id, offline.course.id);
    expect(mark).toMatchObject({ source: 'absent', markedBy: student.accountId, lessonId: offline.exercise.lessonId });
    const again = await absent(student, traceBase);
    expect(again.statusCode).toBe(200);
    expect(new Date(again.json().markedAt).getTime()).toBe(mark.markedAt.getTime());
    expect(await t.db.select().from(visits).where(eq(visits.studentId, student.accountId))).toHaveLength(1);
    const [code] = await t.db.select().from(digitalCodes).where(eq(digitalCodes.code, '424242'));
    expect(code.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    // a trace slide makes a test exercise a trace exercise
    expect((await absent(student, data.base)).statusCode).toBe(200);
  });

  it('a presence the instructor marked wins: 409, nothing changes', async () => {
    await t.db.insert(visits).values({ courseId: offline.course.id, lessonId: offline.exercise.lessonId, exerciseId: offline.exercise.id, studentId: other.accountId, source: 'manual', markedBy: teacher.accountId });
    const r = await absent(other, traceBase);
    expect(r.statusCode).toBe(409);
    expect(r.json().Title).toBe('The instructor has already marked you present');
    expect(await visitOf(other, offline.exercise.id, offline.course.id)).toMatchObject({ source: 'manual', markedBy: teacher.accountId });
  });
});

describe('demo data', () => {
  it('the demo test exercise asks for feedback and has a reflection survey', async () => {
    const programs = await seedPrograms(t.db);
    await seedReflection(t.db, programs);
    const [course] = await t.db.insert(courses).values({ programId: programs.programId, label: 'Демо', isPublished: true }).returning();
    await h.enrol(course.id, student.accountId);
    // the test opens after the lecture (rule 4)
    await t.db.insert(exerciseProgress).values({ accountId: student.accountId, courseId: course.id, exerciseId: programs.exercises.lecture, status: 5 });
    expect((await h.call(student, 'GET', `/api/Trainings/${course.id}/exercises/${programs.exercises.test}/feedback`)).json()).toMatchObject({ enabled: true });
    expect((await h.call(student, 'GET', `/api/Trainings/${course.id}/exercises/${programs.exercises.lecture}/feedback`)).json()).toMatchObject({ enabled: false });
    const survey = (await h.call(student, 'GET', `/api/Training/${course.id}/exercise/${programs.exercises.test}/reflectionQuestion`)).json();
    expect(survey.questions.map((q: { answerKind: string; required: boolean }) => [q.answerKind, q.required])).toEqual([['text', true], ['choice', true], ['text', false]]);
    expect(survey.questions[1].maxAnswers).toBe(2);
  });
});
