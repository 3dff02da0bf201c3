import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';
import { freshCourse, startLecture, unique } from './support/courses';

/**
 * Issue 15 item 2: no layout shift while a learner page loads (CLS ≤ 0.1 is the goal; today's pages
 * shift by less than 0.01). Each of the five pages opens in a fresh tab on a phone, as a first visit
 * (the cookie banner shows), for a student with an unfinished exercise (my courses' warning above the
 * cards). Every shift is summed, a stricter measure than Lighthouse's worst session window.
 */
const LIMIT = 0.02;

test('the five learner pages load without shifting on a phone', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const courseId = await freshCourse(browser, baseURL, `E2E без сдвигов ${unique()}`);
  await signIn(page, DEMO.student2, '/my-courses');
  // an attempt begun and left: my courses warns of it above the cards
  const { lecture, firstSlide: first } = await startLecture(page.request, courseId);

  const pages: [string, string][] = [
    ['/welcome', '/welcome'],
    ['/my-courses', '/my-courses'],
    ['/student-catalog', '/student-catalog'],
    ['course page', `/my-courses/course/${courseId}`],
    ['player (1st slide)', `/my-courses/course/${courseId}/${lecture.lessonId}/${lecture.id}/${first}`],
  ];
  for (const [name, path] of pages) {
    const tab = await page.context().newPage();
    await tab.setViewportSize({ width: 375, height: 812 });
    await tab.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; nodes: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
          if (entry.hadRecentInput) continue;
          const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}${s.node.getAttribute('data-testid') ? `[${s.node.getAttribute('data-testid')}]` : ''}.${s.node.className}`.slice(0, 120) : String(s.node?.nodeName)));
          w.shifts.push({ value: entry.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await tab.goto(path);
    await tab.waitForLoadState('networkidle');
    // the reveals after the data (a render later) and the widgets' own reads
    await tab.waitForTimeout(1_500);
    const shifts = await tab.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, `${name}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(LIMIT);
    await tab.close();
  }
});
