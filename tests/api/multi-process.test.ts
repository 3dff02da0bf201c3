import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { request as httpRequest } from 'node:http';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { accounts, notifications } from '../../server/db/schema/index.js';
import { LoginLimiter } from '../../server/auth/loginLimiter.js';
import { CHAT_HUB, ChatEvent } from '../../shared/calls/chat.js';
import { NOTIFICATIONS_CHANGED, NOTIFICATIONS_HUB } from '../../shared/calls/notifications.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { dropDatabase } from './support/pgDatabases.js';
import { Browser } from './support/browser.js';
import { chatFixture } from './support/chat.js';
import { studyHelpers } from './support/study.js';
import { addIdentityUser } from './support/identity.js';
import { redisMissing, startRedis, type RunningRedis } from './support/redis.js';

/**
 * Issue 15 item 6: two ELP processes on one PostgreSQL database and one Redis, behind a load
 * balancer without sticky sessions. Each process is a whole app with its own database pool, Redis
 * connections, hub connections and in-process caches; they share only PostgreSQL and Redis.
 */
const skipped = !process.env.DATABASE_URL ? 'DATABASE_URL is not set (several processes need PostgreSQL)' : redisMissing;

let redis: RunningRedis | null = null;
let t: TestApp | null = null;
if (!skipped) {
  redis = await startRedis();
  t = await createTestApp({ REDIS_URL: redis.url });
}

describe.skipIf(skipped)(`several processes on PostgreSQL and Redis${skipped ? ` — skipped: ${skipped}` : ''}`, () => {
  let first: App;
  let second: App;
  let secondDatabase: Database;
  const bases = new Map<App, string>();
  const opened: HubConnection[] = [];
  const cleanups: (() => void)[] = [];

  const listen = async (app: App) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    bases.set(app, `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  };

  beforeAll(async () => {
    first = t!.app;
    // the other process: its own pool on the same database, its own Redis clients and caches
    const url = (t!.database.pool!.options as { connectionString: string }).connectionString;
    secondDatabase = await openDatabase({ databaseUrl: url, migrate: false });
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', SEED_DEMO: 'false', REDIS_URL: redis!.url });
    second = await buildApp({ config, database: secondDatabase, logger: false });
    await second.ready();
    await listen(first);
    await listen(second);
  });

  afterAll(async () => {
    for (const c of opened) await c.stop();
    for (const cleanup of cleanups) cleanup();
    await second?.close();
    await secondDatabase?.close();
    // the first app closes with the file (createTestApp); its Redis clients then fail quietly
    await t?.app.close();
    await redis?.stop();
  });

  /** A page's hub connection to one process, and what it has heard. */
  async function connect(app: App, who: SignedIn, path: string, target: string) {
    const c = new HubConnectionBuilder()
      .withUrl(`${bases.get(app)}${path}`, { headers: { cookie: who.cookie }, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    const heard: unknown[] = [];
    c.on(target, (...args: unknown[]) => heard.push(args[0]));
    opened.push(c);
    await c.start();
    return heard;
  }

  const inject = (app: App, who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { ...who.headers, host: 'localhost:3000' }, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 5_000) {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('delivers a chat message sent through one process to the reader connected to the other', async () => {
    const f = await chatFixture(t!);
    const chatId = await f.startChat(f.student, f.instructor.accountId);
    const heard = await connect(second, f.instructor, CHAT_HUB, ChatEvent.messageCreated);
    // the student's request lands on the first process
    const sent = await first.inject({
      method: 'POST',
      url: `/api/Chats/${chatId}/messages/text`,
      headers: { ...f.student.headers, host: 'localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'Через другой процесс' }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await until('the message on the other process', () => heard.length > 0);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ chatId, message: 'Через другой процесс' });
    // the reader is online (on the other process): no «new message» notification besides the push
    const newMessage = (id: number) =>
      t!.db.select().from(notifications).where(and(eq(notifications.accountId, id), eq(notifications.text, 'chat.notification.newMessage')));
    expect(await newMessage(f.instructor.accountId)).toHaveLength(0);

    // once the page is closed the reader is offline everywhere and is notified
    await opened.pop()!.stop();
    await until('the reader gone', async () => !(await first.hubs.connectedAccounts(CHAT_HUB, [f.instructor.accountId])).size);
    const again = await inject(first, f.student, 'POST', `/api/Chats/${chatId}/messages/text`, { message: 'Уже офлайн' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await newMessage(f.instructor.accountId)).toHaveLength(1);
  });

  it('pushes a notification signal once to a reader on the other process (every process hears NOTIFY, none repeats it)', async () => {
    const f = await chatFixture(t!);
    const heard = await connect(second, f.otherStudent, NOTIFICATIONS_HUB, NOTIFICATIONS_CHANGED);
    const res = await inject(first, f.instructor, 'POST', `/api/instructors/students/training/${f.course.id}/include`, { emails: await emailOf(f.otherStudent) });
    expect(res.statusCode, res.body).toBe(200);
    await until('the notification signal', () => heard.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toHaveLength(1);
  });

  it('refuses the right password on one process after the account was locked through the other', async () => {
    const { login } = await addIdentityUser(t!.db);
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const b = new Browser(first, { 'x-forwarded-for': `203.0.113.${i}` });
      const { action } = await b.openLoginPage();
      statuses.push((await b.request('POST', action, { login, password: `wrong-${i}` })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const probe = new Redis(redis!.url);
    expect(await probe.get(`elp:login-failures:${LoginLimiter.key(login)}`)).toBe('5');
    probe.disconnect();
    const b = new Browser(second);
    const { action } = await b.openLoginPage();
    expect((await b.request('POST', action, { login, password: 'demo' })).statusCode).toBe(429);
  });

  it('counts a route’s rate limit across processes: the 31st try in a minute is refused whichever process gets it', async () => {
    const who = await t!.signIn('Students');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // a new unknown login each time: the per-login lock stays out of it, the per-address ceiling (30) counts
      const res = await inject(i % 2 ? second : first, who, 'POST', '/api/account/relation/Add', { login: `nobody-${i}-${Date.now()}@example.com`, password: 'x' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429), String(statuses)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('ends the session on the other process within a second of signing out through one', async () => {
    const who = await t!.signIn('Students');
    const state = async (app: App) => (await inject(app, who, 'GET', '/api/account/current-state')).json() as { role?: string };
    // the second process has the session in its cache
    expect((await state(second)).role).toBe('Students');
    expect((await state(second)).role).toBe('Students');
    const out = await inject(first, who, 'POST', '/api/account/logout');
    expect(out.statusCode, out.body).toBeLessThan(400);
    const signedOut = Date.now();
    await until('the sign-out on the other process', async () => (await state(second)).role !== 'Students', 1_000);
    expect(Date.now() - signedOut).toBeLessThan(1_000);
    expect((await state(second)).role).toBe('Guest');
  });

  it('shows a profile change made through one process on the other at once', async () => {
    const who = await t!.signIn('Students');
    const language = async (app: App) => ((await inject(app, who, 'GET', '/api/account/current-state')).json() as { language?: string | null }).language;
    const before = await language(second);
    const next = before === 'en' ? 'ru' : 'en';
    const res = await inject(first, who, 'POST', `/api/profile/language/${next}`);
    expect(res.statusCode, res.body).toBe(200);
    await until('the new language on the other process', async () => (await language(second)) === next, 1_000);
  });

  it("refuses a student's answer on the other process within a second of the expulsion through one", async () => {
    const h = studyHelpers(t!);
    const data = await h.course();
    const student = await t!.signIn('Students');
    await h.enrol(data.course.id, student.accountId);
    const root = await t!.signIn('Root');
    const started = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = started.json().sessionId as number;
    const save = () => inject(second, student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { sessionId, optionIds: [data.radioOpts[0].id] });
    // the second process has the student's course and exercise in its saves' cache
    expect((await save()).statusCode).toBe(200);
    const [row] = await t!.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, student.accountId));
    const out = await inject(first, root, 'POST', `/api/instructors/students/training/${data.course.id}/exclude`, { emails: row.email });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().excluded).toBe(1);
    await until('the refusal on the other process', async () => (await save()).statusCode !== 200, 1_000);
    expect((await save()).statusCode).toBe(404);
  });

  it('a retake through one process: the very next load and answer on the other are in the new attempt (issue 29 item 5)', async () => {
    const h = studyHelpers(t!);
    const data = await h.course();
    const student = await t!.signIn('Students');
    await h.enrol(data.course.id, student.accountId);
    const slide = `${data.base}/questions/answers/${data.radio.id}/save`;
    // attempt 1 through the second process (its saves' cache holds the student's exercise), finished
    const first1 = await inject(second, student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    const old = first1.json().sessionId as number;
    expect((await inject(second, student, 'POST', slide, { sessionId: old, optionIds: [data.radioOpts[0].id] })).statusCode).toBe(200);
    expect((await inject(second, student, 'POST', `${data.base}/finish`)).statusCode).toBe(200);
    // the retake through the first process
    const retake = await inject(first, student, 'POST', `${data.base}/restart`);
    expect(retake.statusCode, retake.body).toBe(200);
    const fresh = retake.json().sessionId as number;
    // at once, on the second: the player's load still naming attempt 1 gets attempt 2, and the answer saves
    const loaded = await inject(second, student, 'POST', `${data.base}/Pages`, { slideId: String(data.radio.id), sessionId: old });
    expect(loaded.json()).toMatchObject({ sessionId: fresh, attemptNo: 2, readOnly: false, answer: null });
    const saved = await inject(second, student, 'POST', slide, { sessionId: fresh, optionIds: [data.radioOpts[1].id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sessionId).toBe(fresh);
    // and without naming the attempt (a reloaded page), too
    const unnamed = await inject(second, student, 'POST', slide, { optionIds: [data.radioOpts[0].id] });
    expect(unnamed.json().sessionId).toBe(fresh);
  });

  it("shows a slide's deletion through one process in the other's start page within a second", async () => {
    const h = studyHelpers(t!);
    const data = await h.course();
    const student = await t!.signIn('Students');
    await h.enrol(data.course.id, student.accountId);
    const root = await t!.signIn('Root');
    const startPage = async () => {
      const res = await inject(second, student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { slides: { id: number }[] }).slides.map((x) => x.id);
    };
    // the second process has the exercise's outline in its start page cache
    expect(await startPage()).toContain(data.radio.id);
    const dropped = await first.inject({ method: 'DELETE', url: `/api/instructors/Exercises/${data.exercise.id}/Pages/${data.radio.id}/Drop`, headers: { ...root.headers, host: 'localhost:3000' } });
    expect(dropped.statusCode, dropped.body).toBe(204);
    await until('the outline without the slide on the other process', async () => !(await startPage()).includes(data.radio.id), 1_000);
  });

  it('resumes an upload started on one process on the other, asking the stalled writer there to let go', async () => {
    const instructor = await t!.signIn('Instructors', { flags: [] });
    const content = Buffer.from(Array.from({ length: 120_000 }, (_, i) => (i * 13) % 256));
    const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...instructor.headers, ...extra });
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const created = await fetch(`${bases.get(first)}/api/uploads/tus`, {
      method: 'POST',
      headers: tus({ 'upload-length': String(content.length), 'upload-metadata': `filename ${b64('лекция.mp4')},kind ${b64('video')}` }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // the first process receives part of a PATCH whose sender then stalls (a phone that went into a tunnel)
    let stalledEnded = false;
    const stalled = httpRequest(`${bases.get(first)}${location}`, {
      method: 'PATCH',
      headers: { ...tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), 'content-length': String(content.length) },
    });
    const ended = new Promise<void>((resolve) => {
      const end = () => { stalledEnded = true; resolve(); };
      stalled.on('response', end);
      stalled.on('error', end);
      stalled.on('close', end);
    });
    stalled.write(content.subarray(0, 40_000));
    cleanups.push(() => stalled.destroy());
    await new Promise((r) => setTimeout(r, 300));

    // the client retries through the balancer and lands on the second process: the offset it is
    // told is final only once the stalled request there has been ended (tus lets it drain up to 3 s)
    const head = await fetch(`${bases.get(second)}${location}`, { method: 'HEAD', headers: tus() });
    expect(head.status).toBe(200);
    await Promise.race([ended, new Promise((r) => setTimeout(r, 2_000))]);
    expect(stalledEnded).toBe(true);
    const offset = Number((await fetch(`${bases.get(second)}${location}`, { method: 'HEAD', headers: tus() })).headers.get('upload-offset'));
    expect(offset).toBeLessThan(content.length);

    const last = await fetch(`${bases.get(second)}${location}`, {
      method: 'PATCH',
      headers: tus({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(content.subarray(offset)),
    });
    expect(last.status, await last.clone().text()).toBe(200);
    const stored = (await last.json()) as { address: string; size: number };
    expect(stored.size).toBe(content.length);
    const download = await fetch(`${bases.get(first)}${stored.address}`, { headers: instructor.headers });
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
  });

  it('starts two processes at once on an empty database: the migrations are applied once, one after the other', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `elp_mp_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled([openDatabase({ databaseUrl: url.toString() }), openDatabase({ databaseUrl: url.toString() })]);
      for (const o of opened) {
        if (o.status !== 'fulfilled') continue;
        // the database is dropped below, ending its sessions: a connection still closing must not fail the run
        o.value.pool?.on('error', () => undefined);
        await o.value.close();
      }
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'started'))).toEqual(['started', 'started']);
    } finally {
      await admin.end();
      await dropDatabase(process.env.DATABASE_URL!, name);
    }
  });

  async function emailOf(who: SignedIn): Promise<string> {
    const [row] = await t!.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, who.accountId));
    return row.email;
  }
});
