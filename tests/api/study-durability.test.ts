import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../server/auth/context.js';
import { openDatabase } from '../../server/db/client.js';
import {
  accounts,
  closedQuestionOptions,
  closedQuestions,
  courses,
  enrolments,
  exercises,
  freeQuestions,
  lessons,
  programs,
  slides,
} from '../../server/db/schema/index.js';
import { dataPath, rootDir } from '../../server/paths.js';
import { TEMPLATE_FILE } from './support/global-setup.js';

/**
 * Issue 6: "an answer the server acknowledged survives a server crash". The real server runs
 * as a child process on the default embedded PGlite in a temp data dir; it is killed with
 * SIGKILL right after it acknowledged saves (no shutdown hook runs, nothing is flushed on the
 * way out), started again on the same folder, and the answers must be there.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-durability-'));
const logFile = join(dataDir, 'server.log');
let server: { child: ChildProcess; base: string } | null = null;
let cookie = '';
let fx: { base: string; radio: number; free: number; right: number; wrong: number };

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

const logTail = () => {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
};

/** Starts server/main.ts (through tsx, no build needed) and polls until it answers (a start takes seconds alone, a minute on a crowded machine). */
async function startServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL']) delete env[k];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DOTENV_CONFIG_PATH: join(dataDir, 'no.env'),
    DOTENV_CONFIG_QUIET: 'true',
  });
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', join(rootDir, 'server', 'main.ts')], { cwd: rootDir, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited during start-up:\n${logTail()}`);
    try {
      const res = await fetch(`${base}/api/account/current-state`, { signal: AbortSignal.timeout(2_000) });
      if (res.status < 500) return { child, base };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 180 s:\n${logTail()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((r) => {
    child.once('exit', () => r());
    child.kill(signal);
  });
}

const post = (path: string, body: unknown) =>
  fetch(`${server!.base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** It is about the embedded database: the PostgreSQL pass of the suite (DATABASE_URL) skips it. */
const onPostgres = !!process.env.DATABASE_URL;

beforeAll(async () => {
  if (onPostgres) return;
  // the database the server will open: migrated, with a course, a two-question exercise and
  // a student's server-side session (the same sessions row the sign-in callback writes)
  // (a copy of the suite's migrated template when there is one: faster than migrating)
  const template = existsSync(TEMPLATE_FILE) ? new Blob([readFileSync(TEMPLATE_FILE)]) : undefined;
  const database = await openDatabase({ pgliteDir: dataPath(dataDir, 'db'), loadDataDir: template });
  const db = database.db;
  try {
    const [p] = await db.insert(programs).values({ label: 'Программа', isReady: true }).returning();
    const [l] = await db.insert(lessons).values({ programId: p.id, label: 'Урок' }).returning();
    const [ex] = await db.insert(exercises).values({ programId: p.id, lessonId: l.id, label: 'Тест', exerciseType: 20, completionCondition: 20 }).returning();
    const [c] = await db
      .insert(courses)
      .values({ programId: p.id, label: 'Курс', isPublished: true, begin: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 30 * 86_400_000) })
      .returning();
    const [q] = await db.insert(closedQuestions).values({ programId: p.id, label: 'Столица', choiceMode: 1 }).returning();
    const [right, wrong] = await db
      .insert(closedQuestionOptions)
      .values([
        { questionId: q.id, text: 'Париж', isCorrect: true, sequence: 0 },
        { questionId: q.id, text: 'Лион', isCorrect: false, sequence: 1 },
      ])
      .returning();
    const [fq] = await db.insert(freeQuestions).values({ programId: p.id, label: 'Город', inputType: 2, correctValues: ['Москва'] }).returning();
    const [radio] = await db.insert(slides).values({ exerciseId: ex.id, sequence: 1, pageType: 2, contentKind: 10, content: { kind: 'question' }, closedQuestionId: q.id } as typeof slides.$inferInsert).returning();
    const [free] = await db.insert(slides).values({ exerciseId: ex.id, sequence: 2, pageType: 2, contentKind: 40, content: { kind: 'question' }, freeQuestionId: fq.id } as typeof slides.$inferInsert).returning();
    const [a] = await db
      .insert(accounts)
      .values({ subject: 'durability', issuer: 'test', email: 'durability@test.local', firstName: 'Тест', lastName: 'Студент', role: 'Students' })
      .returning();
    await db.insert(enrolments).values({ courseId: c.id, accountId: a.id });
    cookie = `${SESSION_COOKIE}=${await createSession(db, a.id, 1)}`;
    fx = { base: `/api/trainings/${c.id}/exercises/${ex.id}`, radio: radio.id, free: free.id, right: right.id, wrong: wrong.id };
  } finally {
    await database.close();
  }
  server = await startServer();
}, 300_000);

afterAll(async () => {
  if (server) await kill(server.child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe.skipIf(onPostgres)('answer durability on the embedded database', () => {
  it('answers acknowledged just before a SIGKILL are there after a restart', async () => {
    const start = await post(`${fx.base}/Pages`, { slideId: 'start' });
    expect(start.status, await start.clone().text()).toBe(200);
    const { sessionId } = (await start.json()) as { sessionId: number };

    // several saves, overwrites included; the process dies the moment the last 200 arrives
    const saves: [string, number, Record<string, unknown>][] = [
      ['answers', fx.radio, { optionIds: [fx.wrong] }],
      ['free', fx.free, { value: 'Лондон' }],
      ['answers', fx.radio, { optionIds: [fx.right] }],
      ['free', fx.free, { value: 'Москва' }],
    ];
    for (const [kind, slideId, body] of saves) {
      const res = await post(`${fx.base}/questions/${kind}/${slideId}/save`, { sessionId, ...body });
      expect(res.status, await res.clone().text()).toBe(200);
      await res.arrayBuffer();
    }
    await kill(server!.child, 'SIGKILL');

    server = await startServer();
    const slide = async (slideId: number) => {
      const res = await post(`${fx.base}/Pages`, { slideId: String(slideId), sessionId });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as { answer: unknown };
    };
    expect((await slide(fx.radio)).answer).toEqual({ optionIds: [fx.right] });
    expect((await slide(fx.free)).answer).toEqual({ value: 'Москва' });
  }, 300_000);
});
