import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, courseInstructors, courses, enrolments, exerciseProgress, lessons, ltiAssertions, ltiLinks, ltiTools, programs } from '../../server/db/schema/index.js';
import { ExerciseProgressStatus } from '../../shared/enums.js';
import { sweepLti } from '../../server/modules/lti/assertions.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { ltijsMemoryStore } from './support/ltijsMemoryStore.js';

/**
 * ELP as an LTI 1.3 platform (issue 30 item 1), tested against ltijs — an LTI 1.3 tool library
 * nobody on the team wrote — on loopback ports: ltijs receives a real student launch and validates
 * the id_token by its own rules, posts a score through its Grade service (the student's exercise
 * result in ELP follows), does a deep linking round and reads the course's members through NRPS.
 *
 * ltijs keeps its own data through ltijs-sequelize on the PostgreSQL server of DATABASE_URL (a
 * database of its own, dropped after); in the PGlite phase (no server, and PGlite speaks no wire
 * protocol to sequelize) through an in-memory store of the same interface (support/ltijsMemoryStore.ts).
 */
const DATABASE_URL = process.env.DATABASE_URL;

const require = createRequire(import.meta.url);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A browser's cookie jar and navigation: follows redirects and submits auto-posting forms. Cookies by host (as browsers: not by port). */
class Browser {
  jar = new Map<string, Map<string, string>>();
  constructor(seed: Record<string, string> = {}) {
    this.jar.set('127.0.0.1', new Map(Object.entries(seed)));
  }
  private cookieFor(url: URL) {
    return [...(this.jar.get(url.hostname) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  private keep(url: URL, res: Response) {
    const mine = this.jar.get(url.hostname) ?? new Map<string, string>();
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i).trim(), pair.slice(i + 1).trim()];
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
      if (expired || value === '') mine.delete(name);
      else mine.set(name, value);
    }
    this.jar.set(url.hostname, mine);
  }
  async request(method: 'GET' | 'POST', address: string, form?: Record<string, string>): Promise<Response> {
    const url = new URL(address);
    const headers: Record<string, string> = { cookie: this.cookieFor(url), 'accept-language': 'ru' };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined, redirect: 'manual' });
    this.keep(url, res);
    return res;
  }
  /** Navigates like a browser (redirects, auto-submitted forms) until a page that is neither; the hops taken are kept. */
  async open(address: string, o: { tamper?: (form: Record<string, string>) => void } = {}) {
    const hops: string[] = [];
    let res = await this.request('GET', address);
    for (let i = 0; i < 15; i++) {
      hops.push(`${res.status} ${res.url || ''}`);
      if (res.status >= 300 && res.status < 400) {
        res = await this.request('GET', new URL(res.headers.get('location')!, res.url || address).toString());
        continue;
      }
      const body = await res.text();
      const form = /<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(body) ?? /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(body);
      const autoSubmits = /\.submit\(\)/.test(body);
      if (!form || !autoSubmits) return { status: res.status, body, hops };
      const fields: Record<string, string> = {};
      for (const m of form[2].matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) fields[m[1]] = m[2].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&quot;/g, '"').replace(/&amp;/g, '&');
      o.tamper?.(fields);
      res = await this.request('POST', form[1].replace(/&amp;/g, '&'), fields);
    }
    throw new Error(`too many hops: ${hops.join(' → ')}`);
  }
}

describe('LTI 1.3 platform against the ltijs tool', () => {
  let t: TestApp;
  let elp: string;
  let toolUrl: string;
  let root: SignedIn;
  let instructor: SignedIn;
  let student: SignedIn;
  let outsider: SignedIn;
  let courseId: number;
  let programId: number;
  let lessonId: number;
  let exerciseId: number;
  let lti: any;
  let ltiDbName: string;
  const connected: any[] = [];
  const admin = () => new pg.Client({ connectionString: DATABASE_URL });

  beforeAll(async () => {
    const [elpPort, toolPort] = [await freePort(), await freePort()];
    elp = `http://127.0.0.1:${elpPort}`;
    toolUrl = `http://127.0.0.1:${toolPort}`;
    t = await createTestApp({ PUBLIC_URL: elp });
    await t.app.listen({ port: elpPort, host: '127.0.0.1' });
    root = await t.signIn('Root');
    instructor = await t.signIn('Instructors');
    student = await t.signIn('Students', { firstName: 'Анна', lastName: 'Иванова' });
    outsider = await t.signIn('Students');

    lti = require('ltijs').Provider;
    let store: unknown = ltijsMemoryStore();
    if (DATABASE_URL) {
      // ltijs with its own database on the same PostgreSQL server
      ltiDbName = `elp_ltijs_${randomBytes(4).toString('hex')}`;
      const c = admin();
      await c.connect();
      await c.query(`create database "${ltiDbName}"`);
      await c.end();
      const u = new URL(DATABASE_URL);
      const Database = require('ltijs-sequelize');
      store = new Database(ltiDbName, decodeURIComponent(u.username), decodeURIComponent(u.password), { host: u.hostname, port: Number(u.port || 5432), dialect: 'postgres', logging: false });
    }
    lti.setup(randomBytes(16).toString('hex'), { plugin: store }, { appRoute: '/', loginRoute: '/login', keysetRoute: '/keys', cookies: { secure: false, sameSite: 'Lax' }, devMode: false });
    lti.onConnect(async (token: any, _req: any, res: any) => {
      connected.push(token);
      return res.send('tool: connected');
    });
    lti.onDeepLinking(async (token: any, _req: any, res: any) => {
      const items = [{ type: 'ltiResourceLink', title: 'Виртуальная лаборатория 7', url: `${toolUrl}/lab/7`, custom: { lab: '7' }, window: { targetName: 'lab' } }];
      return res.send(await lti.DeepLinking.createDeepLinkingForm(token, items, { message: 'picked' }));
    });
    await lti.deploy({ port: toolPort, silent: true });

    const platform = (await t.app.inject({ method: 'GET', url: '/api/lti/platform', headers: root.headers })).json();
    await lti.registerPlatform({
      url: platform.issuer,
      name: 'ELP',
      clientId: 'ltijs-tool',
      authenticationEndpoint: platform.authUrl,
      accesstokenEndpoint: platform.tokenUrl,
      authConfig: { method: 'JWK_SET', key: platform.jwksUrl },
    });

    const [p] = await t.db.insert(programs).values({ label: 'Физика', isReady: true }).returning();
    const [l] = await t.db.insert(lessons).values({ programId: p.id, label: 'Урок 1' }).returning();
    const [c2] = await t.db.insert(courses).values({ programId: p.id, label: 'Физика-2026', isPublished: true, begin: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 30 * 86_400_000) }).returning();
    programId = p.id;
    courseId = c2.id;
    lessonId = l.id;
    await t.db.insert(courseInstructors).values({ courseId, accountId: instructor.accountId });
    await t.db.insert(enrolments).values({ courseId, accountId: student.accountId, status: 1 });
  }, 60_000);

  afterAll(async () => {
    await lti?.close?.();
    if (ltiDbName) {
      const c = admin();
      await c.connect();
      await c.query(`drop database if exists "${ltiDbName}" with (force)`);
      await c.end();
    }
  });

  it('Root registers the tool; others may not; a bad registration is refused in the spec’s shape', async () => {
    const tool = { name: 'ltijs', clientId: 'ltijs-tool', deploymentId: 'dep-1', loginUrl: `${toolUrl}/login`, targetLinkUri: `${toolUrl}/`, jwksUrl: `${toolUrl}/keys` };
    expect((await t.app.inject({ method: 'POST', url: '/api/lti/tools', headers: instructor.headers, payload: tool })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/lti/tools', headers: root.headers, payload: { ...tool, jwksUrl: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String) });
    const made = await t.app.inject({ method: 'POST', url: '/api/lti/tools', headers: root.headers, payload: tool });
    expect(made.statusCode, made.body).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/lti/tools', headers: root.headers, payload: tool })).statusCode).toBe(409);
    const jwks = await fetch(`${elp}/api/lti/jwks`).then((r) => r.json());
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('an instructor adds an external tool exercise to a lesson', async () => {
    const tools = (await t.app.inject({ method: 'GET', url: '/api/instructors/lti/tools', headers: instructor.headers })).json();
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/instructors/Courses/${programId}/Lessons/${lessonId}/Exercises/Create/LTI`,
      headers: instructor.headers,
      payload: { label: 'Лабораторная работа', exerciseType: 30, completionCondition: 20, toolId: tools[0].id, url: '', presentation: '' },
    });
    expect(r.statusCode, r.body).toBe(201);
    exerciseId = r.json().id;
    const link = (await t.app.inject({ method: 'GET', url: `/api/instructors/Courses/${programId}/Exercises/${exerciseId}/LTI`, headers: instructor.headers })).json();
    expect(link).toMatchObject({ toolName: 'ltijs', url: null, presentation: 'iframe' });
  });

  it('a student launches: ltijs validates the id_token and reaches onConnect with the course, link, role and services', async () => {
    const b = new Browser({ elp_sid: student.cookie.split('=')[1] });
    const info = (await t.app.inject({ method: 'GET', url: `/api/study/lti/${courseId}/${exerciseId}`, headers: student.headers })).json();
    // the hello page's look starts nothing: no attempt, no result yet
    expect(info).toMatchObject({ presentation: 'iframe', result: null });
    const page = await b.open(`${elp}${info.launchUrl}`);
    expect(page.body, page.hops.join('\n')).toBe('tool: connected');
    const token = connected.at(-1);
    expect(token.user).toBe(String(student.accountId));
    expect(token.platformContext.roles).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']);
    expect(token.platformContext.context).toMatchObject({ id: String(courseId), title: 'Физика-2026' });
    expect(token.platformContext.resource).toMatchObject({ id: String(exerciseId), title: 'Лабораторная работа' });
    expect(token.platformContext.endpoint.lineitem).toBe(`${elp}/api/lti/ags/${courseId}/${exerciseId}/lineitem`);
    expect(token.userInfo).toMatchObject({ given_name: 'Анна', family_name: 'Иванова' });
    // the launch started an attempt: the exercise is in progress
    const [p] = await t.db.select().from(exerciseProgress).where(and(eq(exerciseProgress.accountId, student.accountId), eq(exerciseProgress.exerciseId, exerciseId)));
    expect(p.status).toBe(ExerciseProgressStatus.inProgress);
  });

  it('ltijs posts a score through AGS: it becomes the student’s result of the exercise', async () => {
    const token = connected.at(-1);
    await lti.Grade.submitScore(token, token.platformContext.endpoint.lineitem, { scoreGiven: 8, scoreMaximum: 10, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    const [p] = await t.db.select().from(exerciseProgress).where(and(eq(exerciseProgress.accountId, student.accountId), eq(exerciseProgress.exerciseId, exerciseId)));
    expect(p).toMatchObject({ status: ExerciseProgressStatus.completed, score: 80 });
    const [a] = await t.db.select().from(attempts).where(eq(attempts.id, p.lastAttemptId!));
    expect(a).toMatchObject({ status: 'finished', score: 80, maxScore: 100 });
    // the player's hello page shows it
    const info = (await t.app.inject({ method: 'GET', url: `/api/study/lti/${courseId}/${exerciseId}`, headers: student.headers })).json();
    expect(info.result).toEqual({ status: 'finished', score: 80, maxScore: 100 });
    const items = await lti.Grade.getLineItems(token);
    expect(items.lineItems).toEqual([expect.objectContaining({ id: token.platformContext.endpoint.lineitem, scoreMaximum: 100, resourceLinkId: String(exerciseId) })]);
  });

  it('ltijs reads the course’s members through NRPS', async () => {
    const result = await lti.NamesAndRoles.getMembers(connected.at(-1));
    const byId = Object.fromEntries(result.members.map((m: any) => [m.user_id, m.roles]));
    expect(byId).toEqual({
      [String(student.accountId)]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [String(instructor.accountId)]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
    });
  });

  it('NRPS pages by `limit`: a Link rel="next" to the rest, which ltijs follows', async () => {
    const token = connected.at(-1);
    const first = await lti.NamesAndRoles.getMembers(token, { limit: 1, pages: 1 });
    expect(first.members.map((m: any) => m.user_id)).toEqual([String(student.accountId)]);
    expect(first.next).toBe(`${elp}/api/lti/nrps/${courseId}/memberships?limit=1&offset=1`);
    const second = await lti.NamesAndRoles.getMembers(token, { url: first.next, pages: 1 });
    expect(second.members.map((m: any) => m.user_id)).toEqual([String(instructor.accountId)]);
    expect(second.next).toBeUndefined();
    // every page followed: the same members as without a limit
    const all = await lti.NamesAndRoles.getMembers(token, { limit: 1, pages: false });
    expect(all.members.map((m: any) => m.user_id)).toEqual([String(student.accountId), String(instructor.accountId)]);
    const bad = await t.app.inject({ method: 'GET', url: `/api/lti/nrps/${courseId}/memberships?limit=0` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String) });
  });

  it('deep linking: the instructor picks content in ltijs; the signed response becomes the resource link', async () => {
    const b = new Browser({ elp_sid: instructor.cookie.split('=')[1] });
    const page = await b.open(`${elp}/api/instructors/Courses/${programId}/Exercises/${exerciseId}/LTI/DeepLink`);
    expect(page.status, page.hops.join('\n') + page.body).toBe(200);
    expect(page.body).toContain('Виртуальная лаборатория 7');
    const [link] = await t.db.select().from(ltiLinks).where(eq(ltiLinks.exerciseId, exerciseId));
    expect(link).toMatchObject({ url: `${toolUrl}/lab/7`, title: 'Виртуальная лаборатория 7', custom: { lab: '7' }, presentation: 'window' });
  });

  it('refuses: a non-member’s launch, a missing nonce, a reused or foreign login hint, a tampered state', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/study/lti/${courseId}/${exerciseId}/launch`, headers: outsider.headers })).statusCode).toBe(404);
    const hint = async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/study/lti/${courseId}/${exerciseId}/launch`, headers: student.headers });
      expect(r.statusCode).toBe(302);
      return new URL(r.headers.location as string).searchParams.get('lti_message_hint')!;
    };
    const auth = (who: SignedIn, q: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: `/api/lti/auth?${new URLSearchParams({ scope: 'openid', response_type: 'id_token', response_mode: 'form_post', prompt: 'none', client_id: 'ltijs-tool', redirect_uri: `${toolUrl}/lab/7`, login_hint: String(who.accountId), state: 's', nonce: 'n1', ...q })}`,
        headers: who.headers,
      });
    const h1 = await hint();
    const noNonce = await auth(student, { lti_message_hint: h1, nonce: '' });
    expect(noNonce.statusCode).toBe(400);
    expect(noNonce.json()).toMatchObject({ ErrorCode: 'invalid_request', error: 'invalid_request' });
    expect((await auth(student, { lti_message_hint: h1, redirect_uri: 'https://evil.example/' })).statusCode).toBe(400);
    expect((await auth(outsider, { lti_message_hint: h1 })).statusCode).toBe(403);
    const ok = await auth(student, { lti_message_hint: h1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-security-policy']).toContain(`form-action ${toolUrl}`);
    expect((await auth(student, { lti_message_hint: h1 })).statusCode).toBe(400);

    // a tampered state: ltijs refuses by its own rule, onConnect is not reached
    const before = connected.length;
    const b = new Browser({ elp_sid: student.cookie.split('=')[1] });
    const page = await b.open(`${elp}/api/study/lti/${courseId}/${exerciseId}/launch`, { tamper: (f) => f.state && (f.state = 'forged') });
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(connected.length).toBe(before);
  });

  it('a client assertion serves once: a replay, one without jti and one living an hour are refused', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const [tool] = await t.db
      .insert(ltiTools)
      .values({ name: 'Replay', clientId: 'replay-tool', deploymentId: 'dep-r', loginUrl: `${toolUrl}/login`, targetLinkUri: `${toolUrl}/`, publicKey: await exportSPKI(publicKey) })
      .returning();
    const assertion = (claims: Record<string, unknown>, expires = '1m') =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).setIssuer('replay-tool').setSubject('replay-tool').setAudience(`${elp}/api/lti/token`).setExpirationTime(expires).sign(privateKey);
    const token = (jwt: string) =>
      fetch(`${elp}/api/lti/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: jwt, scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score' }),
      });
    const once = await assertion({ jti: 'a-1' });
    const first = await token(once);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    // the same assertion seen in transit and played again: no second token
    const replay = await token(once);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ ErrorCode: 'invalid_client', error: 'invalid_client' });
    expect((await token(await assertion({}))).status).toBe(401);
    expect((await token(await assertion({ jti: 'a-2' }, '1h'))).status).toBe(401);
    expect((await token(await assertion({ jti: 'a-3' }))).status).toBe(200);
    const kept = await t.db.select().from(ltiAssertions).where(eq(ltiAssertions.toolId, tool.id));
    expect(kept.map((r) => r.jti).sort()).toEqual(['a-1', 'a-3']);
    // once expired they are swept (a replay would fail on its exp by then)
    await sweepLti(t.db, new Date(Date.now() + 11 * 60_000));
    expect(await t.db.select().from(ltiAssertions).where(eq(ltiAssertions.toolId, tool.id))).toEqual([]);
  });

  it('refuses a client assertion signed with another key, and a forged access token', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const assertion = await new SignJWT({ jti: randomBytes(8).toString('hex') })
      .setProtectedHeader({ alg: 'RS256', kid: (await exportJWK(publicKey)).n!.slice(0, 8) })
      .setIssuer('ltijs-tool')
      .setSubject('ltijs-tool')
      .setAudience(`${elp}/api/lti/token`)
      .setExpirationTime('1m')
      .sign(privateKey);
    const r = await fetch(`${elp}/api/lti/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion, scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score' }),
    });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ ErrorCode: 'invalid_client', error: 'invalid_client' });
    const forged = await new SignJWT({ scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score', tool: 1 }).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).setIssuer(elp).setAudience(`${elp}/api/lti`).setExpirationTime('1h').sign(privateKey);
    const s = await fetch(`${elp}/api/lti/ags/${courseId}/${exerciseId}/lineitem/scores`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
      body: JSON.stringify({ userId: String(student.accountId), scoreGiven: 10, scoreMaximum: 10, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: new Date().toISOString() }),
    });
    expect(s.status).toBe(401);
  });
});
