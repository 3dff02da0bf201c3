import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { allows, type Principal, type RuleKey } from '../../shared/permissions';
import { hasPage, screens, type Screen } from '../../shared/screens';
import { demoIds, fillScreen, type DemoIds } from './support/demoIds';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';

/**
 * Issue 27: every screen of the screen table (shared/screens.ts, rows with a page) passes axe-core's
 * WCAG 2.0/2.1/2.2 A and AA rules with no serious or critical violation, for each role that reaches
 * it, in the light and the dark theme, at 1280 px and at 375 px. The ids come from the demo data
 * (support/demoIds.ts). A screen added to the table is walked from then on; a row whose page
 * cannot be opened (not found, error page) fails here too.
 *
 * The theme follows the system's colour scheme unless chosen in the settings, so
 * `emulateMedia({ colorScheme })` switches it on the open page; the width switches by resizing.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SEVERE = new Set(['serious', 'critical']);
/**
 * Both themes at both widths. A width changes the layout (the drawer menu, stacked forms, the
 * header's short form), so every rule runs there; on the same layout a theme changes only colours,
 * so the second theme of each width runs the contrast rule alone (a quarter of the time).
 */
const VIEWS = [
  { width: 1280, height: 900, scheme: 'light', rules: 'all' },
  { width: 1280, height: 900, scheme: 'dark', rules: 'contrast' },
  { width: 375, height: 812, scheme: 'dark', rules: 'all' },
  { width: 375, height: 812, scheme: 'light', rules: 'contrast' },
] as const;

type Role = 'guest' | 'student' | 'instructor' | 'root';
const PRINCIPALS: Record<Role, Principal> = {
  guest: { role: 'Guest', flags: [] },
  student: { role: 'Students', flags: [], accessToPhysical: true },
  instructor: { role: 'Instructors', flags: ['AdminPanelAccess', 'MergingProfiles', 'OnlyEditSettings', 'TrainingSettings', 'ShowStudents', 'ExportStudentActions', 'IncludeAndExcludeStudentsToTutor', 'TrainingInstructorSettings', 'ShowVisitJournal', 'EditVisitJournal', 'CreateGroupLessons', 'IncludeAndExcludeStudentsToTraining'] },
  root: { role: 'Root', flags: [] },
};
const LOGIN: Record<Exclude<Role, 'guest'>, string> = { student: DEMO.student, instructor: DEMO.instructor, root: DEMO.root };

/** The screens a role is walked through: rows with a page its rule lets in (public rows: guests and students). */
function rowsFor(role: Role): string[] {
  return Object.entries(screens as Record<string, Screen>)
    .filter(([path]) => hasPage(path))
    .filter(([, screen]) => allows(PRINCIPALS[role], screen.rule as RuleKey))
    .filter(([, screen]) => screen.rule !== 'public' || role === 'guest' || role === 'student')
    .map(([path]) => path);
}
interface Walk {
  ids: DemoIds;
  attempt?: { courseId: number; lessonId: number; exerciseId: number; slideId: number };
  /** one open page per role, signed in: the walk moves it from screen to screen */
  pageOf(role: Role): Promise<Page>;
}

/**
 * The walk's pages, one per role for the worker's life (a failed test restarts the worker, and
 * with it these). A screen is reached as the app's own links reach it — a client-side
 * navigation — not by reloading the app for each of the ~300 screens: reloading parsed and
 * started the whole app every time and made the walk four times slower.
 */
const walkTest = test.extend<object, { walk: Walk }>({
  walk: [
    async ({ browser }, use) => {
      const baseURL = process.env.ELP_E2E_BASE_URL!;
      const contexts: BrowserContext[] = [];
      const pages = new Map<Role, Promise<Page>>();
      const signedIn = async (role: Role) => {
        const ctx = await browser.newContext({ baseURL, locale: 'ru-RU' });
        contexts.push(ctx);
        const page = await ctx.newPage();
        trackRequests(page);
        await withoutTransitions(page);
        if (role === 'guest') await page.goto('/welcome');
        else await signIn(page, LOGIN[role]);
        return page;
      };
      const instructor = await signedIn('instructor');
      const student = await signedIn('student');
      const ids = await demoIds(instructor.request);
      const attempt = await studentAttempt(student.request, ids.courseId);
      pages.set('instructor', Promise.resolve(instructor));
      pages.set('student', Promise.resolve(student));
      await use({
        ids,
        attempt,
        pageOf: (role) => {
          if (!pages.has(role)) pages.set(role, signedIn(role));
          return pages.get(role)!;
        },
      });
      await Promise.all(contexts.map((c) => c.close()));
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/**
 * A theme switch fades colours over MUI's 250 ms transitions; checked mid-fade, a button's text and
 * fill come from two themes. The walk checks what the page settles into.
 */
async function withoutTransitions(page: Page) {
  await page.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }';
    document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style));
  });
}

/** Opens a path in the running app as its links do (the router follows history), and waits for it to settle. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
}

/** An attempt of the demo course's lecture by the demo student (the player's slide screen needs one). */
async function studentAttempt(request: APIRequestContext, courseId: number): Promise<Walk['attempt']> {
  const outline = (await (await request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
  const lecture = outline.flatMap((l) => l.exercises).find((x) => x.label === 'Что такое Python');
  expect(lecture, 'the demo student studies the demo course').toBeTruthy();
  const started = await request.post(`/api/Trainings/${courseId}/Exercises/${lecture!.id}/Pages`, { data: { slideId: 'start' } });
  expect(started.status(), await started.text()).toBe(200);
  const slideId = ((await started.json()) as { slides: { id: number }[] }).slides[0].id;
  return { courseId, lessonId: lecture!.lessonId, exerciseId: lecture!.id, slideId };
}

/** Requests a page has in flight (its API calls and lazy chunks), counted as they start and end. */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page) {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has loaded what it shows: no request in flight for 150 ms (hub sockets are
 * not requests), then no spinner, skeleton or busy region left (a page that keeps one is walked
 * as it is after 15 s).
 */
async function settle(page: Page) {
  const open = inFlight.get(page);
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (open && Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) break;
    await page.waitForTimeout(50);
  }
  await expect(page.locator('.MuiSkeleton-root:visible, .MuiCircularProgress-root:visible, [aria-busy="true"]:visible'))
    .toHaveCount(0, { timeout: Math.max(1_000, deadline - Date.now()) })
    .catch(() => undefined);
  await painted(page);
}

/** Two frames: React has committed what the last event caused and the page is laid out (transitions are off). */
async function painted(page: Page) {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * axe-core itself, put into the page once per document and run there (`axe.run`). @axe-core/playwright's
 * AxeBuilder injects it again on every call and finishes each run in a new blank page: 2–8 s a
 * check here against 0.3–0.5 s, and the walk makes ~1,200 checks.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function runAxe(page: Page, options: RunOptions): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((opts) => (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(document, opts).then((r) => r.violations), {
    ...options,
    // only the violations' details (passes and inapplicable nodes are half of axe's work)
    resultTypes: ['violations'],
  } as RunOptions);
}

function describeViolations(violations: AxeResults['violations']) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 4).map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`).join('\n')}`)
    .join('\n');
}

/** Every view of the open page through axe: what fails, by view (empty when nothing serious or critical). */
async function axeViews(page: Page): Promise<string> {
  const problems: string[] = [];
  for (const view of VIEWS) {
    const resized = page.viewportSize()?.width !== view.width;
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.emulateMedia({ colorScheme: view.scheme });
    // a width may bring other parts (the phone's drawer menu, a lazily loaded piece) and MUI's
    // transitions keep their JavaScript timers (≤ 225 ms) with CSS transitions off; a theme only repaints
    if (resized) await page.waitForTimeout(250);
    if (inFlight.get(page)?.size) await settle(page);
    else await painted(page);
    const violations = await runAxe(page, view.rules === 'all' ? { runOnly: { type: 'tag', values: TAGS } } : { runOnly: { type: 'rule', values: ['color-contrast'] } });
    const severe = violations.filter((v) => SEVERE.has(v.impact ?? ''));
    if (severe.length) problems.push(`--- ${view.width}px ${view.scheme} (${new URL(page.url()).pathname})\n${describeViolations(severe)}`);
  }
  return problems.join('\n');
}

async function firstView(page: Page) {
  await page.setViewportSize({ width: VIEWS[0].width, height: VIEWS[0].height });
  await page.emulateMedia({ colorScheme: VIEWS[0].scheme });
}

for (const role of ['guest', 'student', 'instructor', 'root'] as const) {
  walkTest.describe(`accessibility walk: ${role}`, () => {
    for (const pattern of rowsFor(role)) {
      walkTest(`${role} ${pattern}`, async ({ walk }) => {
        const page = await walk.pageOf(role);
        const path = fillScreen(pattern, walk.ids, walk.attempt);
        await firstView(page);
        await navigate(page, path);
        await expect(page.getByTestId('not-found'), `${path} opens a page`).toHaveCount(0);
        await expect(page.getByTestId('error-page'), `${path} opens without an error page`).toHaveCount(0);
        expect(await axeViews(page), `${path}: serious or critical axe violations`).toBe('');
      });
    }
  });
}

/**
 * The player's rows open the demo test; an external tool exercise's hello page is another page:
 * no Start, no slide count, "Open the tool" in a new window (the demo tool's presentation).
 */
walkTest('accessibility walk: student, the hello page of an external tool (lti) exercise', async ({ walk }) => {
  const page = await walk.pageOf('student');
  const lti = walk.ids.exercises.lti;
  await firstView(page);
  await navigate(page, `/my-courses/course/${walk.ids.courseId}/${lti.lessonId}/${lti.id}/start`);
  const hello = page.getByTestId('player-hello');
  await expect(hello.getByTestId('lti-open')).toHaveAttribute('target', '_blank');
  await expect(hello.getByTestId('lti-open')).toHaveAccessibleName(/^(открыть инструмент|open the tool)\s*\((откроется в новом окне|opens in a new window)\)$/i);
  await expect(hello.getByTestId('hello-slides')).toHaveCount(0);
  await expect(hello.getByRole('button', { name: /^(начать|start)$/i })).toHaveCount(0);
  expect(await axeViews(page), 'the external tool hello page: serious or critical axe violations').toBe('');
});

test('accessibility walk: the sign-in page of the embedded provider', async ({ page }) => {
  trackRequests(page);
  await withoutTransitions(page);
  await firstView(page);
  await page.goto('/api/auth/login?returnTo=%2F');
  await settle(page);
  await expect(page.locator('input[name="login"]')).toBeVisible();
  expect(await axeViews(page), 'the sign-in page: serious or critical axe violations').toBe('');
});
