import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { contentKey, issueCapability } from '../../server/content/capability.js';
import { LAUNCHER_SOURCE, launcherBuild } from '../../server/content/launcher.js';
import { seedScorm } from '../../server/db/seed/scorm.js';
import { DiskStorage } from '../../server/files/storage.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * The content origin (issue 10 item 3): SCORM package files are served on another host name
 * than the app's, authorised by an attempt's capability in the path and never by cookies; the
 * app's host serves no package file and the content host no API, page or session.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'elp-scorm-content-'));
const t = await createTestApp({ DATA_DIR: dataDir });
const h = studyHelpers(t);
const APP = 'localhost:3000';
const CONTENT = 'content.localhost:3000';
let student: SignedIn;
let courseId: number;
let scormId: number;
let packageKey: string;
let launched: { sessionId: number; contentUrl: string; launcherUrl: string };

const get = (host: string, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
/** The path of an address on the content origin, with `file` instead of the launch page. */
const packagePath = (file: string) => new URL(launched.contentUrl).pathname.replace(/index\.html$/, file);

beforeAll(async () => {
  const data = await h.course();
  courseId = data.course.id;
  scormId = await seedScorm(t.db, new DiskStorage(join(dataDir, 'files')), { programId: data.program.id, lessonIds: [data.exercise.lessonId, data.exercise.lessonId], exercises: { lecture: 0, test: 0, webinar: 0 } });
  packageKey = `scorm/${scormId}-demo`;
  student = await t.signIn('Students');
  await h.enrol(courseId, student.accountId);
  const r = await t.app.inject({ method: 'POST', url: `/api/trainings/${courseId}/exercises/${scormId}/scorm/launch`, headers: student.headers });
  expect(r.statusCode, r.body).toBe(200);
  launched = r.json();
});

describe('package files on the content origin', () => {
  it('are served with the capability, with a policy that keeps the package off the app origin', async () => {
    expect(new URL(launched.contentUrl).host).toBe(CONTENT);
    const page = await get(CONTENT, new URL(launched.contentUrl).pathname);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="sco.js">');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval' https:;");
    // what packages load from elsewhere (a CDN's script, fonts, styles, images, media)
    for (const d of ['style-src', 'font-src', 'img-src', 'media-src']) expect(csp).toMatch(new RegExp(`${d} [^;]*https:`));
    // but no connection to anything but this origin (not the app's)
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'self' http://localhost:3000");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await get(CONTENT, packagePath('sco.js'))).headers['content-type']).toMatch(/^text\/javascript/);
    expect((await get(CONTENT, packagePath('style.css'))).headers['content-type']).toMatch(/^text\/css/);
    expect((await get(CONTENT, packagePath('imsmanifest.xml'))).headers['content-type']).toBe('application/xml');
  });

  it('answers byte ranges and revalidates with validators (a video seeks, a revisit gets 304)', async () => {
    const whole = await get(CONTENT, packagePath('sco.js'));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // the bytes under an address never change: kept an hour, then revalidated
    expect(whole.headers['cache-control']).toBe('private, max-age=3600');
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"p[\w-]+-\d+"$/);
    expect(whole.headers['last-modified']).toBeDefined();
    const part = await get(CONTENT, packagePath('sco.js'), { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
    expect((await get(CONTENT, packagePath('sco.js'), { 'if-none-match': etag })).statusCode).toBe(304);
    // another file of the package has its own validator
    expect((await get(CONTENT, packagePath('style.css'))).headers.etag).not.toBe(etag);
  });

  it('keeps paths inside the package', async () => {
    for (const p of ['..%2F..%2F..%2Fpackage.json', '%2E%2E/%2E%2E/x', 'missing.html', 'a%00b', '..\\index.html']) {
      const r = await get(CONTENT, packagePath(p));
      expect(r.statusCode, p).toBe(p.includes('%00') ? 400 : 404); // a NUL byte is refused before anything else
    }
  });

  it('refuses a forged, altered or expired capability (403), whoever asks', async () => {
    const key = await contentKey(t.db);
    const token = new URL(launched.contentUrl).pathname.split('/')[3];
    const [body, mac] = token.split('.');
    const altered = `${Buffer.from(JSON.stringify({ a: launched.sessionId, k: 'scorm/other', x: 4102444800 })).toString('base64url')}.${mac}`;
    const expired = issueCapability(key, { attemptId: launched.sessionId, packageKey }, new Date(Date.now() - 1000));
    for (const bad of ['x', `${body}.AAAA`, altered, expired, `${body}.${mac}.x`]) {
      const r = await get(CONTENT, `/scorm/package/${bad}/index.html`, { cookie: student.cookie });
      expect(r.statusCode, bad).toBe(403);
      expect(r.json()).toMatchObject({ ErrorCode: 'ContentLinkExpired', Title: 'Ссылка на материалы урока устарела: откройте упражнение заново' });
    }
  });

  it('a retake revokes the capability of the discarded attempt', async () => {
    const learner = await t.signIn('Students');
    await h.enrol(courseId, learner.accountId);
    const first = (await t.app.inject({ method: 'POST', url: `/api/trainings/${courseId}/exercises/${scormId}/scorm/launch`, headers: learner.headers })).json();
    const path = new URL(first.contentUrl).pathname;
    // (not opened before: the attempt's state is remembered 10 s per process)
    const restart = await t.app.inject({ method: 'POST', url: `/api/trainings/${courseId}/exercises/${scormId}/restart`, headers: learner.headers });
    expect(restart.statusCode, restart.body).toBe(200);
    expect((await get(CONTENT, path)).statusCode).toBe(403);
    const fresh = (await t.app.inject({ method: 'POST', url: `/api/trainings/${courseId}/exercises/${scormId}/scorm/launch`, headers: learner.headers })).json();
    expect(fresh.sessionId).not.toBe(first.sessionId);
    expect((await get(CONTENT, new URL(fresh.contentUrl).pathname)).statusCode).toBe(200);
  });
});

describe('one listener, two hosts', () => {
  it('the app host serves no package file and no launcher', async () => {
    for (const url of [new URL(launched.contentUrl).pathname, '/scorm/launcher']) {
      const r = await get(APP, url, { cookie: student.cookie });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().ErrorCode).toBe('RouteNotFound');
    }
  });

  it('the content host serves no API call, sign-in or app page, even with a session cookie', async () => {
    for (const url of ['/api/account/state', `/api/students/trainings/${courseId}/lessons`, '/api/auth/login', '/oidc/.well-known/openid-configuration', '/', '/my-courses', '/api/docs']) {
      const r = await get(CONTENT, url, { cookie: student.cookie });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['set-cookie'], url).toBeUndefined();
    }
    const post = await t.app.inject({ method: 'POST', url: `/api/trainings/${courseId}/exercises/${scormId}/restart`, headers: { host: CONTENT, cookie: student.cookie } });
    expect(post.statusCode).toBe(404);
  });

  it('the launcher page is framed by the app alone and names it for its message checks', async () => {
    const r = await get(CONTENT, '/scorm/launcher');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('<meta name="elp-app-origin" content="http://localhost:3000">');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(r.headers['x-frame-options']).toBeUndefined();
    expect((await get(CONTENT, '/scorm/launcher/assets/index.html')).statusCode).toBe(404);
  });

  it("the app's own pages may frame the content origin; the app's policy stays tight", async () => {
    const r = await get(APP, '/api/account/state', { cookie: student.cookie });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src [^;]*http:\/\/content\.localhost:3000/);
    expect(csp).not.toMatch(/script-src [^;]*https:/);
  });

  it('a second launch of the attempt gets the same package address (the browser cache serves it again)', async () => {
    const again = await t.app.inject({ method: 'POST', url: `/api/trainings/${courseId}/exercises/${scormId}/scorm/launch`, headers: student.headers });
    expect(again.json().contentUrl).toBe(launched.contentUrl);
  });
});

describe('CONTENT_ORIGIN', () => {
  it('defaults to content.localhost on a loopback address, content.<host> elsewhere', () => {
    expect(loadConfig({ PORT: '3000' }).contentOrigin).toBe('http://content.localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4100' }).contentOrigin).toBe('http://content.localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://elp.example.edu' }).contentOrigin).toBe('https://content.elp.example.edu');
    expect(loadConfig({ PUBLIC_URL: 'https://elp.example.edu', CONTENT_ORIGIN: 'https://scorm.example.org/' }).contentOrigin).toBe('https://scorm.example.org');
  });

  it('refuses the app host on another port (cookies ignore ports), a path, or an IP PUBLIC_URL without it', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'http://localhost:3000', CONTENT_ORIGIN: 'http://localhost:3001' })).toThrow(/CONTENT_ORIGIN: must use another host name/);
    expect(() => loadConfig({ CONTENT_ORIGIN: 'http://content.localhost:3000/scorm' })).toThrow(/CONTENT_ORIGIN: must be an origin/);
    expect(() => loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' })).toThrow(/CONTENT_ORIGIN: PUBLIC_URL is an IP address/);
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000', CONTENT_ORIGIN: 'http://scorm.lan:3000' }).contentOrigin).toBe('http://scorm.lan:3000');
  });
});

describe('the launcher build', () => {
  it("serves the launcher entry and the chunks it imports from Vite's manifest, or the source without a build", () => {
    const dist = mkdtempSync(join(tmpdir(), 'elp-launcher-'));
    expect(launcherBuild(dist)).toEqual({ script: `/${LAUNCHER_SOURCE}`, assets: new Map() });
    mkdirSync(join(dist, '.vite'));
    const manifest = (m: object) => writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(m));
    manifest({ 'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-2.js'] } });
    expect(launcherBuild(dist).script).toBe(`/${LAUNCHER_SOURCE}`);
    manifest({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-2.js', '_admin-4.js'] },
      [LAUNCHER_SOURCE]: { file: 'assets/scorm-launcher-3.js', isEntry: true, imports: ['_shared-2.js'] },
      '_shared-2.js': { file: 'assets/shared-2.js' },
      '_admin-4.js': { file: 'assets/admin-4.js' },
    });
    const build = launcherBuild(dist);
    expect(build.script).toBe('/scorm/launcher/assets/scorm-launcher-3.js');
    expect([...build.assets.keys()].sort()).toEqual(['scorm-launcher-3.js', 'shared-2.js']);
    expect(build.assets.get('shared-2.js')).toBe(join(dist, 'assets', 'shared-2.js'));
  });
});
