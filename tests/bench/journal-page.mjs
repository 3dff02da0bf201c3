// The students journal page in a real browser (issue 28): the course of journal.mjs (1,000 students
// × 100 exercises), opened by its instructor in Debian's Chromium at 1280 × 800 with the largest
// page size (100 students × 100 exercises), then scrolled to the table's far corner and back.
// Measured: the time from navigation until the grid shows its 100 rows, and the main thread's
// long tasks (PerformanceObserver "longtask") while it opens and while it scrolls.
import { performance } from 'node:perf_hooks';

export const JOURNAL_PAGE = { take: 100, openMs: 2000, longTaskMs: 200, scrollSteps: 40 };

/** Answers { openMs, openLongest, scrollLongest, rows } or throws. */
export async function measureJournalPage({ url, cookie, courseId }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    // the cookie banner answered, the page size chosen before the page opens (as a returning user has it)
    await context.addInitScript(() => {
      localStorage.setItem('elp_cookie_consent', 'accepted');
      localStorage.setItem('RaStore.elp.studentsJournal.take', '100');
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    // warm the server and the browser's cache once (a first visit compiles nothing on the server)
    await page.goto(`${url}/courses/${courseId}/students-journal`);
    await page.getByTestId('students-journal').waitFor({ timeout: 60_000 });
    const t0 = performance.now();
    await page.goto(`${url}/courses/${courseId}/students-journal`);
    await page.waitForFunction((n) => document.querySelectorAll('tbody tr[data-testid^="journal-row-"]').length >= n, JOURNAL_PAGE.take, { timeout: 60_000 });
    const openMs = performance.now() - t0;
    const openTasks = await page.evaluate(() => window.__longTasks.splice(0));
    const rows = await page.locator('tbody tr[data-testid^="journal-row-"]').count();
    // scroll the grid's box sideways and the page down, in steps, then back
    const grid = page.getByTestId('students-journal');
    await grid.hover();
    for (let i = 0; i < JOURNAL_PAGE.scrollSteps; i++) {
      await page.mouse.wheel(i % 2 ? 0 : 400, i % 2 ? 400 : 0);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    for (let i = 0; i < JOURNAL_PAGE.scrollSteps; i++) {
      await page.mouse.wheel(i % 2 ? 0 : -400, i % 2 ? -400 : 0);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    const scrollTasks = await page.evaluate(() => window.__longTasks.splice(0));
    const longest = (tasks) => tasks.reduce((m, t) => Math.max(m, t.duration), 0);
    return { openMs, openLongest: longest(openTasks), scrollLongest: longest(scrollTasks), rows };
  } finally {
    await browser.close();
  }
}
