import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';
import { freshCourse, unique } from './support/courses';

/**
 * Issue 27 item 7, "calls that fail on every load": a normal load of the learner's pages makes no
 * call the server answers with 4xx or 5xx — not the player's slide load before its redirect to the
 * hello page, not the feedback read of an exercise without a feedback form, not the account check
 * of /sync for a guest. Each page is opened by its address and left to settle.
 */

/** Records every /api answer of 400 and above while `visit` runs. */
async function failingCalls(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const failed: string[] = [];
  const seen = (r: { status(): number; url(): string; request(): { method(): string } }) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/')) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  };
  page.on('response', seen);
  try {
    await visit();
    // late calls (a menu's, a panel's) come after the page has shown
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', seen);
  }
  return failed;
}

test('a guest: the welcome page and /sync make no failing call', async ({ page }) => {
  expect(await failingCalls(page, async () => {
    await page.goto('/welcome');
    await expect(page.getByTestId('welcome-page')).toBeVisible();
  })).toEqual([]);
  // /sync has no account to synchronise for a guest: it goes on without asking (no 401)
  expect(await failingCalls(page, async () => {
    await page.goto('/sync');
    await expect(page).toHaveURL(/\/welcome/);
  })).toEqual([]);
});

test('a student: my courses, the course page, the player before and after an attempt, the results — no failing call', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const courseId = await freshCourse(browser, baseURL, `E2E вызовы ${unique()}`);
  await signIn(page, DEMO.student2, '/my-courses');
  expect((await page.request.post(`/api/students/trainings/${courseId}/join`, { data: {} })).status()).toBeLessThan(300);
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string; kind: string }[] }[];
  const lecture = outline.flatMap((l) => l.exercises).find((e) => e.label === 'Что такое Python')!;
  const at = (step: string | number) => `/my-courses/course/${courseId}/${lecture.lessonId}/${lecture.id}/${step}`;

  const pages: [string, () => Promise<void>][] = [
    ['my courses', async () => {
      await page.goto('/my-courses');
      await expect(page.getByTestId('course-card').first()).toBeVisible();
    }],
    ['course page', async () => {
      await page.goto(`/my-courses/course/${courseId}`);
      await expect(page.getByTestId('lesson').first()).toBeVisible();
    }],
    // a slide's address before the first attempt: the hello page, without a 404 first
    ['a slide before the attempt', async () => {
      await page.goto(at(999_999));
      await expect(page).toHaveURL(new RegExp(`${at('start')}$`));
      await expect(page.getByTestId('player-hello')).toBeVisible();
    }],
    ['the end step before the attempt', async () => {
      await page.goto(at('end'));
      await expect(page).toHaveURL(new RegExp(`${at('start')}$`));
      await expect(page.getByTestId('player-hello')).toBeVisible();
    }],
  ];
  for (const [name, visit] of pages) expect(await failingCalls(page, visit), name).toEqual([]);

  // the lecture done (through the API): its results, an exercise without a feedback form
  const started = await page.request.post(`/api/trainings/${courseId}/exercises/${lecture.id}/Pages`, { data: { slideId: 'start' } });
  const firstSlide = ((await started.json()) as { slides: { id: number }[] }).slides[0].id;
  expect((await page.request.post(`/api/trainings/${courseId}/exercises/${lecture.id}/finish`)).status()).toBe(200);
  expect(await failingCalls(page, async () => {
    await page.goto(at('end'));
    await expect(page.getByTestId('final-page')).toBeVisible();
    await expect(page.getByTestId('feedback-form')).toHaveCount(0);
  }), 'the results').toEqual([]);
  expect(await failingCalls(page, async () => {
    await page.goto(at(firstSlide));
    await expect(page.getByTestId('player-frame')).toBeVisible();
  }), 'a slide of the attempt').toEqual([]);
});
