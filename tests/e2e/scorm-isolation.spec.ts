import type { APIRequestContext } from '@playwright/test';
import { zipEntries } from '../fixtures/scorm/zip';
import { expect, newPage, test } from './support/fixtures';
import { day, unique } from './support/courses';
import { DEMO, signIn } from './support/ui';

/**
 * Issue 10, item 3: a SCORM package's script runs on the content origin, not the app's. The
 * package below plays as a SCORM 1.2 lesson (it reports 'incomplete' through the runtime) and
 * then tries to read the player's page and the app's cookies, to read the student's data
 * through the API, to change it (a favourite, a 'passed' result written straight into the
 * runtime call), to open the app's hub, and to navigate the student's page away. It writes
 * what happened into its own page; every attempt must have failed, and the server's data and
 * the student's page must be as before.
 */

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="evil" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Evil</title><item identifier="i" identifierref="r"><title>Evil</title></item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/><file href="attack.js"/></resource></resources>
</manifest>`;

const INDEX = '<!doctype html><html><head><meta charset="utf-8"><title>Evil</title></head><body><pre id="report">running</pre><script src="attack.js"></script></body></html>';

/** The package's script; APP, COURSE and EXERCISE are filled in by the test. */
const ATTACK = `(function () {
  var report = {};
  var api = parent.API;
  report.api = api ? api.LMSInitialize('') : 'none';
  if (api) { api.LMSSetValue('cmi.core.lesson_status', 'incomplete'); api.LMSCommit(''); }
  var blocked = function (e) { return 'blocked: ' + (e && e.name || e); };
  try { report.playerPage = 'read: ' + top.document.title; } catch (e) { report.playerPage = blocked(e); }
  try { report.playerCookies = 'read: ' + top.document.cookie; } catch (e) { report.playerCookies = blocked(e); }
  report.cookies = document.cookie;
  var tries = [
    ['readApi', function () { return fetch(APP + '/api/students/trainings/' + COURSE + '/lessons', { credentials: 'include' }).then(function (r) { return r.text().then(function (t) { return 'read ' + r.status + ': ' + t.slice(0, 60); }); }); }],
    ['favourite', function () { return fetch(APP + '/api/Favorites/Training/' + COURSE, { method: 'POST', credentials: 'include', mode: 'no-cors' }).then(function (r) { return 'sent: ' + r.type + ' ' + r.status; }); }],
    ['passed', function () { return fetch(APP + '/api/trainings/' + COURSE + '/exercises/' + EXERCISE + '/scorm/runtime', { method: 'PUT', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sessionId: '', cmi: { core: { lesson_status: 'passed', score: { raw: '100' } } } }) }).then(function (r) { return 'sent: ' + r.status; }); }],
    ['hub', function () { return new Promise(function (ok) { var ws = new WebSocket(APP.replace(/^http/, 'ws') + '/hubs/stats'); ws.onopen = function () { ok('opened'); }; ws.onerror = function () { ok('blocked: error'); }; setTimeout(function () { ok('blocked: timeout'); }, 3000); }); }],
  ];
  var left = tries.length;
  tries.forEach(function (t) {
    var p;
    try { p = Promise.resolve(t[1]()); } catch (e) { p = Promise.reject(e); }
    p.then(function (v) { report[t[0]] = v; }, function (e) { report[t[0]] = blocked(e); }).then(function () {
      if (--left) return;
      try { top.location.href = APP + '/welcome?hijacked=1'; report.navigation = 'attempted'; } catch (e) { report.navigation = blocked(e); }
      report.done = true;
      document.getElementById('report').textContent = JSON.stringify(report);
    });
  });
})();`;

const zip = (entries: Record<string, string>) => zipEntries(Object.entries(entries).map(([name, content]) => ({ name, content })));

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

test('a SCORM package cannot reach the player page, the app cookies or the API as the student', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // the demo instructor: a program with the package, and a course of it
  const instructor = await newPage(browser, baseURL);
  await signIn(instructor, DEMO.instructor, '/courses');
  const r = instructor.request;
  const program = await ok<{ id: number }>(await r.post('/api/Instructors/Courses/Create', { data: { label: `E2E SCORM isolation ${unique()}`, description: 'x' } }));
  const lesson = await ok<{ id: number }>(await r.post(`/api/Instructors/Courses/${program.id}/Lessons/Create`, { data: { label: 'Урок' } }));
  const courseId = (await ok<{ id: number }>(await r.post('/api/instructors/trainings/create', { data: { programId: program.id, label: `E2E SCORM isolation ${unique()}`, begin: day(-1), end: day(60), alwaysAvailableByDates: false, joinMode: 'direct' } }))).id;
  await ok(await r.put(`/api/instructors/trainings/${courseId}/settings`, { data: { begin: day(-1), end: day(60), joinMode: 'direct', isPublished: true } }));
  const placeholder = await zip({ 'imsmanifest.xml': MANIFEST, 'index.html': INDEX, 'attack.js': '' });
  const exercise = await ok<{ id: number }>(await r.post(`/api/instructors/Courses/${program.id}/Lessons/${lesson.id}/Exercises/Create/SCORM`, {
    multipart: { label: 'Evil', exerciseType: '30', file: { name: 'evil.zip', mimeType: 'application/zip', buffer: placeholder } },
  }));
  const attack = ATTACK.replace('(function () {', `(function () { var APP = ${JSON.stringify(baseURL)}, COURSE = ${courseId}, EXERCISE = ${exercise.id};`);
  const pkg = await zip({ 'imsmanifest.xml': MANIFEST, 'index.html': INDEX, 'attack.js': attack });
  await ok(await r.post(`/api/instructors/Courses/${program.id}/Exercises/${exercise.id}/SCORM`, { multipart: { file: { name: 'evil.zip', mimeType: 'application/zip', buffer: pkg } } }));
  await instructor.context().close();

  await signIn(page, DEMO.student, '/my-courses');
  await ok(await page.request.post(`/api/students/trainings/${courseId}/join`));
  const playerUrl = `/my-courses/course/${courseId}/${lesson.id}/${exercise.id}/start`;
  await page.goto(playerUrl);
  const frame = page.getByTestId('scorm-frame');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  expect(await frame.getAttribute('sandbox')).not.toMatch(/allow-top-navigation/);
  const contentOrigin = new URL((await frame.getAttribute('src'))!).origin;
  expect(new URL(contentOrigin).hostname).not.toBe(new URL(baseURL!).hostname);

  const reportText = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('iframe').locator('#report');
  await expect(reportText).toContainText('"done":true', { timeout: 30_000 });
  const report = JSON.parse((await reportText.textContent())!) as Record<string, string>;

  // the package plays: the runtime answered it, and its status reached the player
  expect(report.api).toBe('true');
  await expect(page.getByTestId('scorm-status')).toHaveAttribute('data-status', 'incomplete');
  // ...but it reached nothing of the app
  expect(report.playerPage).toMatch(/^blocked/);
  expect(report.playerCookies).toMatch(/^blocked/);
  expect(report.cookies).toBe('');
  for (const name of ['readApi', 'favourite', 'passed', 'hub']) expect(report[name], name).toMatch(/^blocked/);
  // (a navigation would have begun by now: the package tried it before writing its report)
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(new RegExp(`${playerUrl}$`));
  await expect(page.getByTestId('scorm-player')).toBeVisible();

  // the server's data is the student's own doing only
  const description = await ok<{ isFavorite: boolean }>(await page.request.get(`/api/students/trainings/${courseId}/description`));
  expect(description.isFavorite).toBe(false);
  const lessons = await ok<{ exercises: { id: number; status: number; score: number | null }[] }[]>(await page.request.get(`/api/students/trainings/${courseId}/lessons`));
  expect(lessons.flatMap((l) => l.exercises).find((e) => e.id === exercise.id)).toMatchObject({ status: 1, score: null });

  // the session cookie is the app host's alone: the content origin never gets it
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'elp_sid');
  expect(session?.domain).toBe(new URL(baseURL!).hostname);
  expect(await page.context().cookies(contentOrigin)).toEqual([]);
});
