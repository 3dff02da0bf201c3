import type { Page } from '@playwright/test';
import { DEMO_ANALYTICS_LABELS } from '../../server/db/seed/analytics';
import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * Issue 28 items 2–4, end to end on the demo data: the analytics course (thirty made-up students,
 * server/db/seed/analytics.ts) shows its paths and usage as charts with their tables, reached from
 * the course page, and the journal's analytics from the journal; the pages fit a phone.
 */

async function analyticsCourseId(page: Page): Promise<number> {
  const res = await page.request.get('/api/instructors/trainings');
  expect(res.status()).toBe(200);
  const course = ((await res.json()) as { id: number; label: string }[]).find((c) => c.label === DEMO_ANALYTICS_LABELS.course);
  expect(course, 'the demo has the analytics course').toBeTruthy();
  return course!.id;
}

/** A chart drew its marks (bars or a line), not an empty frame. */
async function expectDrawn(page: Page, testId: string) {
  const chart = page.getByTestId(testId);
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('role', 'img');
  await expect(chart).toHaveAttribute('aria-label', /.+/);
  await expect.poll(async () => chart.locator('.recharts-bar-rectangle, .recharts-line-curve').count()).toBeGreaterThan(0);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('paths and usage analytics of the demo course show charts with their tables', async ({ page }) => {
  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const courseId = await analyticsCourseId(page);

  await page.goto(`/courses/${courseId}`);
  await page.getByRole('link', { name: /^(аналитика путей|paths analytics)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/paths-analytics$`));
  await expect(page.getByRole('heading', { level: 1, name: /аналитика путей|paths analytics/i })).toBeVisible();
  await expectDrawn(page, 'paths-chart');
  await expect(page.getByTestId('paths-table').locator('tbody tr')).toHaveCount(9);
  await expect(page.getByTestId('paths-summary')).toContainText('30');
  await expect(page.getByTestId('paths-transitions').locator('tbody tr').first()).toBeVisible();

  await page.goto(`/courses/${courseId}`);
  await page.getByRole('link', { name: /^(аналитика использования|usage analytics)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/usage-analytics$`));
  await expectDrawn(page, 'usage-chart');
  await expectDrawn(page, 'usage-groups-chart');
  await expect(page.getByTestId('usage-students').locator('tbody tr')).toHaveCount(30);
  await expect(page.getByTestId('usage-days').locator('tbody tr')).toHaveCount(30);
  await expect(page.getByTestId('usage-rewatched').locator('tbody tr').first()).toBeVisible();

  // a phone: the charts still draw, the tables scroll in their boxes, not the page
  await page.setViewportSize({ width: 375, height: 800 });
  await expectDrawn(page, 'usage-chart');
  await noSidewaysScroll(page);
  await page.goto(`/courses/${courseId}/paths-analytics`);
  await expectDrawn(page, 'paths-chart');
  await noSidewaysScroll(page);
});

test("the journal's analytics follow its filters", async ({ page }) => {
  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const courseId = await analyticsCourseId(page);
  await page.goto(`/courses/${courseId}/students-journal`);
  await page.getByRole('link', { name: /^(аналитика журнала|journal analytics)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/students-journal/analytics$`));
  await expectDrawn(page, 'journal-analytics-chart');
  await expectDrawn(page, 'journal-analytics-progress-chart');
  await expect(page.getByTestId('journal-analytics-summary')).toContainText('30');
  await expect(page.getByTestId('journal-analytics-groups').locator('tbody tr')).toHaveCount(2);
  // one group: fifteen students
  await page.getByLabel(/^(группа|group)$/i).click();
  await page.getByRole('option', { name: 'АД-21' }).click();
  await expect(page.getByTestId('journal-analytics-summary')).toContainText('15');
  await expect(page.getByTestId('journal-analytics-groups').locator('tbody tr')).toHaveCount(1);
});

test("a program's paths compare its courses as a chart with the table behind it", async ({ page }) => {
  await signIn(page, DEMO.instructor, '/programs');
  await dismissCookies(page);
  const courseId = await analyticsCourseId(page);
  const course = (await (await page.request.get(`/api/instructors/trainings/${courseId}/settings`)).json()) as { id: number; programId: number };
  await page.goto(`/programs/${course.programId}`);
  await page.getByRole('link', { name: /^(аналитика путей|paths analytics)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/programs/${course.programId}/paths-analytics$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(DEMO_ANALYTICS_LABELS.program) })).toBeVisible();
  await expectDrawn(page, 'program-paths-courses-chart');
  await expect(page.getByTestId(`program-paths-course-${courseId}`)).toContainText('30');
  await expectDrawn(page, 'paths-chart');
  await expect(page.getByTestId('paths-table').locator('tbody tr')).toHaveCount(9);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectDrawn(page, 'program-paths-courses-chart');
  await noSidewaysScroll(page);
});
