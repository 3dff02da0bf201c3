import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exerciseProgress, exercises, scormRuntime } from '../../server/db/schema/index.js';
import { seedScorm } from '../../server/db/seed/scorm.js';
import { DiskStorage } from '../../server/files/storage.js';
import { parseManifest } from '../../server/modules/programs/scormPackage.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 16 item 1: every SCO of a SCORM 1.2 package plays with its own run-time data; the
 * launch lands in the SCO last played at its saved location; the exercise's status and score
 * are rolled up from all SCOs (completed only when every SCO is; the score the mean of the
 * SCOs that report one).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-scorm-multi-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const h = studyHelpers(t);
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/scorm', name, 'imsmanifest.xml'), 'utf8');
let data: Awaited<ReturnType<typeof h.course>>;
let base: string;
let exerciseId: number;

const call = (who: SignedIn, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, headers: who.headers, payload: payload as object });
const launch = (who: SignedIn, body?: unknown) => call(who, 'POST', `${base}/launch`, body);
const commit = (who: SignedIn, sessionId: number, scoId: string, cmi: unknown) => call(who, 'PUT', `${base}/runtime`, { sessionId, scoId, cmi });
const progressOf = async (accountId: number) =>
  (await t.db.select().from(exerciseProgress).where(and(eq(exerciseProgress.accountId, accountId), eq(exerciseProgress.exerciseId, exerciseId))))[0];

async function student(): Promise<SignedIn> {
  const s = await t.signIn('Students', { firstName: 'Анна', lastName: 'Иванова' });
  await h.enrol(data.course.id, s.accountId);
  return s;
}

beforeAll(async () => {
  data = await h.course();
  exerciseId = await seedScorm(t.db, new DiskStorage(join(dataDir, 'files')), { programId: data.program.id, lessonIds: [data.exercise.lessonId, data.exercise.lessonId], exercises: { lecture: 0, test: 0, webinar: 0 } });
  await t.db.update(exercises).set({ scormManifest: { ...parseManifest(fixture('multi-12')) } }).where(eq(exercises.id, exerciseId));
  base = `/api/trainings/${data.course.id}/exercises/${exerciseId}/scorm`;
});

describe('the organisation', () => {
  it('is read from the manifest as a tree: clusters, SCOs with their parameters, visibility', () => {
    const m = parseManifest(fixture('multi-12'));
    const root = m.organisation!.root;
    expect(root).toMatchObject({ id: 'org', title: 'Multi-SCO course', href: null });
    expect(root.children.map((c) => c.id)).toEqual(['intro', 'part']);
    expect(root.children[0]).toMatchObject({ title: 'Introduction', href: 'sco.html?sco=intro', visible: true, children: [] });
    expect(root.children[1]).toMatchObject({ title: 'Part one', href: null });
    expect(root.children[1].children.map((c) => [c.id, c.href])).toEqual([['lesson', 'sco.html?sco=lesson'], ['quiz', 'quiz/quiz.html']]);
    const hidden = parseManifest(fixture('multi-12').replace('<item identifier="part" isvisible="true">', '<item identifier="part" isvisible="false">'));
    expect(hidden.organisation!.root.children[1].visible).toBe(false);
  });
});

describe('several SCOs', () => {
  it('play each with its own data; the launch resumes the SCO last played at its location', async () => {
    const s = await student();
    const first = (await launch(s)).json();
    expect(first).toMatchObject({ scoId: 'intro', launch: 'sco.html?sco=intro', lessonStatus: 'not attempted' });
    expect(first.contentUrl).toMatch(/\/sco\.html\?sco=intro$/);
    expect(first.organisation.root.children).toHaveLength(2);
    const sid = first.sessionId as number;
    // the intro sets no status (the runtime completes it at LMSFinish) and a location
    expect((await commit(s, sid, 'intro', { core: { lesson_location: 'intro-2', exit: 'suspend', lesson_status: 'completed' }, suspend_data: 'seen' })).json()).toMatchObject({ lessonStatus: 'incomplete', states: { intro: { completion: 'completed' }, lesson: { completion: 'not attempted' } } });

    const lesson = (await launch(s, { scoId: 'lesson' })).json();
    expect(lesson).toMatchObject({ sessionId: sid, scoId: 'lesson', launch: 'sco.html?sco=lesson', cmi: { core: { entry: 'ab-initio' } } });
    expect(lesson.cmi.core.lesson_location).toBeUndefined();
    expect(lesson.contentUrl).toMatch(/\/sco\.html\?sco=lesson$/);
    await commit(s, sid, 'lesson', { core: { lesson_location: 'l-5', exit: 'suspend', lesson_status: 'incomplete' } });

    // back later: the lesson, where it was left; the intro keeps its own data
    const resumed = (await launch(s)).json();
    expect(resumed).toMatchObject({ scoId: 'lesson', cmi: { core: { lesson_location: 'l-5', entry: 'resume' } } });
    const intro = (await launch(s, { scoId: 'intro' })).json();
    expect(intro).toMatchObject({ scoId: 'intro', cmi: { suspend_data: 'seen', core: { lesson_location: 'intro-2', entry: 'resume' } } });
    expect((await call(s, 'GET', `${base}/runtime`)).json()).toMatchObject({ scoId: 'intro' });
    const rows = await t.db.select().from(scormRuntime).where(eq(scormRuntime.attemptId, sid));
    expect(rows.map((r) => r.scoId).sort()).toEqual(['#nav', 'intro', 'lesson']);
  });

  it('complete the exercise only when every SCO is done; the score is the mean of the SCOs that report one', async () => {
    const s = await student();
    const sid = (await launch(s)).json().sessionId as number;
    await commit(s, sid, 'intro', { core: { lesson_status: 'completed' } });
    const quiz = (await commit(s, sid, 'quiz', { core: { lesson_status: 'passed', score: { raw: '80', min: '0', max: '100' } } })).json();
    expect(quiz).toMatchObject({ lessonStatus: 'incomplete', score: null });
    expect((await progressOf(s.accountId)).status).toBe(1);
    const done = (await commit(s, sid, 'lesson', { core: { lesson_status: 'completed' } })).json();
    expect(done).toMatchObject({ lessonStatus: 'passed', score: 80, maxScore: 100, states: { org: { completion: 'completed', success: 'passed' }, part: { completion: 'completed' } } });
    expect((await progressOf(s.accountId)).status).not.toBe(1);
  });

  it('fail the exercise when every SCO reported and one failed', async () => {
    const s = await student();
    const sid = (await launch(s)).json().sessionId as number;
    await commit(s, sid, 'intro', { core: { lesson_status: 'completed' } });
    await commit(s, sid, 'lesson', { core: { lesson_status: 'completed', score: { raw: '100' } } });
    const r = (await commit(s, sid, 'quiz', { core: { lesson_status: 'failed', score: { raw: '40' } } })).json();
    expect(r).toMatchObject({ lessonStatus: 'failed', score: 70 });
  });

  it('refuse a SCO the package does not have', async () => {
    const s = await student();
    const sid = (await launch(s)).json().sessionId as number;
    expect((await launch(s, { scoId: 'nope' })).statusCode).toBe(400);
    expect((await commit(s, sid, 'nope', { core: {} })).statusCode).toBe(400);
    expect((await commit(s, sid, '#nav', { current: 'quiz' })).statusCode).toBe(400);
  });
});
