import { count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts, news } from '../../server/db/schema/index.js';
import { registerErrorHandling } from '../../server/errors.js';
import { registerBodyTypes } from '../../server/http/bodyTypes.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Issue 10 item 6: a page on another port of the same host created news and discarded a
 * student's running test with a url-encoded form post. State-changing calls now check
 * Origin (or Sec-Fetch-Site) and take JSON unless a route declares more.
 * The test app's PUBLIC_URL is http://localhost:3000.
 */
const t = await createTestApp();
const h = studyHelpers(t);
const CREATE = '/api/instructors/NewsFeed/create';
const OTHER_PORT = 'http://localhost:4000';
const OWN = 'http://localhost:3000';
const FORM = 'application/x-www-form-urlencoded';
let instructor: SignedIn;

const newsCount = async () => (await t.db.select({ n: count() }).from(news))[0].n;
/** as a browser sends it to the app at PUBLIC_URL */
const post = (url: string, headers: Record<string, string>, payload: string | object) =>
  t.app.inject({ method: 'POST', url, headers: { host: 'localhost:3000', ...instructor.headers, ...headers }, payload });
const json = { 'content-type': 'application/json' };
const item = { title: 'Новость', contentValue: '<p>Текст</p>' };

beforeAll(async () => {
  instructor = await t.signIn('Instructors');
});

describe('cross-origin form posts (the attack)', () => {
  it('refuses the url-encoded news form posted from another port, and creates nothing', async () => {
    const before = await newsCount();
    const res = await post(CREATE, { 'content-type': FORM, origin: OTHER_PORT, 'sec-fetch-site': 'same-site' }, 'title=Hacked&contentValue=%3Cp%3Ex%3C%2Fp%3E');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ErrorCode: 'CrossOriginRequest', Title: expect.any(String), Description: expect.any(String) });
    expect(await newsCount()).toBe(before);
  });

  it('refuses a url-encoded body even without Origin (415 in the spec shape), and creates nothing', async () => {
    const before = await newsCount();
    const res = await post(CREATE, { 'content-type': FORM }, 'title=Hacked&contentValue=%3Cp%3Ex%3C%2Fp%3E');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ ErrorCode: 'UnsupportedMediaType', Title: expect.any(String), Description: expect.any(String) });
    // text/plain, the other preflight-free form encoding, likewise
    const plain = await post(CREATE, { 'content-type': 'text/plain' }, JSON.stringify(item));
    expect(plain.statusCode).toBe(415);
    expect(plain.json().ErrorCode).toBe('UnsupportedMediaType');
    expect(await newsCount()).toBe(before);
  });

  it("does not let another port's form discard a student's running test", async () => {
    const data = await h.course();
    const student = await t.signIn('Students');
    await h.enrol(data.course.id, student.accountId);
    const started = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = started.json().sessionId as number;
    for (const headers of [{ origin: OTHER_PORT }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${data.base}/restart`,
        headers: { ...student.headers, 'content-type': FORM, ...headers },
        payload: 'x=1',
      });
      expect([403, 415]).toContain(res.statusCode);
    }
    const [attempt] = await t.db.select().from(attempts).where(eq(attempts.id, sessionId));
    expect(attempt.status).toBe('in_progress');
  });
});

describe('origin check', () => {
  it('refuses a JSON post whose Origin is another port (403)', async () => {
    const before = await newsCount();
    for (const origin of [OTHER_PORT, 'http://localhost', 'https://localhost:3000', 'http://evil.example', 'null']) {
      const res = await post(CREATE, { ...json, origin }, item);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().ErrorCode).toBe('CrossOriginRequest');
    }
    expect(await newsCount()).toBe(before);
  });

  it('without Origin, trusts Sec-Fetch-Site: cross-site and same-site are refused', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await post(CREATE, { ...json, 'sec-fetch-site': site }, item);
      expect(res.statusCode, site).toBe(403);
    }
  });

  it('refuses other state-changing methods and hub negotiation from another origin', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: '/api/invite/1', headers: { ...instructor.headers, origin: OTHER_PORT } });
    expect(del.statusCode).toBe(403);
    const student = await t.signIn('Students');
    const hub = await t.app.inject({ method: 'POST', url: '/hubs/visit-log/negotiate?negotiateVersion=1', headers: { ...student.headers, origin: OTHER_PORT } });
    expect(hub.statusCode).toBe(403);
  });

  it('lets same-origin calls through: PUBLIC_URL, the address the request was sent to, Sec-Fetch-Site same-origin, no browser headers', async () => {
    const cases: Record<string, string>[] = [
      { origin: OWN, 'sec-fetch-site': 'same-origin' },
      // dev mode: Vite's proxy keeps the browser's Host; or the server reached by another name
      { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' },
      { origin: 'https://elp.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'elp.example', 'x-forwarded-proto': 'https' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of cases) {
      const res = await post(CREATE, { ...json, ...headers }, item);
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('leaves reads alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/instructors/NewsFeed', headers: { ...instructor.headers, origin: OTHER_PORT } });
    expect(res.statusCode).toBe(200);
  });
});

describe('body types', () => {
  it('a route opts in to text/plain with config.bodyTypes; others answer 415', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    registerBodyTypes(app);
    app.post('/api/commit', { config: { bodyTypes: ['text/plain'] } }, async (request) => ({ got: request.body }));
    app.post('/api/json', async (request) => ({ got: request.body }));
    const send = (url: string, type: string, payload: string) => app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
    // read as JSON (sendBeacon's type for a JSON string)
    expect((await send('/api/commit', 'text/plain', '{"a":1}')).json()).toEqual({ got: { a: 1 } });
    expect((await send('/api/commit', 'text/plain', 'a=1')).json()).toMatchObject({ ErrorCode: 'InvalidJson' });
    expect((await send('/api/commit', 'application/json', '{"a":1}')).json()).toEqual({ got: { a: 1 } });
    const refused = await send('/api/json', 'text/plain', '{"a":1}');
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ ErrorCode: 'UnsupportedMediaType' });
    expect((await send('/api/json', FORM, 'a=1')).statusCode).toBe(415);
    expect((await send('/api/json', 'application/xml', '<a/>')).statusCode).toBe(415);
    await app.close();
  });
});
