// Faults behind a real load balancer (issue 29, item 7): two built ELP processes behind nginx
// (round robin, WebSocket upgrade on /hubs/), on one throwaway PostgreSQL cluster and one
// throwaway redis-server, all on loopback. Students save answers and students and their
// instructor write in course chats through nginx, each write retried with the same
// Idempotency-Key / clientMessageId for up to 30 s as the app does (src/http/idempotency.ts,
// src/chat/chatStore.ts); chat pages listen on /hubs/chat through nginx and catch up after each
// reconnect as src/chat/liveChat.ts does. Meanwhile the scenario
//   1. SIGKILLs one ELP process, then starts it again;
//   2. restarts Redis;
//   3. restarts PostgreSQL with a fast shutdown (pg_ctl stop -m fast, then start).
// After each fault: every acknowledged write is in the database exactly once (answers per
// (attempt, slide) with the last acknowledged value or a later one sent; chat messages by
// clientMessageId and by text), every student still saves, each chat page has every stored
// message of its chats once, in order, and a page connected to the killed process reconnected
// and caught up. At the end every attempt is finished. Reported: the client errors per fault and
// the recovery time (from the fault to the first successful write, and to the moment every
// client had written again). Fails on a lost or doubled write, a page that does not catch up,
// or an attempt that cannot be finished.
//
// Needs nginx (Debian nginx-light), redis-server and PostgreSQL server binaries; CI installs no
// nginx, so this runs in `npm run bench` only (BENCH_FAULTS=false skips it).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb, seedExamStorm } from './exam-storm.mjs';

export const FAULTS = {
  /** students saving answers through nginx (the first `chats` of them also chat with the instructor) */
  students: 40,
  chats: 8,
  /** each student thinks this long before each save; each chat member this long before each message */
  thinkMs: [300, 700],
  chatEveryMs: [700, 1_500],
  /** a write is resent with the same key until this long after its first send */
  retryForMs: 30_000,
  /** a request unanswered this long is given up and resent */
  requestTimeoutMs: 10_000,
  /** the app's hub reconnect delay (src/learner/realtime/hubConnection.ts RECONNECT_MS) */
  reconnectMs: 10_000,
  /** writes before the first fault, and after each fault's recovery before its checks */
  warmMs: 5_000,
  settleMs: 8_000,
  /** how long the killed process stays down, Redis and PostgreSQL stay stopped */
  downMs: 3_000,
  /** a chat page has this long after the checks start to hold every stored message */
  catchUpMs: 25_000,
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const between = ([a, b]) => a + Math.random() * (b - a);

function which(cmd, extra = []) {
  for (const p of [...extra, ...(process.env.PATH ?? '').split(':').map((d) => join(d, cmd))]) if (existsSync(p)) return p;
  return null;
}

/** A child process that is ours to stop: SIGTERM (or `signal`), SIGKILL after 10 s. */
function stop(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      r();
    });
    child.kill(signal);
  });
}

async function waitFor(what, ok, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await ok().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A throwaway redis-server on `port`: no persistence (as docs/running-at-scale.md runs it). */
async function startRedis(port, dir) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const { Redis } = await import('ioredis');
  await waitFor('redis-server', async () => {
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined); // not up yet: connect() fails and is tried again
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } finally {
      probe.disconnect();
    }
  });
  return child;
}

/** nginx in front of the two processes: round robin, WebSocket upgrade on /hubs/, loopback only. */
async function startNginx(dir, port, upstreams) {
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, d), { recursive: true });
    chmodSync(join(dir, d), 0o777); // run as root, the workers are nobody
  }
  chmodSync(dir, 0o755);
  const forward = `proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  const conf = `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream elp {
    ${upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 32;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${port};
    location /hubs/ {
      proxy_pass http://elp;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      ${forward}
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://elp;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      ${forward}
    }
  }
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const bin = which('nginx', ['/usr/sbin/nginx']);
  const child = spawn(bin, ['-c', file, '-p', dir, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let exited = null;
  child.once('exit', (code) => (exited = code));
  await waitFor('nginx', async () => {
    if (exited !== null) throw new Error(`nginx exited (${exited}): ${stderr}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/account/current-state`, { signal: AbortSignal.timeout(2_000) });
    return res.status < 500;
  });
  return child;
}

/** Why the scenario cannot run here, or null. */
export async function faultsUnavailable() {
  if (!which('nginx', ['/usr/sbin/nginx'])) return 'no nginx (apt-get install nginx-light)';
  if (!which('redis-server')) return 'no redis-server (apt-get install redis-server)';
  const { postgresUnavailable } = await import('./pg-cluster.mjs');
  return postgresUnavailable();
}

/** The chat side of the fixture: an instructor (the course's creator) and a chat of two with each of the first students. */
async function seedChats({ databaseUrl, root }, fixture, count) {
  const db = await openDb({ databaseUrl, root, migrate: false });
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];
  try {
    const run = randomBytes(4).toString('hex');
    const { id: instructorId } = await one(
      `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role) VALUES ('faults-' || $1::text, 'bench-faults', 'teacher-' || $1::text || '@bench.local', 'Ирина', 'Преподавателева', 'Instructors') RETURNING id`,
      [run],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO sessions (id, account_id, expires_at) VALUES ($1, $2, now() + interval '12 hours')`, [createHash('sha256').update(token).digest('hex'), instructorId]);
    await db.query('UPDATE courses SET created_by = $1 WHERE id = $2', [instructorId, fixture.courseId]);
    const chats = [];
    for (const student of fixture.students.slice(0, count)) {
      const { id } = await one(`INSERT INTO chats (course_id, created_by) VALUES ($1, $2) RETURNING id`, [fixture.courseId, student.accountId]);
      await db.query(`INSERT INTO chat_members (chat_id, account_id) VALUES ($1, $2), ($1, $3)`, [id, student.accountId, instructorId]);
      chats.push({ id, student });
    }
    return { instructor: { accountId: instructorId, cookie: `elp_sid=${token}` }, chats };
  } finally {
    await db.close();
  }
}

/** One HTTP request through nginx (keep-alive node:http): { status, json, text }; throws on a network error or timeout. */
function send(agent, url, { method = 'GET', cookie, body, key }) {
  return new Promise((ok, fail) => {
    const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const headers = { cookie };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
    if (key) headers['idempotency-key'] = key;
    const req = request(url, { method, agent, headers, timeout: FAULTS.requestTimeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* nginx's HTML error pages */
        }
        ok({ status: res.statusCode, json, text });
      });
      res.on('error', fail);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', fail);
    req.end(payload ?? undefined);
  });
}

/** The value student s sends to slide j in round r: distinct per round where the question allows, so a replayed old write shows. */
function answerFor(slide, s, j, r) {
  if (slide.kind === 'answers') {
    if (slide.choiceMode === 1) return { optionIds: [slide.optionIds[(s + j + r) % slide.optionIds.length]] };
    const mask = ((s + j + r) % 15) + 1;
    return { optionIds: slide.optionIds.filter((_, k) => mask & (1 << k)) };
  }
  const pad = (n) => String(n).padStart(2, '0');
  switch (slide.inputType) {
    case 3: return { value: String(s * 100_000 + r * 100 + j) };
    case 4: return { value: `${s}.${r}${pad(j)}` };
    case 1: return { value: `2025-${pad(1 + ((s + r) % 12))}-${pad(1 + ((j + r) % 28))}` };
    case 5: return { value: (s + j + r) % 2 ? 'true' : 'false' };
    default: return { value: `ответ ${s}-${j}-${r}` };
  }
}

/**
 * The load and its bookkeeping: every send of every write, with its outcome; the client errors
 * (each failed try: HTTP status and error code, or the network error) by phase.
 */
class Load {
  agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  running = true;
  phase = 'warm-up';
  errors = new Map(); // phase → Map(kind → count)
  /** successful writes: { at, who } */
  successes = [];
  /** (accountId:slideId) → sends [{ value, acked }] */
  answers = new Map();
  /** clientMessageId → { sender, chatId, text, seq, acked, id } */
  messages = new Map();
  refused = [];
  gaveUp = [];
  sessions = new Map(); // accountId → attempt id

  constructor(base) {
    this.base = base;
  }

  error(kind) {
    let byKind = this.errors.get(this.phase);
    if (!byKind) this.errors.set(this.phase, (byKind = new Map()));
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }

  /**
   * A write as the app sends it: resent with the same key after a network error, a timeout, a 5xx
   * or a 409 (the first still running), for up to FAULTS.retryForMs; a success or another 4xx ends it.
   */
  async write(what, who, method, path, body, key) {
    const began = performance.now();
    for (let attempt = 0; ; attempt++) {
      let res = null;
      try {
        res = await send(this.agent, this.base + path, { method, cookie: who.cookie, body, key });
      } catch (err) {
        this.error(`${what}: ${err.code ?? err.message}`);
      }
      if (res && res.status >= 200 && res.status < 300) {
        this.successes.push({ at: performance.now(), who: who.accountId });
        return res.json;
      }
      if (res) this.error(`${what}: HTTP ${res.status}${res.json?.ErrorCode ? ` ${res.json.ErrorCode}` : ''}`);
      if (res && res.status < 500 && res.status !== 409 && res.status !== 429) {
        this.refused.push(`${what} ${path}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
        return null;
      }
      if (performance.now() - began > FAULTS.retryForMs || !this.running) {
        this.gaveUp.push(`${what} ${path} (key ${key ?? '—'}) after ${attempt + 1} tries`);
        return null;
      }
      await sleep(Math.min(2_000, 250 * 2 ** Math.min(attempt, 3)));
    }
  }

  /** A student: starts (or resumes) the attempt, then saves slide after slide, round after round. */
  async student(fixture, student, s) {
    const exercise = `/api/Trainings/${fixture.courseId}/Exercises/${fixture.exerciseId}`;
    let started = null;
    while (!started && this.running) started = await this.write('start', student, 'POST', `${exercise}/Pages`, { slideId: 'start' }, undefined);
    if (!started) return;
    this.sessions.set(student.accountId, started.sessionId);
    for (let r = 0; this.running; r++) {
      for (let j = 0; j < fixture.slides.length && this.running; j++) {
        await sleep(between(FAULTS.thinkMs));
        const slide = fixture.slides[j];
        const value = answerFor(slide, s, j, r);
        const sends = this.answers.get(`${student.accountId}:${slide.id}`) ?? [];
        this.answers.set(`${student.accountId}:${slide.id}`, sends);
        const entry = { value, acked: false };
        sends.push(entry);
        const saved = await this.write('save', student, 'POST', `${exercise}/questions/${slide.kind}/${slide.id}/save`, { sessionId: started.sessionId, ...value }, randomUUID());
        if (saved) entry.acked = true;
      }
    }
  }

  /** A chat member: writes into the chat every second or so, each message resent with its clientMessageId until answered. */
  async chatter(chat, who) {
    for (let seq = 0; this.running; seq++) {
      await sleep(between(FAULTS.chatEveryMs));
      const clientMessageId = randomUUID();
      const text = `m ${who.accountId}-${chat.id}-${seq}`;
      const entry = { sender: who.accountId, chatId: chat.id, text, seq, acked: false, id: null };
      this.messages.set(clientMessageId, entry);
      const record = await this.write('chat', who, 'POST', `/api/Chats/${chat.id}/messages/text`, { message: text, clientMessageId }, undefined);
      if (record) Object.assign(entry, { acked: true, id: record.id });
    }
  }
}

/**
 * A chat page: /hubs/chat through nginx with the app's automatic reconnect, the pushes merged by
 * message id, and after each reconnect the catch-up of every chat it shows (…/messages?afterId=,
 * as ChatStore.catchUp does). Counts what arrived twice or out of order.
 */
class ChatPage {
  view = new Map(); // chatId → Map(id → text)
  reconnects = [];
  drops = [];
  caughtUp = 0;
  disorder = [];

  /** chatId → the id up to which every message was fetched (ChatStore's syncedTo: the catch-up starts after it) */
  syncedTo = new Map();

  constructor(name, base, who, chatIds) {
    this.name = name;
    this.base = base;
    this.who = who;
    for (const id of chatIds) {
      this.view.set(id, new Map());
      this.syncedTo.set(id, 0);
    }
  }

  async open(signalr) {
    const { HubConnectionBuilder, HttpTransportType, LogLevel } = signalr;
    this.connection = new HubConnectionBuilder()
      .withUrl(`${this.base}/hubs/chat`, { headers: { cookie: this.who.cookie }, transport: HttpTransportType.WebSockets })
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => FAULTS.reconnectMs })
      .configureLogging(LogLevel.None)
      .build();
    this.connection.on('MessageCreated', (m) => this.merge([m]));
    this.connection.onreconnecting(() => this.drops.push(performance.now()));
    this.connection.onreconnected(() => {
      this.reconnects.push(performance.now());
      void this.catchUpUntilDone();
    });
    // automatic reconnect never gives up; a close is the server's: start anew, as openHub does
    this.connection.onclose(() => {
      if (this.stopped) return;
      this.drops.push(performance.now());
      const retry = () =>
        setTimeout(() => {
          if (this.stopped) return;
          this.connection.start().then(() => {
            this.reconnects.push(performance.now());
            void this.catchUpUntilDone();
          }, () => retry());
        }, FAULTS.reconnectMs);
      retry();
    });
    await this.connection.start();
    await this.catchUp();
  }

  merge(records) {
    for (const m of records) {
      const thread = this.view.get(m.chatId);
      if (!thread) continue;
      thread.set(m.id, m.message);
    }
  }

  /** The catch-up tried again until it succeeds, a newer connect's superseding it (ChatStore.catchUpUntilDone). */
  async catchUpUntilDone() {
    const mine = (this.rounds = (this.rounds ?? 0) + 1);
    const waits = [1_000, 2_000, 5_000, 10_000];
    for (let i = 0; !this.stopped && mine === this.rounds; i++) {
      try {
        await this.catchUp();
        return;
      } catch {
        this.failedCatchUps = (this.failedCatchUps ?? 0) + 1;
        await sleep(waits[Math.min(i, waits.length - 1)]);
      }
    }
  }

  /** Each chat's messages after the last one fetched, oldest first, 100 at a time. */
  async catchUp() {
    for (const [chatId, thread] of this.view) {
      for (;;) {
        const last = this.syncedTo.get(chatId);
        const res = await fetch(`${this.base}/api/chats/${chatId}/messages?afterId=${last}&length=100`, { headers: { cookie: this.who.cookie } });
        if (res.status !== 200) throw new Error(`catch-up HTTP ${res.status}`);
        const { data } = await res.json();
        for (let i = 1; i < data.length; i++) if (data[i].id <= data[i - 1].id) this.disorder.push(`${this.name}: catch-up of chat ${chatId} answered ${data[i - 1].id} before ${data[i].id}`);
        if (data.length && data[0].id <= last) this.disorder.push(`${this.name}: catch-up of chat ${chatId} after ${last} answered ${data[0].id}`);
        this.merge(data);
        this.syncedTo.set(chatId, Math.max(last, ...data.map((m) => m.id)));
        if (data.length < 100) break;
      }
    }
    this.caughtUp++;
  }

  async close() {
    this.stopped = true;
    await this.connection?.stop().catch(() => undefined);
  }
}

/**
 * Checks the database against what the clients were told (acknowledged before the query): answers
 * hold the last acknowledged value or a later one sent, one row per (attempt, slide), one attempt
 * per student; each acknowledged message stored once with its id, each text at most once, and a
 * sender's messages in the order sent.
 */
async function checkWrites({ databaseUrl, root }, fixture, chatFixture, load) {
  // what was acknowledged before the query: every such write must be in it
  const ackedIndex = new Map([...load.answers].map(([k, sends]) => [k, sends.findLastIndex((x) => x.acked)]));
  const ackedMessages = [...load.messages].filter(([, m]) => m.acked).map(([cid, m]) => [cid, { ...m }]);
  const db = await openDb({ databaseUrl, root, migrate: false });
  const problems = [];
  try {
    const attempts = (await db.query(`SELECT account_id, count(*)::int AS n FROM attempts WHERE exercise_id = $1 AND course_id = $2 GROUP BY account_id`, [fixture.exerciseId, fixture.courseId])).rows;
    for (const a of attempts) if (a.n !== 1) problems.push(`account ${a.account_id} has ${a.n} attempts`);
    const rows = (await db.query(
      `SELECT t.account_id, a.slide_id, a.value, count(*) OVER (PARTITION BY a.attempt_id, a.slide_id)::int AS n
         FROM answers a JOIN attempts t ON t.id = a.attempt_id WHERE t.exercise_id = $1 AND t.course_id = $2`,
      [fixture.exerciseId, fixture.courseId],
    )).rows;
    const stored = new Map();
    for (const r of rows) {
      if (r.n !== 1) problems.push(`account ${r.account_id}, slide ${r.slide_id}: ${r.n} answer rows`);
      stored.set(`${r.account_id}:${r.slide_id}`, JSON.stringify(r.value));
    }
    let answersChecked = 0;
    for (const [k, idx] of ackedIndex) {
      if (idx < 0) continue;
      answersChecked++;
      const value = stored.get(k);
      const allowed = load.answers.get(k).slice(idx).map((x) => JSON.stringify(x.value));
      if (value === undefined) problems.push(`answer ${k}: acknowledged, missing`);
      else if (!allowed.includes(value)) problems.push(`answer ${k}: stored ${value}, last acknowledged ${allowed[0]}`);
    }
    const chatIds = chatFixture.chats.map((c) => c.id);
    const msgs = (await db.query(`SELECT id, chat_id, sender_id, text, client_message_id FROM chat_messages WHERE chat_id = ANY($1::int[]) ORDER BY id`, [chatIds])).rows;
    const byClientId = new Map();
    const byText = new Map();
    for (const m of msgs) {
      if (m.client_message_id) byClientId.set(m.client_message_id, [...(byClientId.get(m.client_message_id) ?? []), m]);
      byText.set(m.text, (byText.get(m.text) ?? 0) + 1);
    }
    for (const [text, n] of byText) if (n > 1) problems.push(`chat message "${text}" stored ${n} times`);
    for (const [cid, m] of ackedMessages) {
      const found = byClientId.get(cid) ?? [];
      if (found.length !== 1) problems.push(`chat message "${m.text}" (acknowledged as ${m.id}) stored ${found.length} times`);
      else if (Number(found[0].id) !== m.id) problems.push(`chat message "${m.text}" acknowledged as ${m.id}, stored as ${found[0].id}`);
    }
    // a sender waits for each answer: their messages' ids grow with the order they were written
    const lastBySender = new Map();
    for (const m of msgs) {
      const seq = Number(m.text.split('-').at(-1));
      const key = `${m.sender_id}:${m.chat_id}`;
      if ((lastBySender.get(key) ?? -1) > seq) problems.push(`chat ${m.chat_id}: ${m.text} stored after a later message of its sender`);
      lastBySender.set(key, seq);
    }
    return { problems, answersChecked, messagesChecked: ackedMessages.length, stored: msgs };
  } finally {
    await db.close();
  }
}

/** Every page holds each stored message of its chats once (a Map by id: once by construction; the text is unique per message). */
async function checkPages(pages, stored, since) {
  const expected = new Map();
  for (const m of stored) expected.set(m.chat_id, [...(expected.get(m.chat_id) ?? []), Number(m.id)]);
  const missing = () =>
    pages.flatMap((p) =>
      [...p.view].flatMap(([chatId, thread]) => (expected.get(chatId) ?? []).filter((id) => !thread.has(id)).map((id) => `${p.name}: chat ${chatId} message ${id}`)),
    );
  const end = performance.now() + FAULTS.catchUpMs;
  while (missing().length && performance.now() < end) await sleep(200);
  const left = missing();
  const dupTexts = pages.flatMap((p) => [...p.view].flatMap(([chatId, thread]) => {
    const texts = [...thread.values()];
    return texts.length === new Set(texts).size ? [] : [`${p.name}: chat ${chatId} shows a text twice`];
  }));
  return {
    problems: [...left.slice(0, 10).map((m) => `page missing ${m}`), ...(left.length > 10 ? [`… ${left.length} missing in all`] : []), ...dupTexts, ...pages.flatMap((p) => p.disorder)],
    dropped: pages.filter((p) => p.drops.some((t) => t >= since)),
    reconnected: pages.filter((p) => p.reconnects.some((t) => t >= since)),
  };
}

/**
 * The scenario as `npm run bench` runs it. `startElp(dataDir, logFile, port, env)` starts the built
 * server (run.mjs). Answers whether every check held (true when it cannot run here: it says why).
 */
export async function runFaultsBench({ root, logDir, tmp, startElp, freePort }) {
  console.log(
    `\nFaults behind nginx: 2 ELP processes (round robin, WebSocket upgrade on /hubs/), PostgreSQL and Redis on loopback; ${FAULTS.students} students saving answers, ` +
      `${FAULTS.chats} chats of a student and the instructor (both writing, ${FAULTS.chats + 2} chat pages listening), writes resent with the same key for up to ${FAULTS.retryForMs / 1000} s; ` +
      'faults: SIGKILL of one process (then restarted), Redis restart, PostgreSQL fast restart.',
  );
  const why = await faultsUnavailable();
  if (why) {
    console.log(`  skipped — ${why}.`);
    return true;
  }
  const { startThrowawayPostgres } = await import('./pg-cluster.mjs');
  const signalr = await import('@microsoft/signalr');
  const dir = mkdtempSync(join(tmp, 'elp-bench-faults-'));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const children = [];
  let cluster = null;
  let redis = null;
  const pages = [];
  let load = null;
  let a = null;
  const problems = [];
  try {
    cluster = await startThrowawayPostgres(await freePort());
    const redisPort = await freePort();
    redis = await startRedis(redisPort, dir);
    const fixture = await seedExamStorm({ databaseUrl: cluster.url, root, students: FAULTS.students });
    const chatFixture = await seedChats({ databaseUrl: cluster.url, root }, fixture, FAULTS.chats);

    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${portLb}`;
    const env = { SEED_DEMO: 'false', DATABASE_URL: cluster.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, PUBLIC_URL: base, TRUST_PROXY: '127.0.0.1' };
    const logOf = (name) => join(logDir, `bench-faults-${name}.log`);
    a = await startElp(dataDir, logOf('a'), portA, env);
    const b = await startElp(dataDir, logOf('b'), portB, env);
    children.push(b.child);
    const nginx = await startNginx(join(dir, 'nginx'), portLb, [portA, portB]);
    children.push(nginx);
    console.log(`  PostgreSQL ${cluster.version} and redis-server ${execFileSync('redis-server', ['--version']).toString().match(/v=(\S+)/)?.[1] ?? '?'}; ELP on :${portA} and :${portB}; nginx on ${base} (logs ${logOf('*')})`);

    // the pages: each chat's student, and the instructor in two tabs (round robin spreads them over both processes)
    for (const c of chatFixture.chats) pages.push(new ChatPage(`student ${c.student.accountId}`, base, c.student, [c.id]));
    for (const tab of [1, 2]) pages.push(new ChatPage(`instructor tab ${tab}`, base, chatFixture.instructor, chatFixture.chats.map((c) => c.id)));
    for (const p of pages) await p.open(signalr);

    load = new Load(base);
    const t0 = performance.now();
    const workers = [
      ...fixture.students.map((st, s) => load.student(fixture, st, s)),
      ...chatFixture.chats.flatMap((c) => [load.chatter(c, c.student), load.chatter(c, chatFixture.instructor)]),
    ];
    await sleep(FAULTS.warmMs);

    const faults = [
      {
        name: 'SIGKILL of one ELP process',
        run: async () => {
          await new Promise((r) => {
            a.child.once('exit', r);
            a.child.kill('SIGKILL');
          });
          await sleep(FAULTS.downMs);
          a = await startElp(dataDir, logOf('a-restarted'), portA, env);
        },
      },
      {
        name: 'Redis restart',
        run: async () => {
          await stop(redis);
          await sleep(FAULTS.downMs);
          redis = await startRedis(redisPort, dir);
        },
      },
      {
        name: 'PostgreSQL fast restart',
        run: async () => {
          cluster.halt();
          await sleep(FAULTS.downMs);
          cluster.resume();
        },
      },
    ];
    const report = [];
    for (const fault of faults) {
      load.phase = fault.name;
      const at = performance.now();
      const writers = new Set(load.successes.filter((x) => x.at > at - 5_000).map((x) => x.who));
      const failedBefore = pages.reduce((n, p) => n + (p.failedCatchUps ?? 0), 0);
      await fault.run();
      const back = performance.now();
      await sleep(FAULTS.settleMs);
      // a client may wait out a dead process's claim on its write (15 s) before it writes again
      const wroteAgain = (w) => load.successes.some((x) => x.at > at && x.who === w);
      while ([...writers].some((w) => !wroteAgain(w)) && performance.now() - at < FAULTS.retryForMs) await sleep(250);
      const after = load.successes.filter((x) => x.at > at);
      const first = after[0]?.at;
      const firstBack = after.find((x) => x.at > back)?.at;
      // every client that wrote in the 5 s before the fault wrote again after it
      const firstBy = new Map();
      for (const x of after) if (!firstBy.has(x.who)) firstBy.set(x.who, x.at);
      const silent = [...writers].filter((w) => !firstBy.has(w));
      const allBack = silent.length ? null : Math.max(...[...writers].map((w) => firstBy.get(w)));
      const writes = await checkWrites({ databaseUrl: cluster.url, root }, fixture, chatFixture, load);
      const pagesCheck = await checkPages(pages, writes.stored, at);
      const errs = [...(load.errors.get(fault.name) ?? [])].sort((x, y) => y[1] - x[1]);
      const line = {
        fault: fault.name,
        downMs: back - at,
        firstMs: first === undefined ? null : first - at,
        firstBackMs: firstBack === undefined ? null : firstBack - back,
        allMs: allBack === null ? null : allBack - at,
        errors: errs,
        answersChecked: writes.answersChecked,
        messagesChecked: writes.messagesChecked,
        dropped: pagesCheck.dropped.length,
        reconnected: pagesCheck.reconnected.length,
        failedCatchUps: pages.reduce((n, p) => n + (p.failedCatchUps ?? 0), 0) - failedBefore,
      };
      report.push(line);
      const fp = [...writes.problems, ...pagesCheck.problems];
      if (silent.length) fp.push(`${silent.length} clients that wrote before the fault did not write again within ${((performance.now() - at) / 1000).toFixed(0)} s`);
      if (fault.name.startsWith('SIGKILL')) {
        if (!pagesCheck.dropped.length) fp.push('no chat page was connected to the killed process (round robin should have put some there)');
        const stuck = pagesCheck.dropped.filter((p) => !p.reconnects.some((t) => t >= at));
        if (stuck.length) fp.push(`pages on the killed process that did not reconnect: ${stuck.map((p) => p.name).join(', ')}`);
      }
      for (const p of fp) problems.push(`${fault.name}: ${p}`);
      const fmt = (ms) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);
      console.log(
        `  ${fault.name}: ${fmt(line.downMs)} from the fault to the part back up; first successful write ${fmt(line.firstMs)} after the fault (${fmt(line.firstBackMs)} after the part was back), every client writing again ${fmt(line.allMs)} after the fault; ` +
          `${line.dropped} chat pages dropped, ${line.reconnected} reconnected and caught up (${line.failedCatchUps} catch-up calls failed and were tried again); checked ${line.answersChecked} answered slides and ${line.messagesChecked} messages: ${fp.length ? `${fp.length} PROBLEMS` : 'all stored once'}`,
      );
      console.log(`    client errors (each failed try, resent): ${errs.length ? errs.map(([k, n]) => `${k} × ${n}`).join('; ') : 'none'}`);
      for (const p of fp.slice(0, 8)) console.error(`    FAILED — ${p}`);
    }

    // the end: every attempt can still be saved to (the load did) and finished
    load.running = false;
    await Promise.all(workers);
    load.phase = 'finish';
    const exercise = `/api/trainings/${fixture.courseId}/exercises/${fixture.exerciseId}`;
    let finished = 0;
    for (const st of fixture.students) {
      const answer = await load.write('finish', st, 'POST', `${exercise}/finish`, undefined, randomUUID());
      if (answer) finished++;
    }
    const final = await checkWrites({ databaseUrl: cluster.url, root }, fixture, chatFixture, load);
    for (const p of final.problems) problems.push(`at the end: ${p}`);
    const db = await openDb({ databaseUrl: cluster.url, root, migrate: false });
    const open = (await db.query(`SELECT count(*)::int AS n FROM attempts WHERE exercise_id = $1 AND finished_at IS NULL`, [fixture.exerciseId])).rows[0].n;
    await db.close();
    if (finished !== fixture.students.length || open) problems.push(`${finished} of ${fixture.students.length} attempts finished (${open} left open in the database)`);
    if (load.refused.length) problems.push(`${load.refused.length} writes refused, e.g. ${load.refused.slice(0, 3).join('; ')}`);
    const total = load.successes.length;
    console.log(
      `  end: ${((performance.now() - t0) / 1000).toFixed(0)} s of load, ${total} acknowledged writes (${[...load.answers.values()].flat().filter((x) => x.acked).length} saves, ${[...load.messages.values()].filter((m) => m.acked).length} chat messages), ` +
        `${load.gaveUp.length} writes given up after ${FAULTS.retryForMs / 1000} s of resending${load.gaveUp.length ? ` (e.g. ${load.gaveUp.slice(0, 3).join('; ')})` : ''}; ${finished} of ${fixture.students.length} attempts finished`,
    );
    if (load.gaveUp.length) problems.push(`${load.gaveUp.length} writes got no answer within ${FAULTS.retryForMs / 1000} s of resending`);
    for (const p of problems.slice(-5)) if (p.startsWith('at the end') || !p.includes(':')) console.error(`    FAILED — ${p}`);
    console.log(`  faults: ${problems.length ? `FAILED (${problems.length} problems)` : 'every acknowledged write stored once, every page caught up, every attempt finished'}`);
    return problems.length === 0;
  } catch (err) {
    console.error(`  faults: FAILED — ${err instanceof Error ? err.stack : err}`);
    return false;
  } finally {
    if (load) load.running = false;
    for (const p of pages) await p.close();
    load?.agent.destroy();
    for (const c of children.reverse()) await stop(c);
    if (a) await stop(a.child); // the first process, or its restart
    if (redis) await stop(redis);
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
