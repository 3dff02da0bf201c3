import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
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
const VIEWS = [
  { width: 1280, height: 900, scheme: 'light' },
  { width: 1280, height: 900, scheme: 'dark' },
  { width: 375, height: 812, scheme: 'dark' },
  { width: 375, height: 812, scheme: 'light' },
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
type Cookies = Parameters<BrowserContext['addCookies']>[0];
interface Context {
  ids: DemoIds;
  attempt?: { courseId: number; lessonId: number; exerciseId: number; slideId: number };
  cookies: Record<Role, Cookies>;
}
let context: Context | undefined;

/** Signs each role in once (their cookies kept for the walk's pages) and reads the demo ids as the instructor. */
async function prepare(browser: Browser, baseURL: string): Promise<Context> {
  if (context) return context;
  let ids: DemoIds | undefined;
  let attempt: Context['attempt'];
  const cookies: Context['cookies'] = { guest: [], student: [], instructor: [], root: [] };
  for (const role of ['instructor', 'student', 'root'] as const) {
    const ctx = await browser.newContext({ baseURL });
    const page = await ctx.newPage();
    await signIn(page, LOGIN[role]);
    if (role === 'instructor') ids = await demoIds(page.request);
    if (role === 'student') attempt = await studentAttempt(page.request, ids!.courseId);
    cookies[role] = await ctx.cookies();
    await ctx.close();
  }
  context = { ids: ids!, attempt, cookies };
  return context;
}

/** An attempt of the demo course's lecture by the demo student (the player's slide screen needs one). */
async function studentAttempt(request: APIRequestContext, courseId: number): Promise<Context['attempt']> {
  const outline = (await (await request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
  const lecture = outline.flatMap((l) => l.exercises).find((x) => x.label === 'Что такое Python');
  expect(lecture, 'the demo student studies the demo course').toBeTruthy();
  const started = await request.post(`/api/Trainings/${courseId}/Exercises/${lecture!.id}/Pages`, { data: { slideId: 'start' } });
  expect(started.status(), await started.text()).toBe(200);
  const slideId = ((await started.json()) as { slides: { id: number }[] }).slides[0].id;
  return { courseId, lessonId: lecture!.lessonId, exerciseId: lecture!.id, slideId };
}

/** Waits until the page has loaded what it shows: the network quiet and no spinner or skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await expect(page.locator('.MuiSkeleton-root:visible, .MuiCircularProgress-root:visible'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  // MUI's transitions (drawers, fades) last up to 225 ms
  await page.waitForTimeout(300);
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 4).map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`).join('\n')}`)
    .join('\n');
}

for (const role of ['guest', 'student', 'instructor', 'root'] as const) {
  test.describe(`accessibility walk: ${role}`, () => {
    for (const pattern of rowsFor(role)) {
      test(`${role} ${pattern}`, async ({ browser, baseURL, page }) => {
        test.setTimeout(90_000);
        const { ids, attempt, cookies } = await prepare(browser, baseURL!);
        await page.context().addCookies(cookies[role]);
        const path = fillScreen(pattern, ids, attempt);
        const problems: string[] = [];
        await page.setViewportSize({ width: VIEWS[0].width, height: VIEWS[0].height });
        await page.emulateMedia({ colorScheme: VIEWS[0].scheme });
        await page.goto(path);
        await settle(page);
        await expect(page.getByTestId('not-found'), `${path} opens a page`).toHaveCount(0);
        await expect(page.getByTestId('error-page'), `${path} opens without an error page`).toHaveCount(0);
        for (const view of VIEWS) {
          await page.setViewportSize({ width: view.width, height: view.height });
          await page.emulateMedia({ colorScheme: view.scheme });
          await page.waitForTimeout(300);
          const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          const severe = violations.filter((v) => SEVERE.has(v.impact ?? ''));
          if (severe.length) problems.push(`--- ${view.width}px ${view.scheme} (${new URL(page.url()).pathname})\n${describeViolations(severe)}`);
        }
        expect(problems.join('\n'), `${path}: serious or critical axe violations`).toBe('');
      });
    }
  });
}
