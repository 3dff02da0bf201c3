import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts, exerciseProgress, exercises, scormRuntime } from '../../server/db/schema/index.js';
import { seedScorm } from '../../server/db/seed/scorm.js';
import { DiskStorage } from '../../server/files/storage.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The SCORM player's calls: the launch (start or resume), run-time data (cmi) saved and resumed, GET read-only. */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-study-scorm-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const h = studyHelpers(t);
let data: Awaited<ReturnType<typeof h.course>>;
let scormId: number;
let base: string;
let student: SignedIn;
let other: SignedIn;

const call = (who: SignedIn | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? who.headers : {}, payload: payload as object });
const runtime = (who: SignedIn) => call(who, 'POST', `${base}/launch`);
const save = (who: SignedIn, body: unknown) => call(who, 'PUT', `${base}/runtime`, body);
const progressOf = async (accountId: number, exerciseId = scormId) =>
  (await t.db.select().from(exerciseProgress).where(and(eq(exerciseProgress.accountId, accountId), eq(exerciseProgress.exerciseId, exerciseId))))[0];

/** A second SCORM exercise of the same program, its manifest saying 2004. */
async function scorm2004(): Promise<string> {
  const id = await seedScorm(t.db, new DiskStorage(join(dataDir, 'files')), { programId: data.program.id, lessonIds: [data.exercise.lessonId, data.exercise.lessonId], exercises: { lecture: 0, test: 0, webinar: 0 } });
  const [row] = await t.db.select().from(exercises).where(eq(exercises.id, id));
  await t.db.update(exercises).set({ scormManifest: { ...row.scormManifest, version: '2004' } }).where(eq(exercises.id, id));
  return `/api/trainings/${data.course.id}/exercises/${id}/scorm`;
}

beforeAll(async () => {
  data = await h.course();
  scormId = await seedScorm(t.db, new DiskStorage(join(dataDir, 'files')), {
    programId: data.program.id,
    lessonIds: [data.exercise.lessonId, data.exercise.lessonId],
    exercises: { lecture: data.lecture.id, test: data.exercise.id, webinar: 0 },
  });
  base = `/api/trainings/${data.course.id}/exercises/${scormId}/scorm`;
  student = await t.signIn('Students', { firstName: 'Анна', lastName: 'Иванова' });
  other = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
});

describe('guards', () => {
  it('needs a signed-in student', async () => {
    const teacher = await t.signIn('Instructors');
    for (const [method, url, body] of [
      ['GET', `${base}/runtime`, undefined],
      ['POST', `${base}/launch`, undefined],
      ['PUT', `${base}/runtime`, { sessionId: 1, cmi: {} }],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      expect((await call(teacher, method, url, body)).statusCode).toBe(403);
    }
  });

  it('answers 404 outside the enrolment, and for an exercise that is not SCORM', async () => {
    const stranger = await t.signIn('Students');
    const r = await runtime(stranger);
    expect(r.statusCode).toBe(404);
    expect(r.json().Title).toBeTruthy();
    expect((await call(stranger, 'GET', `${base}/runtime`)).statusCode).toBe(404);
    const notScorm = await call(student, 'POST', `/api/trainings/${data.course.id}/exercises/${data.exercise.id}/scorm/launch`);
    expect(notScorm.statusCode).toBe(404);
    expect(notScorm.json().Title).toMatch(/SCORM/);
  });
});

describe('GET runtime changes nothing', () => {
  it('before the first launch: no attempt, no progress; the launch starts one', async () => {
    const learner = await t.signIn('Students', { firstName: 'Пётр', lastName: 'Сидоров' });
    await h.enrol(data.course.id, learner.accountId);
    const mine = () => t.db.select().from(attempts).where(and(eq(attempts.accountId, learner.accountId), eq(attempts.exerciseId, scormId)));
    for (let i = 0; i < 2; i++) {
      const r = await call(learner, 'GET', `${base}/runtime`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ sessionId: null, attemptStatus: 'not_started', readOnly: false, lessonStatus: 'not attempted', scoId: 'item-1' });
      expect(r.json().cmi.core).toMatchObject({ student_name: 'Сидоров, Пётр', entry: 'ab-initio' });
      expect(r.json()).not.toHaveProperty('contentUrl');
    }
    expect(await mine()).toHaveLength(0);
    expect(await progressOf(learner.accountId)).toBeUndefined();
    const launched = await runtime(learner);
    expect(launched.statusCode, launched.body).toBe(200);
    expect(await mine()).toHaveLength(1);
    expect((await call(learner, 'GET', `${base}/runtime`)).json()).toMatchObject({ sessionId: launched.json().sessionId, attemptStatus: 'in_progress' });
  });

  it('an attempt past its deadline is reported expired, and stays in progress until a write', async () => {
    const learner = await t.signIn('Students');
    await h.enrol(data.course.id, learner.accountId);
    await t.db.update(exercises).set({ timeLimitSeconds: 60 }).where(eq(exercises.id, scormId));
    const { sessionId: sid } = (await runtime(learner)).json();
    await t.db.update(exercises).set({ timeLimitSeconds: null }).where(eq(exercises.id, scormId));
    await h.expire(sid);
    const r = await call(learner, 'GET', `${base}/runtime`);
    expect(r.json()).toMatchObject({ sessionId: sid, attemptStatus: 'expired', readOnly: true });
    expect((await t.db.select().from(attempts).where(eq(attempts.id, sid)))[0].status).toBe('in_progress');
    expect((await runtime(learner)).json()).toMatchObject({ sessionId: sid, attemptStatus: 'expired' });
    expect((await t.db.select().from(attempts).where(eq(attempts.id, sid)))[0].status).toBe('expired');
  });
});

describe('runtime', () => {
  let sessionId: number;

  it('starts an attempt with the learner in the cmi', async () => {
    const r = await runtime(student);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ version: '1.2', launch: 'index.html', launcherUrl: 'http://content.localhost:3000/scorm/launcher', attemptStatus: 'in_progress', readOnly: false, lessonStatus: 'not attempted', scoId: 'item-1' });
    expect(body.contentUrl).toMatch(/^http:\/\/content\.localhost:3000\/scorm\/package\/[\w-]+\.[\w-]+\/index\.html$/);
    expect(body.cmi.core).toMatchObject({ student_id: String(student.accountId), student_name: 'Иванова, Анна', entry: 'ab-initio', lesson_mode: 'normal' });
    sessionId = body.sessionId;
    expect((await runtime(student)).json().sessionId).toBe(sessionId);
  });

  it('saves the cmi (PUT and POST) and resumes with it', async () => {
    const cmi = { suspend_data: 'visits=1', core: { lesson_status: 'incomplete', lesson_location: 'page-1', exit: 'suspend', session_time: '00:01:00', score: { raw: '', max: '100' } } };
    const r = await save(student, { sessionId, scoId: 'item-1', cmi });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ result: true, saved: true, lessonStatus: 'incomplete', progressStatus: 1 });
    expect((await progressOf(student.accountId)).status).toBe(1);
    const again = await call(student, 'POST', `${base}/runtime`, { sessionId: String(sessionId), cmi: { ...cmi, suspend_data: 'visits=2' } });
    expect(again.statusCode, again.body).toBe(200);
    const rows = await t.db.select().from(scormRuntime).where(eq(scormRuntime.attemptId, sessionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scoId: 'item-1', cmi: { suspend_data: 'visits=2' } });

    const resumed = (await runtime(student)).json();
    expect(resumed).toMatchObject({ sessionId, lessonStatus: 'incomplete' });
    expect(resumed.cmi.suspend_data).toBe('visits=2');
    expect(resumed.cmi.core).toMatchObject({ lesson_location: 'page-1', lesson_status: 'incomplete', entry: 'resume', student_id: String(student.accountId) });
    expect(resumed.cmi.core).not.toHaveProperty('exit');
    expect(resumed.cmi.core).not.toHaveProperty('session_time');
  });

  it("another student's session is 404; their own is another one", async () => {
    const r = await save(other, { sessionId, cmi: { core: { lesson_status: 'completed' } } });
    expect(r.statusCode).toBe(404);
    expect(r.json().Description).toBeTruthy();
    const own = (await runtime(other)).json();
    expect(own.sessionId).not.toBe(sessionId);
    expect(own.cmi.core.entry).toBe('ab-initio');
    expect((await progressOf(student.accountId)).status).toBe(1);
  });

  it('refuses malformed cmi', async () => {
    for (const body of [{ sessionId, cmi: 'completed' }, { sessionId, cmi: [1, 2] }, { sessionId }, { cmi: {} }, { sessionId, scoId: 'nope', cmi: {} }, { sessionId, cmi: { suspend_data: 'x'.repeat(600 * 1024) } }]) {
      const r = await save(student, body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json().ErrorCode).toBe('ValidationError');
    }
    expect((await save(student, { sessionId: 'abc', cmi: {} })).statusCode).toBe(404);
  });

  it('completion sets the status and the score scaled to the exercise maximum', async () => {
    const cmi = { suspend_data: 'visits=2', core: { lesson_status: 'completed', lesson_location: 'end', exit: '', score: { raw: '45', min: '0', max: '50' } } };
    const r = await save(student, { sessionId, cmi });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ lessonStatus: 'completed', progressStatus: 4, score: 90, maxScore: 100 });
    const p = await progressOf(student.accountId);
    expect(p).toMatchObject({ status: 4, score: 90, lastAttemptId: sessionId });
    expect(p.completedAt).toBeTruthy();
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, sessionId));
    expect(a).toMatchObject({ score: 90, maxScore: 100 });
    // the course page shows it
    const lessons = (await call(student, 'GET', `/api/students/trainings/${data.course.id}/lessons`)).json() as { exercises: { id: number; status: number; score: number | null }[] }[];
    expect(lessons.flatMap((l) => l.exercises).find((e) => e.id === scormId)).toMatchObject({ status: 4, score: 90 });
    // reopened, the package finds its status (entry '' after a normal exit)
    const resumed = (await runtime(student)).json();
    expect(resumed).toMatchObject({ lessonStatus: 'completed', readOnly: false });
    expect(resumed.cmi.core).toMatchObject({ lesson_status: 'completed', lesson_location: 'end', entry: '' });
  });

  it('an attempt that is over answers 400.16; a retake starts afresh', async () => {
    const restart = await call(student, 'POST', `/api/trainings/${data.course.id}/exercises/${scormId}/restart`);
    expect(restart.statusCode, restart.body).toBe(200);
    const r = await save(student, { sessionId, cmi: { core: { lesson_status: 'incomplete' } } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorCode: '16', Title: 'Активная сессия не найдена' });
    const fresh = (await runtime(student)).json();
    expect(fresh.sessionId).toBe(restart.json().sessionId);
    expect(fresh).toMatchObject({ lessonStatus: 'not attempted' });
    expect(fresh.cmi.core.entry).toBe('ab-initio');
  });

  it('an attempt past its time limit is read-only and refuses saves', async () => {
    await t.db.update(exercises).set({ timeLimitSeconds: 60 }).where(eq(exercises.id, scormId));
    const { sessionId: sid } = (await runtime(other)).json();
    await h.expire(sid);
    const r = await save(other, { sessionId: sid, cmi: { core: { lesson_status: 'incomplete' } } });
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('17');
    const after = (await runtime(other)).json();
    expect(after).toMatchObject({ sessionId: sid, attemptStatus: 'expired', readOnly: true });
    expect(after.cmi.core.lesson_mode).toBe('review');
    await t.db.update(exercises).set({ timeLimitSeconds: null }).where(eq(exercises.id, scormId));
  });
});

describe('SCORM 2004', () => {
  it('reads completion, success and the scaled score', async () => {
    const url = await scorm2004();
    const start = await call(student, 'POST', `${url}/launch`);
    expect(start.json()).toMatchObject({ version: '2004', lessonStatus: 'not attempted' });
    expect(start.json().cmi).toMatchObject({ learner_id: String(student.accountId), entry: 'ab-initio', mode: 'normal' });
    const sessionId = start.json().sessionId;
    const incomplete = await call(student, 'PUT', `${url}/runtime`, { sessionId, cmi: { completion_status: 'incomplete', success_status: 'unknown', location: 'p2', exit: 'suspend' } });
    expect(incomplete.json()).toMatchObject({ lessonStatus: 'incomplete', progressStatus: 1 });
    const failed = await call(student, 'PUT', `${url}/runtime`, { sessionId, cmi: { completion_status: 'completed', success_status: 'failed', score: { scaled: '0.4', raw: '4', max: '10' } } });
    expect(failed.json()).toMatchObject({ lessonStatus: 'failed', progressStatus: 4, score: 40 });
    const passed = await call(student, 'PUT', `${url}/runtime`, { sessionId, cmi: { completion_status: 'completed', success_status: 'passed', score: { raw: '8', min: '0', max: '10' } } });
    expect(passed.json()).toMatchObject({ lessonStatus: 'passed', progressStatus: 4, score: 80 });
  });
});

describe('submitting a SCORM exercise', () => {
  it('is refused until the package reported a result, then keeps the package score', async () => {
    const learner = await t.signIn('Students');
    await h.enrol(data.course.id, learner.accountId);
    const finish = `/api/trainings/${data.course.id}/exercises/${scormId}/finish`;
    const { sessionId: sid } = (await runtime(learner)).json();
    const early = await call(learner, 'POST', finish);
    expect(early.statusCode).toBe(400);
    expect(early.json().ErrorCode).toBe('SessionNotCompleted');
    expect((await t.db.select().from(attempts).where(eq(attempts.id, sid)))[0].status).toBe('in_progress');
    const cmi = { core: { lesson_status: 'passed', score: { raw: '45', min: '0', max: '50' } } };
    expect((await save(learner, { sessionId: sid, cmi })).statusCode).toBe(200);
    const done = await call(learner, 'POST', finish);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ sessionId: sid, attemptStatus: 'finished', score: 90, maxScore: 100 });
    expect(await progressOf(learner.accountId)).toMatchObject({ status: 4, score: 90 });
  });
});
