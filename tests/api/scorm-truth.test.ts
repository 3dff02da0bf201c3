import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exercises } from '../../server/db/schema/index.js';
import { seedScorm } from '../../server/db/seed/scorm.js';
import { DiskStorage } from '../../server/files/storage.js';
import { parseManifest } from '../../server/modules/programs/scormPackage.js';
import { afterExit, indexTree, navigation, parseRequest, type States } from '../../shared/scormSequencing.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 29 item 4, the server's side of "SCORM truth": shared sequencing collections (IDRef),
 * the 4th edition's completion maps (adlseq:objectives) and rule conditions on the referenced
 * objective, jump requests, cmi.objectives started with the objectives the manifest declares.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-scorm-truth-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const h = studyHelpers(t);
let data: Awaited<ReturnType<typeof h.course>>;

const NS = `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"`;
const doc = (org: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m" ${NS}>
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Course</title>${org}</organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="sco.html"><file href="sco.html"/></resource></resources>
  ${extra}
</manifest>`;
const item = (id: string, seq = '') => `<item identifier="${id}" identifierref="r" parameters="?sco=${id}"><title>${id}</title>${seq}</item>`;

/**
 * A course whose four content SCOs share a sequencing that keeps them out of the score and of
 * the satisfied rollup ("this course doesn't rollup a score" but from its test); one content
 * SCO adds rules of its own over the shared ones.
 */
const collectionManifest = doc(
  [
    item('c1', '<imsss:sequencing IDRef="content"><imsss:limitConditions attemptLimit="3"/></imsss:sequencing>'),
    item('c2', '<imsss:sequencing IDRef="content"/>'),
    item('c3', '<imsss:sequencing IDRef="content"/>'),
    item('c4', '<imsss:sequencing IDRef="content"/>'),
    item('test', '<imsss:sequencing IDRef="test"/>'),
    '<imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>',
  ].join(''),
  `<imsss:sequencingCollection>
    <imsss:sequencing ID="content">
      <imsss:limitConditions attemptLimit="1"/>
      <imsss:rollupRules rollupObjectiveSatisfied="false" objectiveMeasureWeight="0"/>
    </imsss:sequencing>
    <imsss:sequencing ID="test">
      <imsss:objectives><imsss:primaryObjective objectiveID="test-pass" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives>
    </imsss:sequencing>
  </imsss:sequencingCollection>`,
);

/**
 * 4th edition: the intro writes its completion to a global objective; the main part is disabled
 * until the objective that reads it is completed; the extra part is hidden from choice (a jump
 * reaches it).
 */
const completionManifest = doc(
  [
    item('intro', `<imsss:sequencing>
      <imsss:objectives><imsss:primaryObjective objectiveID="intro-done"/></imsss:objectives>
      <adlseq:objectives><adlseq:objective objectiveID="intro-done"><adlseq:mapInfo targetObjectiveID="g-intro" writeCompletionStatus="true"/></adlseq:objective></adlseq:objectives>
    </imsss:sequencing>`),
    item('main', `<imsss:sequencing>
      <imsss:sequencingRules><imsss:preConditionRule>
        <imsss:ruleConditions><imsss:ruleCondition referencedObjective="intro-seen" operator="not" condition="completed"/></imsss:ruleConditions>
        <imsss:ruleAction action="disabled"/>
      </imsss:preConditionRule></imsss:sequencingRules>
      <imsss:objectives><imsss:primaryObjective objectiveID="main-obj"/><imsss:objective objectiveID="intro-seen"/></imsss:objectives>
      <adlseq:objectives><adlseq:objective objectiveID="intro-seen"><adlseq:mapInfo targetObjectiveID="g-intro" readCompletionStatus="true"/></adlseq:objective></adlseq:objectives>
    </imsss:sequencing>`),
    item('extra', `<imsss:sequencing><imsss:sequencingRules><imsss:preConditionRule>
      <imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions><imsss:ruleAction action="hiddenFromChoice"/>
    </imsss:preConditionRule></imsss:sequencingRules></imsss:sequencing>`),
    '<imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing>',
  ].join(''),
);

async function exerciseWith(xml: string): Promise<string> {
  const id = await seedScorm(t.db, new DiskStorage(join(dataDir, 'files')), { programId: data.program.id, lessonIds: [data.exercise.lessonId, data.exercise.lessonId], exercises: { lecture: 0, test: 0, webinar: 0 } });
  await t.db.update(exercises).set({ scormManifest: { ...parseManifest(xml) } }).where(eq(exercises.id, id));
  return `/api/trainings/${data.course.id}/exercises/${id}/scorm`;
}

const call = (who: SignedIn, method: 'PUT' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, headers: who.headers, payload: payload as object });
async function launch(who: SignedIn, base: string, body?: unknown) {
  const r = await call(who, 'POST', `${base}/launch`, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { sessionId: number; scoId: string; states: States; cmi: Record<string, unknown> };
}
async function commit(who: SignedIn, base: string, sessionId: number, scoId: string, cmi: unknown) {
  const r = await call(who, 'PUT', `${base}/runtime`, { sessionId, scoId, cmi });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { states: States; lessonStatus: string; score: number | null };
}
async function student() {
  const s = await t.signIn('Students');
  await h.enrol(data.course.id, s.accountId);
  return s;
}

beforeAll(async () => {
  data = await h.course();
});

describe('sequencing collections', () => {
  it('an item referring to a shared sequencing (IDRef) has its rules, with its own elements over them', () => {
    const root = parseManifest(collectionManifest).organisation!.root;
    const [c1, c2, , , test] = root.children;
    expect(c2.seq).toMatchObject({ attemptLimit: 1, rollupObjectiveSatisfied: false, objectiveMeasureWeight: 0 });
    expect(c1.seq).toMatchObject({ attemptLimit: 3, rollupObjectiveSatisfied: false, objectiveMeasureWeight: 0 });
    expect(test.seq!.objectives![0]).toMatchObject({ id: 'test-pass', primary: true, satisfiedByMeasure: true, minNormalizedMeasure: 0.8 });
    // the SCO's passing score comes from the shared primary objective too
    expect(parseManifest(collectionManifest).scos.find((s) => s.identifier === 'test')).toMatchObject({ scaledPassingScore: 0.8 });
  });

  it('shared rules that weigh the content 0 leave the course the test\'s score: 93 % is 93, not 18.6', async () => {
    const base = await exerciseWith(collectionManifest);
    const s = await student();
    const { sessionId } = await launch(s, base);
    const r = await commit(s, base, sessionId, 'test', { completion_status: 'completed', score: { scaled: '0.93' } });
    expect(r).toMatchObject({ lessonStatus: 'passed', score: 93 });
    expect(r.states.org.measure).toBeCloseTo(0.93);
  });
});

describe('4th edition completion maps', () => {
  it('a rule on the referenced objective reads the completion written by another SCO: the package goes on after its first SCO', async () => {
    const manifest = parseManifest(completionManifest);
    const tree = indexTree('2004', manifest.organisation!.root);
    expect(tree.byId.get('main')!.seq!.objectives).toEqual([
      expect.objectContaining({ id: 'main-obj', primary: true, maps: [] }),
      expect.objectContaining({ id: 'intro-seen', maps: [expect.objectContaining({ target: 'g-intro', readCompletion: true, writeCompletion: false, readSatisfied: false })] }),
    ]);
    const base = await exerciseWith(completionManifest);
    const s = await student();
    const first = await launch(s, base);
    expect(first.scoId).toBe('intro');
    expect(navigation(tree, 'intro', first.states)).toMatchObject({ next: null, choice: { main: false } });
    expect((await call(s, 'POST', `${base}/launch`, { scoId: 'main' })).statusCode).toBe(400);

    const { states } = await commit(s, base, first.sessionId, 'intro', { completion_status: 'completed' });
    expect(states.main.objectives!['intro-seen']).toMatchObject({ completion: 'completed' });
    // the main part's own completion is still unknown: the rule reads the objective it names
    expect(states.main.completion).toBe('not attempted');
    expect(navigation(tree, 'intro', states)).toMatchObject({ next: 'main', choice: { main: true } });
    const main = await launch(s, base, { scoId: 'main' });
    expect(main.scoId).toBe('main');
    // cmi.objectives: every objective the activity declares, by id, the one read from the global with its completion
    expect(Object.values(main.cmi.objectives as object)).toEqual([{ id: 'main-obj' }, { id: 'intro-seen', completion_status: 'completed' }]);
  });

  it('cmi.objectives starts with the declared objectives, after what the SCO saved', async () => {
    const base = await exerciseWith(completionManifest);
    const s = await student();
    const first = await launch(s, base);
    expect(Object.values(first.cmi.objectives as object)).toEqual([{ id: 'intro-done' }]);
    await commit(s, base, first.sessionId, 'intro', { objectives: { 0: { id: 'own', success_status: 'passed' } } });
    const again = await launch(s, base, { scoId: 'intro' });
    expect(Object.values(again.cmi.objectives as object)).toEqual([{ id: 'own', success_status: 'passed' }, { id: 'intro-done' }]);
  });
});

describe('jump', () => {
  it('reaches a SCO hidden from choice, on the player\'s side and the server\'s; choice does not', async () => {
    const tree = indexTree('2004', parseManifest(completionManifest).organisation!.root);
    expect(afterExit(tree, 'intro', parseRequest('{target=extra}choice'), {})).toEqual({ kind: 'stay' });
    expect(afterExit(tree, 'intro', parseRequest('{target=extra}jump'), {})).toEqual({ kind: 'deliver', id: 'extra', fresh: false, jump: true });
    // still not past a disabled SCO
    expect(afterExit(tree, 'intro', parseRequest('{target=main}jump'), {})).toEqual({ kind: 'stay' });
    const base = await exerciseWith(completionManifest);
    const s = await student();
    await launch(s, base);
    expect((await call(s, 'POST', `${base}/launch`, { scoId: 'extra' })).statusCode).toBe(400);
    expect((await launch(s, base, { scoId: 'extra', jump: true })).scoId).toBe('extra');
    expect((await call(s, 'POST', `${base}/launch`, { scoId: 'main', jump: true })).statusCode).toBe(400);
  });
});
