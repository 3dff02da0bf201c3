import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answers, attempts } from '../../server/db/schema/index.js';
import type { StudentsJournal } from '../../shared/calls/journal.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 31: answers made without a connection arrive later with the device's clock claim (the last
 * server Date it saw and the time it measured since). The server reckons when each was made: one
 * made before the deadline counts although it arrives after it, one made after it is refused with
 * the expired attempt's message, and both times are kept.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course({ timeLimitSeconds: 600 });
});

async function startedAttempt(): Promise<{ who: SignedIn; sid: number }> {
  const who = await t.signIn('Students');
  await h.enrol(data.course.id, who.accountId);
  const r = await h.call(who, 'POST', `${data.base}/Pages`, { slideId: 'start' });
  expect(r.statusCode, r.body).toBe(200);
  return { who, sid: r.json().sessionId as number };
}

/** A save sent late: made `agoMs` before now by the device's reckoning from a server contact `contactAgoMs` ago. */
const lateSave = (who: SignedIn, sid: number, contactAgoMs: number, elapsedMs: number) =>
  t.app.inject({
    method: 'POST',
    url: `${data.base}/questions/answers/${data.radio.id}/save`,
    headers: {
      ...who.headers,
      'accept-language': 'en',
      'x-elp-server-date': new Date(Date.now() - contactAgoMs).toUTCString(),
      'x-elp-elapsed-ms': String(elapsedMs),
      'x-elp-device-time': new Date().toISOString(),
    },
    payload: { sessionId: sid, optionIds: [data.radioOpts[0].id] },
  });

const saved = (sid: number) => t.db.select().from(answers).where(and(eq(answers.attemptId, sid), eq(answers.slideId, data.radio.id))).then((r) => r[0]);

describe('an answer sent after a connection loss', () => {
  it('made before the deadline counts although it arrives after it, with both times kept', async () => {
    const { who, sid } = await startedAttempt();
    // the deadline passed 60 s ago; the answer was made 120 s ago (contact 180 s ago + 60 s)
    await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - 60_000) }).where(eq(attempts.id, sid));
    const r = await lateSave(who, sid, 180_000, 60_000);
    expect(r.statusCode, r.body).toBe(200);
    const row = await saved(sid);
    expect(row.receivedAt!.getTime() - row.answeredAt!.getTime()).toBeGreaterThanOrEqual(119_000);
    expect(row.receivedAt!.getTime() - row.answeredAt!.getTime()).toBeLessThan(125_000);
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, sid));
    expect(a.status).toBe('in_progress');

    // the students journal marks the student's cell of the test with when the answer was made
    const root = await t.signIn('Root');
    const j = await h.call(root, 'GET', `/api/instructors/trainings/${data.course.id}/StudentsJournal?exerciseTypes=20`);
    expect(j.statusCode, j.body).toBe(200);
    const journal = j.json() as StudentsJournal;
    const column = journal.exercises.findIndex((e) => e.id === data.exercise.id);
    const cell = journal.students.find((s) => s.id === who.accountId)!.cells[column];
    expect(cell?.sentLateAt).toBe(row.answeredAt!.toISOString());
  });

  it('an answer received in time leaves the journal cell unmarked', async () => {
    const { who, sid } = await startedAttempt();
    const r = await lateSave(who, sid, 1_000, 1_000);
    expect(r.statusCode, r.body).toBe(200);
    const root = await t.signIn('Root');
    const journal = (await h.call(root, 'GET', `/api/instructors/trainings/${data.course.id}/StudentsJournal?exerciseTypes=20`)).json() as StudentsJournal;
    const column = journal.exercises.findIndex((e) => e.id === data.exercise.id);
    const cell = journal.students.find((s) => s.id === who.accountId)!.cells[column];
    expect(cell).not.toBeNull();
    expect(cell).not.toHaveProperty('sentLateAt');
  });

  it('made after the deadline is refused with the expired attempt’s message', async () => {
    const { who, sid } = await startedAttempt();
    await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - 60_000) }).where(eq(attempts.id, sid));
    // made 30 s ago: after the deadline
    const r = await lateSave(who, sid, 90_000, 60_000);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ErrorCode: '17', Title: 'The time allotted for response has expired' });
    expect(await saved(sid)).toBeUndefined();
  });

  it('cannot reach back before the bound by claiming an old contact', async () => {
    const { who, sid } = await startedAttempt();
    await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - 60 * 60_000) }).where(eq(attempts.id, sid));
    // claims it was made two hours ago: the server believes 30 minutes at most, past the deadline an hour ago
    const r = await lateSave(who, sid, 2 * 60 * 60_000, 0);
    expect(r.statusCode).toBe(400);
    expect(r.json().ErrorCode).toBe('17');
  });

  it('a finish made in time counts as finished although it arrives late', async () => {
    const { who, sid } = await startedAttempt();
    const ok = await lateSave(who, sid, 10_000, 0);
    expect(ok.statusCode, ok.body).toBe(200);
    await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - 30_000) }).where(eq(attempts.id, sid));
    const f = await t.app.inject({
      method: 'POST',
      url: `${data.base}/finish`,
      headers: { ...who.headers, 'x-elp-server-date': new Date(Date.now() - 120_000).toUTCString(), 'x-elp-elapsed-ms': '1000' },
    });
    expect(f.statusCode, f.body).toBe(200);
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, sid));
    expect(a.status).toBe('finished');
  });
});
