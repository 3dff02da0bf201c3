import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answers, certificates, courses, enrolments, enrollmentApplications, idempotencyKeys, mailings, tasks } from '../../server/db/schema/index.js';
import { STALE_MS, sweepIdempotencyKeys } from '../../server/http/idempotency.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';
import { multipartBody } from './support/multipart.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 29 item 2: a write the client resends after a lost answer, with the same Idempotency-Key,
 * is done once and answered with the first result (an answer save, finishing an attempt, a join,
 * an application, a mailing send, a certificate). The same key with another body answers 422; no
 * key behaves as before.
 */
const t = await createTestApp();
const h = studyHelpers(t);
const { seedProgram, createCourse } = courseHelpers(t);

const send = (who: SignedIn, url: string, payload?: unknown, key?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: payload as object });

let data: Awaited<ReturnType<typeof h.course>>;
beforeAll(async () => {
  data = await h.course();
});

async function startedStudent() {
  const s = await t.signIn('Students');
  await h.enrol(data.course.id, s.accountId);
  const r = await h.call(s, 'POST', `${data.base}/Pages`, { slideId: 'start' });
  return { s, sessionId: r.json().sessionId as number };
}

describe('an answer save', () => {
  it('a resend of a lost save is answered with the first result and does not overwrite a later answer', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const first = { sessionId, optionIds: [data.radioOpts[1].id] };
    const key = randomUUID();
    const a = await send(s, url, first, key);
    expect(a.statusCode, a.body).toBe(200);
    // the student then picks another option (a new write, a new key)
    expect((await send(s, url, { sessionId, optionIds: [data.radioOpts[0].id] }, randomUUID())).statusCode).toBe(200);
    // the first save's answer was lost: the client resends it with its key
    const again = await send(s, url, first, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(a.json());
    const rows = await t.db.select().from(answers).where(and(eq(answers.attemptId, sessionId), eq(answers.slideId, data.radio.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toMatchObject({ optionIds: [data.radioOpts[0].id] });
  });

  it('the same key with another body answers 422, a malformed key 400; without a key a save runs each time', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const key = randomUUID();
    expect((await send(s, url, { sessionId, optionIds: [data.radioOpts[0].id] }, key)).statusCode).toBe(200);
    const other = await send(s, url, { sessionId, optionIds: [data.radioOpts[1].id] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ ErrorCode: 'IdempotencyKeyReused', Title: expect.stringContaining('другого запроса') });
    expect((await send(s, url, { sessionId, optionIds: [data.radioOpts[1].id] }, 'no spaces!')).statusCode).toBe(400);
    const plain = await send(s, url, { sessionId, optionIds: [data.radioOpts[1].id] });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['idempotent-replayed']).toBeUndefined();
    // the key belongs to its account: another student's key of the same value is theirs alone
    const { s: s2, sessionId: sid2 } = await startedStudent();
    const theirs = await send(s2, url, { sessionId: sid2, optionIds: [data.radioOpts[1].id] }, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().sessionId).toBe(sid2);
  });

  it('a refused save forgets its key: the resend runs again', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const key = randomUUID();
    await h.expire(sessionId);
    expect((await send(s, url, { sessionId, optionIds: [data.radioOpts[0].id] }, key)).statusCode).toBe(400);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('a refusal whose key could not be forgotten (the database away a moment) forgets it once it can: the resend runs, no 409', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const key = randomUUID();
    await h.expire(sessionId);
    // without its attempt's id a save takes the ordinary claim (a keyed exam save writes its key only with its answer)
    const body = { optionIds: [data.radioOpts[0].id] };
    // the first delete of a key fails, as during a PostgreSQL restart
    // (the key's end is written by a raw statement, group-committed: server/http/idempotency.ts)
    const db = t.app.db as unknown as { execute: (q: SQL) => Promise<unknown>; dialect: { sqlToQuery(q: SQL): { sql: string } } };
    const realExecute = db.execute;
    let failed = 0;
    db.execute = function (this: unknown, q: SQL) {
      if (db.dialect.sqlToQuery(q).sql.includes('delete from "idempotency_keys"') && failed++ === 0) return Promise.reject(new Error('connection terminated'));
      return realExecute.call(this, q);
    };
    try {
      const first = await send(s, url, body, key);
      expect(failed, first.body).toBe(1);
      expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    } finally {
      db.execute = realExecute;
    }
    expect((await send(s, url, body, key)).statusCode).toBe(400);
  });

  it('an exam save writes its key with its answer, in the same statement: the kept answer is the one sent', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const key = randomUUID();
    const a = await send(s, url, { sessionId, optionIds: [data.radioOpts[1].id] }, key);
    expect(a.statusCode).toBe(200);
    const [kept] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(kept).toMatchObject({ status: 200, body: a.body, request: `POST ${url.toLowerCase()}` });
  });

  it('concurrent repeats run the save once', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const key = randomUUID();
    const body = { sessionId, optionIds: [data.radioOpts[0].id] };
    const all = await Promise.all([send(s, url, body, key), send(s, url, body, key), send(s, url, body, key)]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(all.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
  });
});

describe('a first request that died with its process', () => {
  /** The claim a process left when it was killed between claiming the key and storing the answer. */
  async function orphanClaim(s: SignedIn, url: string, body: unknown, key: string, silentMs: number) {
    const fingerprint = createHash('sha256').update(`\n${JSON.stringify(body)}`).digest('base64url');
    const at = new Date(Date.now() - silentMs);
    await t.db.insert(idempotencyKeys).values({ accountId: s.accountId, key, request: `POST ${url.toLowerCase()}`, fingerprint, createdAt: at, expiresAt: new Date(at.getTime() + 24 * 3600_000) });
  }

  it('a resend runs once the claim has not been renewed for 15 s (not refused for minutes)', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const body = { sessionId, optionIds: [data.radioOpts[1].id] };
    const key = randomUUID();
    await orphanClaim(s, url, body, key, STALE_MS + 1_000);
    const res = await send(s, url, body, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const [row] = await t.db.select().from(answers).where(and(eq(answers.attemptId, sessionId), eq(answers.slideId, data.radio.id)));
    expect(row.value).toMatchObject({ optionIds: [data.radioOpts[1].id] });
  });

  it('a claim renewed within 15 s is a request still running: the resend waits, then answers 409', async () => {
    const { s, sessionId } = await startedStudent();
    const url = `${data.base}/questions/answers/${data.radio.id}/save`;
    const body = { sessionId, optionIds: [data.radioOpts[1].id] };
    const key = randomUUID();
    await orphanClaim(s, url, body, key, STALE_MS - 8_000);
    const res = await send(s, url, body, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().ErrorCode).toBe('RequestInProgress');
  }, 15_000);
});

describe('finishing an attempt', () => {
  it('a resend gets the first result, not a second finish', async () => {
    const { s, sessionId } = await startedStudent();
    expect((await send(s, `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId, optionIds: [data.radioOpts[0].id] })).statusCode).toBe(200);
    const key = randomUUID();
    const first = await send(s, `${data.base}/finish`, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(s, `${data.base}/finish`, undefined, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('joining a course and applying', () => {
  it('a resent join answers the first success, not "already in the course"; one enrolment', async () => {
    const s = await t.signIn('Students');
    const url = `/api/students/trainings/${data.course.id}/join`;
    const key = randomUUID();
    const first = await send(s, url, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(s, url, undefined, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, data.course.id), eq(enrolments.accountId, s.accountId)))).toHaveLength(1);
    // without the key the repeat is a new join: 400 "1" as before
    expect((await send(s, url)).json().ErrorCode).toBe('1');
  });

  it('a resent application makes one application', async () => {
    const other = await h.course();
    await t.db.update(courses).set({ joinMode: 'application' }).where(eq(courses.id, other.course.id));
    const s = await t.signIn('Students');
    const url = `/api/students/trainings/${other.course.id}/join`;
    const key = randomUUID();
    const first = await send(s, url, undefined, key);
    expect(first.json()).toEqual({ isApply: true, trainingId: other.course.id });
    expect((await send(s, url, undefined, key)).json()).toEqual(first.json());
    expect(await t.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.courseId, other.course.id))).toHaveLength(1);
  });
});

describe('staff writes', () => {
  let owner: SignedIn;
  let student: SignedIn;
  let courseId: number;
  beforeAll(async () => {
    owner = await t.signIn('Instructors');
    student = await t.signIn('Students');
    const p = await seedProgram('P');
    courseId = (await createCourse(owner, p.program.id, { label: 'Курс' })).id;
    await t.db.insert(enrolments).values({ courseId, accountId: student.accountId });
  });

  it('a resent mailing send starts one sending task', async () => {
    const M = `/api/instructors/trainings/${courseId}/mailings`;
    const draft = await send(owner, M, { kind: 'manual', subject: 'Тема', body: '<p>Текст</p>' });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as number;
    const taskCount = async () => (await t.db.select({ n: count() }).from(tasks).where(and(eq(tasks.courseId, courseId), eq(tasks.type, 13))))[0].n;
    const before = await taskCount();
    const key = randomUUID();
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const first = await send(owner, `${M}/${id}/send`, { at }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(owner, `${M}/${id}/send`, { at }, key);
    expect(again.body).toBe(first.body);
    expect(await taskCount()).toBe(before + 1);
    expect((await t.db.select().from(mailings).where(eq(mailings.id, id)))[0]).toBeTruthy();
  });

  it('a resent certificate upload issues one certificate', async () => {
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const key = randomUUID();
    const upload = () => {
      const mp = multipartBody({ name: 'cert.pdf', data: PDF }, { trainingId: String(courseId), studentId: String(student.accountId), title: 'Сертификат', date: '2026-11-20' });
      return t.app.inject({ method: 'POST', url: '/api/Credential', headers: { ...owner.headers, ...mp.headers, 'idempotency-key': key }, payload: mp.payload });
    };
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(certificates).where(eq(certificates.courseId, courseId))).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('keeps a key for a day; the sweep removes expired ones', async () => {
    const { s, sessionId } = await startedStudent();
    const key = randomUUID();
    await send(s, `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId, optionIds: [data.radioOpts[0].id] }, key);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    await sweepIdempotencyKeys(t.db, new Date(Date.now() + 23 * 3600_000));
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
    await sweepIdempotencyKeys(t.db, new Date(Date.now() + 25 * 3600_000));
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });
});
