import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, enrolments, exerciseProgress, exercises, scormRuntime } from '../../server/db/schema/index.js';
import { parseManifest } from '../../server/modules/programs/scormPackage.js';
import { scoOutcome } from '../../server/modules/study/scoOutcome.js';
import { resumeCmi } from '../../server/modules/study/scormRuntime.js';
import { zipFixture } from '../fixtures/scorm/zip.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { multipart, programHelpers } from './support/programs.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 16 items 3–5: the status and score rules of SCORM 1.2 and 2004 applied by the server
 * (LMSFinish without a status, mastery score, completion threshold, scaled passing score), the
 * manifest's data handed to the package, failed shown as failed, commits as text/plain
 * (sendBeacon), and the upload's summary and refusals. Packages: tests/fixtures/scorm/rules-*.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-scorm-rules-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const { call } = programHelpers(t);
const h = studyHelpers(t);

let author: SignedIn;
let student: SignedIn;
let programId: number;
let lessonId: number;
let courseId: number;
const exerciseOf: Record<string, number> = {};

const createUrl = () => `/api/instructors/Courses/${programId}/Lessons/${lessonId}/Exercises/Create/SCORM`;
async function upload(content: Buffer, headers: Record<string, string> = {}) {
  const body = multipart({ label: 'SCORM', exerciseType: '20' }, { filename: 'package.zip', content });
  return t.app.inject({ method: 'POST', url: createUrl(), payload: body.payload, headers: { ...author.headers, ...body.headers, ...headers } });
}
const base = (name: string) => `/api/trainings/${courseId}/exercises/${exerciseOf[name]}`;
const launch = async (name: string, who = student) => {
  const r = await call(who, 'POST', `${base(name)}/scorm/launch`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const commit = (name: string, body: unknown, who = student) => call(who, 'POST', `${base(name)}/scorm/runtime`, body);
const progressOf = async (name: string, accountId = student.accountId) =>
  (await t.db.select().from(exerciseProgress).where(and(eq(exerciseProgress.accountId, accountId), eq(exerciseProgress.exerciseId, exerciseOf[name]))))[0];
const courseExercise = async (name: string, who = student) => {
  const lessons = (await call(who, 'GET', `/api/students/trainings/${courseId}/lessons`)).json() as { status: string; exercises: { id: number; status: number; failed: boolean; score: number | null }[] }[];
  return { lesson: lessons[0], exercise: lessons.flatMap((l) => l.exercises).find((e) => e.id === exerciseOf[name])! };
};
async function newStudent() {
  const s = await t.signIn('Students');
  await h.enrol(courseId, s.accountId);
  return s;
}

beforeAll(async () => {
  author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  programId = (await call(author, 'POST', '/api/Instructors/Courses/Create', { label: 'SCORM rules', description: 'x' })).json().id;
  lessonId = (await call(author, 'POST', `/api/Instructors/Courses/${programId}/Lessons/Create`, { label: 'Урок' })).json().id;
  for (const name of ['rules-mastery12', 'rules-nostatus12', 'rules-2004']) {
    const r = await upload(await zipFixture(name));
    expect(r.statusCode, r.body).toBe(201);
    exerciseOf[name] = r.json().id;
    // scored by the package (a completed result is status 4, as in study-scorm.test.ts)
    await t.db.update(exercises).set({ completionCondition: 20 }).where(eq(exercises.id, exerciseOf[name]));
  }
  const [c] = await t.db
    .insert(courses)
    .values({ programId, label: 'Курс', isPublished: true, begin: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 30 * 86_400_000) })
    .returning();
  courseId = c.id;
  student = await newStudent();
});

describe('upload: summary and refusals', () => {
  it('summarises version, edition, SCO count and sequencing to the instructor', async () => {
    const info = async (name: string) => (await call(author, 'GET', `/api/instructors/Courses/${programId}/Exercises/${exerciseOf[name]}/Info`)).json().scorm;
    expect(await info('rules-mastery12')).toMatchObject({ version: '1.2', edition: '1.2', scoCount: 1, sequencing: false, launch: 'quiz.html' });
    expect(await info('rules-2004')).toMatchObject({ version: '2004', edition: '2004 4th', scoCount: 2, sequencing: true, launch: 'lesson.html' });
    // the upload's own answer carries it too
    const r = await upload(await zipFixture('rules-nostatus12'));
    expect(r.json().scorm).toMatchObject({ version: '1.2', scoCount: 1, sequencing: false });
  });

  it('reads the edition from schemaversion, and each SCO’s rules and launch data from the manifest', () => {
    const xml = (schemaversion: string, item: string) => `<manifest xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
      <metadata><schemaversion>${schemaversion}</schemaversion></metadata>
      <organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r">${item}</item></organization></organizations>
      <resources><resource identifier="r" href="a.html"/></resources></manifest>`;
    const third = parseManifest(xml('2004 3rd Edition', '<adlcp:completionThreshold>0.75</adlcp:completionThreshold><adlcp:dataFromLMS>007</adlcp:dataFromLMS>'));
    expect(third).toMatchObject({ version: '2004', edition: '2004 3rd', hasSequencing: false });
    expect(third.scos[0]).toMatchObject({ completionThreshold: 0.75, dataFromLms: '007', masteryScore: null, scaledPassingScore: null });
    // 4th edition: the measure counts only when completedByMeasure is true
    expect(parseManifest(xml('2004 4th Edition', '<adlcp:completionThreshold minProgressMeasure="0.5"/>')).scos[0].completionThreshold).toBeNull();
    expect(parseManifest(xml('CAM 1.3', '')).edition).toBe('2004 2nd');
    const mastery = parseManifest((zipFixtureManifest12));
    expect(mastery.scos[0]).toMatchObject({ masteryScore: 80, dataFromLms: 'mode=exam;lang=ru' });
  });

  it('refuses a package whose manifest names a launch file the zip lacks, naming the file', async () => {
    const r = await upload(await zipFixture('rules-2004', { omit: ['test.html'] }));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorCode: 'FileUpload.DataError' });
    expect(r.json().Description).toBe('В пакете нет файла test.html, который imsmanifest.xml называет стартовой страницей');
  });

  it('answers in the interface language (the elp_lang cookie), not the browser’s', async () => {
    const r = await upload(await zipFixture('rules-2004', { omit: ['test.html'] }), { cookie: `${author.headers.cookie}; elp_lang=en`, 'accept-language': 'ru-RU,ru' });
    expect(r.json().Description).toBe('The package has no file test.html, which imsmanifest.xml names as a launch page');
  });
});

const zipFixtureManifest12 = `<manifest xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"><adlcp:masteryscore>80</adlcp:masteryscore><adlcp:datafromlms>mode=exam;lang=ru</adlcp:datafromlms></item></organization></organizations>
  <resources><resource identifier="r" href="quiz.html"/></resources></manifest>`;

describe('SCORM 1.2: LMSFinish without a status', () => {
  it('is completed by the server; the final commit may come as text/plain (sendBeacon) and «Завершить» then works', async () => {
    const learner = await newStudent();
    const { sessionId } = await launch('rules-nostatus12', learner);
    const cmi = { core: { lesson_status: 'not attempted', lesson_location: 'page-1', exit: '' } };
    const during = await commit('rules-nostatus12', { sessionId, cmi }, learner);
    expect(during.json()).toMatchObject({ lessonStatus: 'not attempted', progressStatus: 1 });
    const finish = `/api/trainings/${courseId}/exercises/${exerciseOf['rules-nostatus12']}/finish`;
    expect((await call(learner, 'POST', finish)).json().ErrorCode).toBe('SessionNotCompleted');

    const beacon = await t.app.inject({
      method: 'POST',
      url: `${base('rules-nostatus12')}/scorm/runtime`,
      headers: { ...learner.headers, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ sessionId, cmi, final: true }),
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
    expect(beacon.json()).toMatchObject({ lessonStatus: 'completed', progressStatus: 4 });
    const [row] = await t.db.select().from(scormRuntime).where(eq(scormRuntime.attemptId, sessionId));
    expect(row.cmi).toMatchObject({ core: { lesson_status: 'completed', lesson_location: 'page-1' } });
    const done = await call(learner, 'POST', finish);
    expect(done.statusCode, done.body).toBe(200);
    expect(await progressOf('rules-nostatus12', learner.accountId)).toMatchObject({ status: 4, failed: false });
  });

  it('a text/plain commit must still be JSON of the commit’s shape; other routes refuse text/plain', async () => {
    const learner = await newStudent();
    const { sessionId } = await launch('rules-nostatus12', learner);
    const send = (url: string, payload: string) => t.app.inject({ method: 'POST', url, headers: { ...learner.headers, 'content-type': 'text/plain' }, payload });
    expect((await send(`${base('rules-nostatus12')}/scorm/runtime`, 'cmi=1')).json().ErrorCode).toBe('InvalidJson');
    expect((await send(`${base('rules-nostatus12')}/scorm/runtime`, JSON.stringify({ sessionId, cmi: 'x' }))).statusCode).toBe(400);
    const elsewhere = await send(`${base('rules-nostatus12')}/finish`, '{}');
    expect(elsewhere.statusCode).toBe(415);
    expect((await send(`${base('rules-nostatus12')}/scorm/launch`, '{}')).statusCode).toBe(415);
  });
});

describe('SCORM 1.2: mastery score', () => {
  it('is handed to the package with the launch data', async () => {
    const r = await launch('rules-mastery12');
    expect(r.cmi.student_data).toMatchObject({ mastery_score: '80' });
    expect(r.cmi.launch_data).toBe('mode=exam;lang=ru');
  });

  it('judges a reported result by the score: "passed" at 40 of mastery 80 is failed — shown failed, not done, not counted', async () => {
    const learner = await newStudent();
    const { sessionId } = await launch('rules-mastery12', learner);
    // a score set on the way (still incomplete) is not judged yet
    const midway = await commit('rules-mastery12', { sessionId, cmi: { core: { lesson_status: 'incomplete', score: { raw: '40', max: '100' } } } }, learner);
    expect(midway.json()).toMatchObject({ lessonStatus: 'incomplete', progressStatus: 1 });
    const r = await commit('rules-mastery12', { sessionId, cmi: { core: { lesson_status: 'passed', score: { raw: '40', max: '100' } } } }, learner);
    expect(r.json()).toMatchObject({ lessonStatus: 'failed', progressStatus: 4, score: 40 });
    expect(await progressOf('rules-mastery12', learner.accountId)).toMatchObject({ status: 4, failed: true, score: 40 });
    // the course page: failed, the lesson not completed; the course's progress does not count it
    const { lesson, exercise } = await courseExercise('rules-mastery12', learner);
    expect(exercise).toMatchObject({ status: 4, failed: true });
    expect(lesson.status).not.toBe('completed');
    const description = (await call(learner, 'GET', `/api/students/trainings/${courseId}/description`)).json();
    expect(description.progress).toMatchObject({ completed: 0 });
    // Continue leads back to it: failed is not done
    expect(description.nextExercise).toMatchObject({ exerciseId: exerciseOf['rules-mastery12'] });
    const [enrolment] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, learner.accountId)));
    expect(enrolment.progress).toBe(0);
    // the player's runtime reads it failed too
    expect((await call(learner, 'GET', `${base('rules-mastery12')}/scorm/runtime`)).json().lessonStatus).toBe('failed');

    // a score at the mastery score passes, and counts
    const passed = await commit('rules-mastery12', { sessionId, cmi: { core: { lesson_status: 'completed', score: { raw: '80', max: '100' } } } }, learner);
    expect(passed.json()).toMatchObject({ lessonStatus: 'passed', progressStatus: 4, score: 80 });
    expect((await courseExercise('rules-mastery12', learner)).exercise).toMatchObject({ status: 4, failed: false });
    expect((await call(learner, 'GET', `/api/students/trainings/${courseId}/description`)).json().nextExercise).toMatchObject({ exerciseId: exerciseOf['rules-nostatus12'] });
    const [after] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, learner.accountId)));
    expect(after.progress).toBeGreaterThan(0);
  });

  it('LMSFinish without a status but with a score: passed or failed by the mastery score', async () => {
    const learner = await newStudent();
    const { sessionId } = await launch('rules-mastery12', learner);
    const r = await commit('rules-mastery12', { sessionId, final: true, cmi: { core: { lesson_status: 'not attempted', score: { raw: '50' } } } }, learner);
    expect(r.json()).toMatchObject({ lessonStatus: 'failed', progressStatus: 4, score: 50 });
    const [row] = await t.db.select().from(scormRuntime).where(eq(scormRuntime.attemptId, sessionId));
    expect(row.cmi).toMatchObject({ core: { lesson_status: 'failed' } });
  });
});

describe('SCORM 2004: completion threshold and scaled passing score', () => {
  it('hands the threshold and launch data to the package', async () => {
    const r = await launch('rules-2004');
    expect(r).toMatchObject({ version: '2004', scoId: 'lesson' });
    expect(r.cmi).toMatchObject({ completion_threshold: '0.8', launch_data: 'chapter=1' });
    expect(r.cmi).not.toHaveProperty('scaled_passing_score');
    // the post-test's scaled passing score goes with its own cmi
    const test = resumeCmi('2004', {}, { id: 1, firstName: 'А', lastName: 'Б' }, false, { masteryScore: null, scaledPassingScore: 0.6, completionThreshold: null, dataFromLms: null });
    expect(test).toMatchObject({ scaled_passing_score: '0.6' });
  });

  it('completion follows the progress measure against the threshold', async () => {
    const learner = await newStudent();
    const { sessionId } = await launch('rules-2004', learner);
    const below = await commit('rules-2004', { sessionId, cmi: { completion_status: 'completed', progress_measure: '0.5' } }, learner);
    expect(below.json()).toMatchObject({ lessonStatus: 'incomplete', progressStatus: 1, states: { lesson: { completion: 'incomplete' } } });
    const above = await commit('rules-2004', { sessionId, cmi: { completion_status: 'incomplete', progress_measure: '0.85' } }, learner);
    // the lesson is completed; the exercise (rolled up from both SCOs) waits for the post-test
    expect(above.json()).toMatchObject({ lessonStatus: 'incomplete', progressStatus: 1, states: { lesson: { completion: 'completed' } } });
    const test = await commit('rules-2004', { sessionId, scoId: 'test', cmi: { completion_status: 'completed' } }, learner);
    expect(test.json()).toMatchObject({ lessonStatus: 'completed', progressStatus: 4 });
  });

  it('success follows the scaled score against the scaled passing score', async () => {
    const learner = await newStudent();
    const { sessionId } = await launch('rules-2004', learner);
    const failed = await commit('rules-2004', { sessionId, scoId: 'test', cmi: { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.4' } } }, learner);
    expect(failed.json()).toMatchObject({ lessonStatus: 'failed', progressStatus: 4, score: 40 });
    expect(await progressOf('rules-2004', learner.accountId)).toMatchObject({ failed: true });
    const passed = await commit('rules-2004', { sessionId, scoId: 'test', cmi: { completion_status: 'completed', success_status: 'failed', score: { scaled: '0.6' } } }, learner);
    expect(passed.json()).toMatchObject({ lessonStatus: 'passed', score: 60 });
  });

  it('scoOutcome: without a scaled score the passing score leaves success unknown; without rules the package decides', () => {
    expect(scoOutcome('2004', { success_status: 'passed' }, { scaledPassingScore: 0.6 })).toMatchObject({ success: 'unknown' });
    expect(scoOutcome('2004', { success_status: 'passed', completion_status: 'completed' }, {})).toEqual({ completion: 'completed', success: 'passed', scoreScaled: null });
    expect(scoOutcome('2004', { completion_status: 'completed' }, { completionThreshold: 0.8 })).toMatchObject({ completion: 'completed' });
    expect(scoOutcome('1.2', { core: { lesson_status: 'passed', score: { raw: '8', max: '10' } } }, {})).toEqual({ completion: 'completed', success: 'passed', scoreScaled: 0.8 });
  });
});
