import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  achievements,
  answers,
  competencyScores,
  courseInstructors,
  enrolments,
  evaluations,
  exerciseCompetencies,
  exerciseProgress,
  notifications,
  slides,
  tutorStudents,
} from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { multipart } from './support/questions.js';
import { studyHelpers } from './support/study.js';

/**
 * Exercises check (spec 3 §7.10 results verification and evaluation; spec 2 §5 draft → evaluated
 * → reverted): a manual-check attempt is found, drafted, evaluated (progress, course progress,
 * competency scores and the student's notification follow at once) and reverted.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let m: Awaited<ReturnType<ReturnType<typeof studyHelpers>['manualExercise']>>;
let student: SignedIn;
let second: SignedIn;
let teacher: SignedIn;
let noFlag: SignedIn;
let outsider: SignedIn;
let tutorNoPanel: SignedIn;
let tutor: SignedIn;
let moderator: SignedIn;
let sid: number;
let secondSid: number;
let fileId: number;

const en = { 'accept-language': 'en' };
const req = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...en }, payload: payload as object });
const base = () => `/api/instructors/Trainings/${data.course.id}/Exercises/${m.exercise.id}`;
const draft = (who: SignedIn | null, session: number | string, body: unknown) => req(who, 'PUT', `${base()}/Sessions/${session}/Draft`, body);
const evaluate = (who: SignedIn | null, session: number | string, body: unknown) => req(who, 'POST', `${base()}/Sessions/${session}/Evaluate`, body);
const revert = (who: SignedIn | null, studentId: number | string) => req(who, 'POST', `${base()}/Students/${studentId}/Revert`);
const progressOf = (who: SignedIn) =>
  t.db.select().from(exerciseProgress).where(and(eq(exerciseProgress.accountId, who.accountId), eq(exerciseProgress.exerciseId, m.exercise.id))).then((r) => r[0]);
const evaluationOf = (session: number) => t.db.select().from(evaluations).where(eq(evaluations.attemptId, session)).then((r) => r[0]);

/** The student answers the essay and the file question and finishes: the attempt waits for a check. */
async function answerAndFinish(who: SignedIn): Promise<{ sid: number; fileId: number }> {
  const ex = `/api/trainings/${data.course.id}/exercises/${m.exercise.id}`;
  const start = await h.call(who, 'POST', `${ex}/Pages`, { slideId: 'start' });
  const session = start.json().sessionId as number;
  expect((await h.call(who, 'POST', `${ex}/questions/free/${m.textarea.id}/save`, { sessionId: session, value: 'Моё эссе' })).statusCode).toBe(200);
  const upload = multipart([{ name: 'sessionId', value: String(session) }, { name: 'file', filename: 'work.pdf', content: '%PDF-1.4 essay' }]);
  const up = await t.app.inject({ method: 'POST', url: `${ex}/questions/files/${m.file.id}/save`, headers: { ...who.headers, ...upload.headers }, payload: upload.payload });
  expect(up.statusCode, up.body).toBe(200);
  const [saved] = await t.db.select().from(answers).where(and(eq(answers.attemptId, session), eq(answers.slideId, m.file.id)));
  const file = { id: (saved.value as { fileIds: number[] }).fileIds[0] };
  const r = await h.call(who, 'POST', `${ex}/finish`);
  expect(r.json()).toMatchObject({ status: 3, requiresReview: true });
  return { sid: session, fileId: file.id };
}

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course();
  m = await h.manualExercise(data.program.id, data.exercise.lessonId);
  await t.db.update(slides).set({ maxScore: 10 }).where(eq(slides.id, m.file.id));
  await t.db.insert(exerciseCompetencies).values({ exerciseId: m.exercise.id, name: 'Письмо', weight: 1 });
  [student, second] = await Promise.all([t.signIn('Students'), t.signIn('Students')]);
  teacher = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  outsider = await t.signIn('Instructors');
  [tutorNoPanel, tutor, moderator] = await Promise.all([t.signIn('Instructors'), t.signIn('Instructors'), t.signIn('Instructors')]);
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, second.accountId);
  await t.db.insert(courseInstructors).values([
    { courseId: data.course.id, accountId: teacher.accountId },
    { courseId: data.course.id, accountId: noFlag.accountId },
    { courseId: data.course.id, accountId: tutorNoPanel.accountId, courseRole: 'tutor', panelPermissions: [1] },
    { courseId: data.course.id, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [2] },
    { courseId: data.course.id, accountId: moderator.accountId, courseRole: 'moderator', panelPermissions: [2] },
  ]);
  // the tutor checks the second student only
  await t.db.insert(tutorStudents).values({ courseId: data.course.id, tutorId: tutor.accountId, studentId: second.accountId });
  const other = await h.course();
  await t.db.insert(courseInstructors).values({ courseId: other.course.id, accountId: outsider.accountId });
  ({ sid, fileId } = await answerAndFinish(student));
  ({ sid: secondSid } = await answerAndFinish(second));
});

describe('guards of every call', () => {
  it('unauthenticated: 401; a student: 403; an instructor without ShowStudents: 403 — nothing changes', async () => {
    const calls = (who: SignedIn | null) => [
      req(who, 'GET', '/api/instructors/trainings/results/verify/trainings'),
      req(who, 'GET', '/api/instructors/trainings/results/verify'),
      req(who, 'GET', `/api/instructors/results/verify/courses/${data.course.id}/LessonsList`),
      req(who, 'GET', `/api/instructors/results/verify/courses/${data.course.id}/ExercisesToVerify`),
      req(who, 'POST', `/api/instructors/results/verify/Exercise/${m.exercise.id}`, { courseId: data.course.id }),
      draft(who, sid, { body: 'x', scores: { [m.file.id]: 1 } }),
      evaluate(who, sid, { body: 'x', scores: { [m.file.id]: 1, [m.textarea.id]: 1 } }),
      revert(who, student.accountId),
      req(who, 'GET', `/api/trainings/AccessToRevaluation/${sid}`),
    ];
    for (const [who, status] of [[null, 401], [student, 403], [noFlag, 403]] as const) {
      for (const [i, r] of (await Promise.all(calls(who))).entries()) {
        expect(r.statusCode, `call ${i}`).toBe(status);
        expect(r.json().ErrorCode).toBe(status === 401 ? 'Unauthorized' : 'Forbidden');
      }
    }
    expect(await evaluationOf(sid)).toMatchObject({ status: 'draft', body: '', answerScores: {} });
    expect((await progressOf(student)).status).toBe(3);
  });

  it('a tutor without the journal panel permission and a moderator: 403; an instructor of another course: 404', async () => {
    for (const who of [tutorNoPanel, moderator]) {
      const r = await draft(who, sid, { body: 'x' });
      expect(r.statusCode).toBe(403);
      expect((await req(who, 'GET', `/api/instructors/results/verify/courses/${data.course.id}/LessonsList`)).statusCode).toBe(403);
      expect((await req(who, 'GET', `/api/trainings/AccessToRevaluation/${sid}`)).statusCode).toBe(403);
    }
    const r = await evaluate(outsider, sid, { body: 'x', scores: { [m.file.id]: 1, [m.textarea.id]: 1 } });
    expect(r.statusCode).toBe(404);
    expect(r.json().ErrorCode).toBe('TrainingNotFound');
    expect((await req(outsider, 'GET', `/api/trainings/AccessToRevaluation/${sid}`)).json().ErrorCode).toBe('SessionNotFound');
    expect((await req(outsider, 'GET', '/api/instructors/trainings/results/verify/trainings')).json()).toEqual([
      expect.objectContaining({ waiting: 0 }),
    ]);
    expect((await evaluationOf(sid)).status).toBe('draft');
  });

  it('a tutor sees and checks their assigned students only', async () => {
    const list = (await req(tutor, 'POST', `/api/instructors/results/verify/Exercise/${m.exercise.id}`, { courseId: data.course.id })).json();
    expect(list.attempts.map((a: { studentId: number }) => a.studentId)).toEqual([second.accountId]);
    const r = await draft(tutor, sid, { body: 'x' });
    expect(r.statusCode).toBe(404);
    expect(r.json().ErrorCode).toBe('SessionNotFound');
    expect((await draft(tutor, secondSid, { body: 'посмотрю' })).statusCode).toBe(200);
    expect((await req(tutor, 'GET', '/api/instructors/trainings/results/verify/trainings')).json()).toEqual([{ id: data.course.id, label: 'Курс', waiting: 1 }]);
  });
});

describe('results verification lists', () => {
  it('courses, lessons and exercises with the attempts waiting', async () => {
    const courses = (await req(teacher, 'GET', '/api/instructors/trainings/results/verify/trainings')).json();
    expect(courses).toEqual([{ id: data.course.id, label: 'Курс', waiting: 2 }]);
    const lessons = (await req(teacher, 'GET', `/api/instructors/results/verify/courses/${data.course.id}/LessonsList`)).json();
    expect(lessons).toEqual([{ id: data.exercise.lessonId, label: 'Урок', waiting: 2 }]);
    const exercises = (await req(teacher, 'GET', `/api/instructors/results/verify/courses/${data.course.id}/ExercisesToVerify?lessonId=${data.exercise.lessonId}`)).json();
    expect(exercises.find((e: { id: number }) => e.id === m.exercise.id)).toMatchObject({ waiting: 2, evaluated: 0 });
    expect(exercises.find((e: { id: number }) => e.id === data.exercise.id)).toMatchObject({ waiting: 0 });
    const waiting = (await req(teacher, 'GET', `/api/instructors/trainings/results/verify?training=${data.course.id}&search=Эссе`)).json();
    expect(waiting.map((w: { sessionId: number }) => w.sessionId).sort()).toEqual([sid, secondSid].sort());
  });

  it("a student's answers with their files, which the checker may download", async () => {
    const r = await req(teacher, 'POST', `/api/instructors/results/verify/Exercise/${m.exercise.id}`, { courseId: data.course.id });
    expect(r.statusCode, r.body).toBe(200);
    const mine = r.json().attempts.find((a: { sessionId: number }) => a.sessionId === sid);
    const file = mine.answers.find((a: { slideId: number }) => a.slideId === m.file.id);
    expect(file).toMatchObject({ manual: true, maxScore: 10, files: [{ id: fileId, name: 'work.pdf', address: `/api/files/${fileId}` }] });
    expect(mine.answers.find((a: { slideId: number }) => a.slideId === m.textarea.id)).toMatchObject({ manual: true, value: { value: 'Моё эссе' } });
    expect((await req(teacher, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await req(outsider, 'GET', `/api/files/${fileId}`)).statusCode).toBe(404);
    expect((await req(tutor, 'GET', `/api/files/${fileId}`)).statusCode).toBe(404);
    expect((await req(teacher, 'POST', `/api/instructors/results/verify/Exercise/${data.exercise.id}0`, { courseId: data.course.id })).statusCode).toBe(404);
  });
});

describe('draft, evaluate, revert', () => {
  it('bad input: unknown session 404, score out of range or on an automatic answer 400 — nothing changes', async () => {
    let r = await draft(teacher, 999999, { body: 'x' });
    expect(r.statusCode).toBe(404);
    expect(r.json().ErrorCode).toBe('SessionNotFound');
    r = await draft(teacher, sid, { body: 'x', scores: { [m.file.id]: 11 } });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ [`scores.${m.file.id}`]: 'Points: from 0 to 10' });
    r = await evaluate(teacher, sid, { body: 'x', scores: { [m.file.id]: -1, [m.textarea.id]: 1 } });
    expect(r.statusCode).toBe(400);
    r = await evaluate(teacher, sid, { body: 'x', scores: { [m.file.id]: 5 } });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ [`scores.${m.textarea.id}`]: 'Give points for this answer' });
    r = await draft(teacher, sid, { body: 'x', sessionId: secondSid });
    expect(r.json().errors).toHaveProperty('sessionId');
    expect(await evaluationOf(sid)).toMatchObject({ status: 'draft', body: '', answerScores: {} });
    expect((await progressOf(student)).status).toBe(3);
  });

  it('revert of a non-evaluated attempt: 400 NotEvaluated', async () => {
    const r = await revert(teacher, student.accountId);
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('NotEvaluated');
    expect((await revert(teacher, 999999)).statusCode).toBe(404);
    expect((await req(teacher, 'GET', `/api/trainings/AccessToRevaluation/${sid}`)).json()).toEqual({ access: false, reason: 'notEvaluated' });
  });

  it('a draft keeps the comment and points; the student sees nothing yet', async () => {
    const r = await draft(teacher, sid, { courseId: data.course.id, exerciseId: m.exercise.id, sessionId: sid, body: 'Хорошо', scores: { [m.file.id]: 7 } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'draft', body: 'Хорошо', scores: { [m.file.id]: 7 } });
    expect((await progressOf(student)).status).toBe(3);
    const [a] = await t.db.select().from(answers).where(and(eq(answers.attemptId, sid), eq(answers.slideId, m.file.id)));
    expect(a.score ?? 0).toBe(0);
  });

  it('evaluate: progress, course progress, competency score and a notification follow at once', async () => {
    const r = await evaluate(teacher, sid, { body: 'Отлично', scores: { [m.file.id]: 7, [m.textarea.id]: 1 } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'evaluated', score: 8 });
    expect(await progressOf(student)).toMatchObject({ status: 4, score: 8 });
    const [en1] = await t.db.select().from(enrolments).where(and(eq(enrolments.accountId, student.accountId), eq(enrolments.courseId, data.course.id)));
    expect(en1.progress).toBeCloseTo(1 / 3);
    const [score] = await t.db.select().from(competencyScores).where(eq(competencyScores.accountId, student.accountId));
    expect(score.value).toBe(Math.round((8 / 11) * 100) / 100);
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.accountId, student.accountId), eq(notifications.type, 3)));
    expect(notes).toHaveLength(1);
    expect(notes[0].link).toBe(`/my-courses/course/${data.course.id}/${m.exercise.lessonId}/${m.exercise.id}/end`);
    expect(await t.db.select().from(achievements).where(eq(achievements.accountId, student.accountId))).toEqual([expect.objectContaining({ kind: 'first_training' })]);
    // the student's own final page shows the score
    const result = await h.call(student, 'GET', `/api/trainings/${data.course.id}/exercises/${m.exercise.id}/finish`);
    expect(result.json()).toMatchObject({ score: 8, maxScore: 11, status: 4, requiresReview: false });
    const again = await evaluate(teacher, sid, { body: 'x', scores: { [m.file.id]: 1, [m.textarea.id]: 1 } });
    expect(again.statusCode).toBe(400);
    expect(again.json().ErrorCode).toBe('AlreadyEvaluated');
    expect((await draft(teacher, sid, { body: 'x' })).json().ErrorCode).toBe('AlreadyEvaluated');
    expect((await req(teacher, 'GET', `/api/trainings/AccessToRevaluation/${sid}`)).json()).toEqual({ access: true, reason: null });
  });

  it('revert: back to evaluation, course progress and competency score follow; evaluating again works', async () => {
    const r = await revert(teacher, student.accountId);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'reverted', body: 'Отлично', scores: { [m.file.id]: 7, [m.textarea.id]: 1 } });
    expect((await progressOf(student)).status).toBe(3);
    const [en1] = await t.db.select().from(enrolments).where(and(eq(enrolments.accountId, student.accountId), eq(enrolments.courseId, data.course.id)));
    expect(en1.progress).toBe(0);
    expect(await t.db.select().from(competencyScores).where(eq(competencyScores.accountId, student.accountId))).toEqual([]);
    expect((await revert(teacher, student.accountId)).json().ErrorCode).toBe('NotEvaluated');
    const ok = await evaluate(teacher, sid, { body: 'Пересмотрено', scores: { [m.file.id]: 10, [m.textarea.id]: 1 } });
    expect(ok.json()).toMatchObject({ status: 'evaluated', score: 11 });
    expect((await t.db.select().from(competencyScores).where(eq(competencyScores.accountId, student.accountId)))[0].value).toBe(1);
  });

  it('two checkers evaluating one attempt at once: one score counts, the other is told it is evaluated', async () => {
    const scores = { [m.file.id]: 3, [m.textarea.id]: 0 };
    const [a, b] = await Promise.all([evaluate(teacher, secondSid, { body: 'a', scores }), evaluate(tutor, secondSid, { body: 'b', scores })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json().ErrorCode).toBe('AlreadyEvaluated');
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.accountId, second.accountId), eq(notifications.type, 3)));
    expect(notes).toHaveLength(1);
    expect(await progressOf(second)).toMatchObject({ status: 4, score: 3 });
  });
});
