import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ItemState, ScormItem } from '../../shared/calls/study/scorm.js';
import { exercises } from '../../server/db/schema/index.js';
import { seedScorm } from '../../server/db/seed/scorm.js';
import { DiskStorage } from '../../server/files/storage.js';
import { parseManifest } from '../../server/modules/programs/scormPackage.js';
import { afterExit, indexTree, navigation, parseRequest, startTarget, type States } from '../../shared/scormSequencing.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 16 item 2: SCORM 2004 sequencing of the fixture seq-2004 — the server's rollup
 * (objectives shared through a global objective, weights, default rules) and the player's
 * sequencing on top of it (control modes, attempt limit, pre/post-condition rules, the
 * package's navigation requests), each rule on its own.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-scorm-seq-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const h = studyHelpers(t);
const manifest = parseManifest(readFileSync(join(import.meta.dirname, '../fixtures/scorm/seq-2004/imsmanifest.xml'), 'utf8'));
const tree = indexTree('2004', manifest.organisation!.root);
let data: Awaited<ReturnType<typeof h.course>>;
let base: string;

const call = (who: SignedIn, method: 'PUT' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, headers: who.headers, payload: payload as object });
const launch = async (who: SignedIn, body?: unknown) => {
  const r = await call(who, 'POST', `${base}/launch`, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { sessionId: number; scoId: string; states: States; cmi: Record<string, unknown>; lessonStatus: string };
};
const commit = async (who: SignedIn, sessionId: number, scoId: string, cmi: unknown) => {
  const r = await call(who, 'PUT', `${base}/runtime`, { sessionId, scoId, cmi });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { states: States; lessonStatus: string; score: number | null };
};

beforeAll(async () => {
  data = await h.course();
  const id = await seedScorm(t.db, new DiskStorage(join(dataDir, 'files')), { programId: data.program.id, lessonIds: [data.exercise.lessonId, data.exercise.lessonId], exercises: { lecture: 0, test: 0, webinar: 0 } });
  await t.db.update(exercises).set({ scormManifest: { ...manifest } }).where(eq(exercises.id, id));
  base = `/api/trainings/${data.course.id}/exercises/${id}/scorm`;
});

describe('the manifest', () => {
  it('gives the sequencing of each item: control modes, limits, rules, rollup, objectives and their maps', () => {
    const module = tree.byId.get('module')!;
    expect(module.seq).toMatchObject({ choice: false, flow: true, forwardOnly: true, rollupObjectiveSatisfied: false, objectiveMeasureWeight: 0 });
    expect(tree.byId.get('posttest')!.seq).toMatchObject({
      attemptLimit: 2,
      pre: [{ action: 'disabled', conditions: [{ condition: 'satisfied', not: true, objective: 'obj-ready' }] }],
      post: [{ action: 'retry', combination: 'all', conditions: [{ condition: 'satisfied', not: true }, { condition: 'attemptLimitExceeded', not: true }] }],
    });
    expect(tree.byId.get('m1')!.seq!.objectives![0]).toMatchObject({ id: 'obj-m1', primary: true, maps: [{ target: 'g-basics', writeSatisfied: true, readSatisfied: false }] });
    expect(tree.root.seq).toMatchObject({ choice: true, flow: true });
  });
});

describe('a sequenced attempt', () => {
  it('follows the rules from the first SCO to the post-test, its retry and the rollup', async () => {
    const s = await t.signIn('Students');
    await h.enrol(data.course.id, s.accountId);
    const first = await launch(s);
    expect(first.scoId).toBe('m1');
    expect(startTarget(tree, first.states)?.id).toBe('m1');
    const sid = first.sessionId;

    // forced flow: within the module no choice, no previous; the post-test is disabled and the bonus hidden until g-basics is satisfied
    let nav = navigation(tree, 'm1', first.states);
    expect(nav).toMatchObject({ next: 'm2', previous: null });
    expect(nav.choice).toMatchObject({ m2: false, posttest: false, bonus: false });
    expect([...nav.hidden]).toEqual(['bonus']);
    expect(afterExit(tree, 'm1', parseRequest('{target=posttest}choice'), first.states)).toEqual({ kind: 'stay' });
    // ...and the server holds the same rules: a launch of the disabled post-test or the hidden bonus is refused
    for (const scoId of ['posttest', 'bonus']) {
      const refused = await call(s, 'POST', `${base}/launch`, { scoId });
      expect(refused.statusCode, scoId).toBe(400);
      expect(refused.json().errors.scoId).toMatch(/правила/i);
    }

    // m1 is passed: the global objective is written, the post-test and the bonus read it
    let states = (await commit(s, sid, 'm1', { completion_status: 'completed', success_status: 'passed' })).states;
    expect(states.posttest.objectives!['obj-ready']).toEqual({ success: 'passed', measure: null, completion: 'unknown' });
    expect(states.bonus.success).toBe('passed');
    nav = navigation(tree, 'm1', states);
    expect(nav.choice).toMatchObject({ posttest: true, bonus: true, m2: false });
    expect(nav.hidden.size).toBe(0);
    // the SCO asks for continue itself (adl.nav.request at Terminate)
    expect(afterExit(tree, 'm1', parseRequest('continue'), states)).toEqual({ kind: 'deliver', id: 'm2', fresh: false });

    expect((await launch(s, { scoId: 'm2' })).scoId).toBe('m2');
    nav = navigation(tree, 'm2', states);
    expect(nav).toMatchObject({ next: 'posttest', previous: null });
    states = (await commit(s, sid, 'm2', { completion_status: 'completed' })).states;
    expect(states.module.completion).toBe('completed');
    expect(afterExit(tree, 'm2', parseRequest('{target=posttest}choice'), states)).toEqual({ kind: 'deliver', id: 'posttest', fresh: false });

    // the post-test fails: the course fails with its score (the module and the bonus weigh 0); the post-condition retries it
    await launch(s, { scoId: 'posttest' });
    let r = await commit(s, sid, 'posttest', { completion_status: 'completed', success_status: 'failed', score: { scaled: '0.3' } });
    expect(r).toMatchObject({ lessonStatus: 'failed', score: 30, states: { org: { success: 'failed', completion: 'completed' } } });
    expect(r.states.org.measure).toBeCloseTo(0.3);
    expect(afterExit(tree, 'posttest', parseRequest(undefined), r.states)).toEqual({ kind: 'deliver', id: 'posttest', fresh: true });
    const retry = await launch(s, { scoId: 'posttest', fresh: true });
    expect(retry.cmi).toMatchObject({ entry: 'ab-initio' });
    expect(retry.cmi.success_status).toBeUndefined();
    expect(retry.states.posttest.attempts).toBe(2);
    // the post-test's objectives start in cmi.objectives, the one reading g-basics with its value
    expect(Object.values(retry.cmi.objectives as object)).toEqual([{ id: 'obj-posttest' }, { id: 'obj-ready', success_status: 'passed' }]);

    // the second attempt passes: the course passes, with its score
    r = await commit(s, sid, 'posttest', { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.9' } });
    expect(r).toMatchObject({ lessonStatus: 'passed', score: 90, states: { org: { success: 'passed', completion: 'completed' } } });
    expect(afterExit(tree, 'posttest', parseRequest(undefined), r.states)).toEqual({ kind: 'stay' });

    // a second failure would not retry: the attempt limit is reached, and the post-test can no longer be chosen
    const failedAgain: States = { ...r.states, posttest: { ...r.states.posttest, success: 'failed' } };
    expect(afterExit(tree, 'posttest', parseRequest(undefined), failedAgain)).toEqual({ kind: 'stay' });
    expect(navigation(tree, 'bonus', failedAgain).choice.posttest).toBe(false);

    // the bonus, once chosen, starts with the global objective in its primary objective
    const bonus = await launch(s, { scoId: 'bonus' });
    expect(bonus.cmi).toMatchObject({ success_status: 'passed', objectives: { 0: { id: 'obj-bonus', success_status: 'passed' } } });
  });

  it('ends on exitAll and suspendAll, and stays on a choice the rules refuse', () => {
    const states: States = {};
    expect(afterExit(tree, 'm1', parseRequest('exitAll'), states)).toEqual({ kind: 'end', reason: 'exitAll' });
    expect(afterExit(tree, 'm1', parseRequest('suspendAll'), states)).toEqual({ kind: 'end', reason: 'suspendAll' });
    expect(afterExit(tree, 'm2', parseRequest('previous'), states)).toEqual({ kind: 'stay' });
    expect(afterExit(tree, 'm1', parseRequest('{target=m2}choice'), states)).toEqual({ kind: 'stay' });
  });
});

/** Small trees for the rules the fixture does not use. */
const sco = (id: string, seq?: ScormItem['seq']): ScormItem => ({ id, title: id, href: `${id}.html`, asset: false, visible: true, children: [], ...(seq ? { seq } : {}) });
const cluster = (id: string, children: ScormItem[], seq?: ScormItem['seq']): ScormItem => ({ id, title: id, href: null, asset: false, visible: true, children, ...(seq ? { seq } : {}) });
const rule = (action: string, condition = 'always', not = false) => ({ action, combination: 'all' as const, conditions: [{ condition, not }] });
const done: ItemState = { completion: 'completed', success: 'unknown', measure: null, attempts: 1 };

describe('rules', () => {
  it('skip: flow passes over a skipped SCO, both ways', () => {
    const t2 = indexTree('2004', cluster('root', [sco('a'), sco('b', { pre: [rule('skip')] }), sco('c')], { flow: true }));
    expect(navigation(t2, 'a', {})).toMatchObject({ next: 'c' });
    expect(navigation(t2, 'c', {})).toMatchObject({ previous: 'a' });
  });

  it('disabled: flow stops at a disabled SCO; choice refuses it', () => {
    const t2 = indexTree('2004', cluster('root', [sco('a'), sco('b', { pre: [rule('disabled', 'completed', true)] }), sco('c')], { flow: true }));
    expect(navigation(t2, 'a', {})).toMatchObject({ next: null, choice: { b: false, c: true } });
    expect(navigation(t2, 'a', { b: done })).toMatchObject({ next: 'b', choice: { b: true } });
  });

  it('flow off: no continue or previous, choice only (the SN default)', () => {
    const t2 = indexTree('2004', cluster('root', [sco('a'), sco('b')]));
    expect(navigation(t2, 'a', {})).toMatchObject({ next: null, previous: null, choice: { b: true } });
  });

  it('exitParent climbs to the cluster, whose continue leaves it; exitAll ends; continue and previous replace the request', () => {
    const t2 = indexTree('2004', cluster('root', [cluster('m', [sco('a', { post: [rule('exitParent', 'completed')] }), sco('b')], { flow: true }), sco('c')], { flow: true }));
    expect(afterExit(t2, 'a', parseRequest('continue'), { a: done })).toEqual({ kind: 'deliver', id: 'c', fresh: false });
    expect(afterExit(t2, 'a', parseRequest('continue'), {})).toEqual({ kind: 'deliver', id: 'b', fresh: false });
    const t3 = indexTree('2004', cluster('root', [sco('a', { post: [rule('exitAll', 'completed')] }), sco('b', { post: [rule('previous')] }), sco('c')], { flow: true }));
    expect(afterExit(t3, 'a', parseRequest('continue'), { a: done })).toEqual({ kind: 'end', reason: 'exitAll' });
    expect(afterExit(t3, 'b', parseRequest('continue'), {})).toEqual({ kind: 'deliver', id: 'a', fresh: false });
  });

  it('SCORM 1.2: every SCO may be chosen, previous and next follow the tree', () => {
    const t2 = indexTree('1.2', cluster('root', [sco('a'), cluster('p', [sco('b'), sco('c')])]));
    expect(navigation(t2, 'b', {})).toMatchObject({ next: 'c', previous: 'a', choice: { a: true, c: true, p: true } });
    expect(afterExit(t2, 'c', parseRequest(undefined), {})).toEqual({ kind: 'stay' });
  });
});
