import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';
import { freshCourse, unique } from './support/courses';

/**
 * Issue 6, item 2, end to end: the demo student joins a fresh course of the demo program (made
 * through the API by the demo instructor, so runs and retries do not depend on each other),
 * opens its SCORM exercise: the sample SCORM 1.2 package finds the runtime API, reports
 * 'incomplete'; the student presses Complete; after a reload the package resumes with its
 * saved data and the status 'completed' is shown — and stored (the course's lessons call).
 */


type OutlineExercise = { id: number; lessonId: number; kind: string; status: number; score: number | null };
async function scormExercise(page: Page, courseId: number): Promise<OutlineExercise> {
  const res = await page.request.get(`/api/students/trainings/${courseId}/lessons`);
  expect(res.status()).toBe(200);
  const lessons = (await res.json()) as { exercises: OutlineExercise[] }[];
  const ex = lessons.flatMap((l) => l.exercises).find((e) => e.kind === 'scorm');
  expect(ex, 'the demo program has a SCORM exercise').toBeTruthy();
  return ex!;
}

test('a student plays the sample SCORM package; its completion is saved and resumed', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const courseId = await freshCourse(browser, baseURL, `E2E SCORM ${unique()}`);
  await signIn(page, DEMO.student, '/my-courses');
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`);
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const ex = await scormExercise(page, courseId);
  expect(ex.status).toBe(0);

  await page.goto(`/my-courses/course/${courseId}/${ex.lessonId}/${ex.id}/start`);
  const player = page.getByTestId('scorm-player');
  const status = page.getByTestId('scorm-status');
  // the launcher (content origin) in the player's frame, the package's page inside it
  const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('iframe');
  await expect(player).toBeVisible();
  // the package found the API and reported 'incomplete' on its first launch
  await expect(sco.locator('#status')).toHaveText('incomplete');
  await expect(sco.locator('#location')).toHaveText('—');
  await expect(status).toHaveAttribute('data-status', 'incomplete');
  await expect(status).toContainText('не завершён');

  await sco.getByRole('button', { name: 'Завершить урок' }).click();
  await expect(sco.locator('#message')).toHaveText('Урок завершён, результат сохранён.');
  await expect(status).toHaveAttribute('data-status', 'completed');
  await expect(status).toContainText('завершён');
  await expect(page.getByTestId('scorm-score')).toHaveText(/90 из 100/);

  // reloaded: the package resumes with what it saved, and the status stays
  await page.reload();
  await expect(sco.locator('#location')).toHaveText('end');
  await expect(sco.locator('#suspend')).toHaveText(/^visits=\d+$/);
  await expect(sco.locator('#status')).toHaveText('completed');
  await expect(status).toHaveAttribute('data-status', 'completed');
  await expect(sco.getByRole('button', { name: 'Завершить урок' })).toBeDisabled();
  await expect(page.getByTestId('scorm-error')).toHaveCount(0);

  // stored: the course's outline has the exercise completed with the package's score
  expect(await scormExercise(page, courseId)).toMatchObject({ status: 4, score: 90 });
  await page.getByRole('link', { name: /^(вернуться к курсу|return to course)$/i }).first().click();
  await expect(page).toHaveURL(new RegExp(`/my-courses/course/${courseId}$`));
});

/**
 * Issue 27 item 5: the package gets the width. At 1280 px the course menu no longer sits beside
 * it (it goes below) and a package's outline opens above the frame: the frame is at least 800 px
 * wide; at 375 px it takes the phone's width (the page's own 8 px margins aside), nothing scrolls sideways.
 */
test('the SCORM package gets the width: at least 800 px at 1280, the whole phone at 375', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const courseId = await freshCourse(browser, baseURL, `E2E SCORM ширина ${unique()}`);
  await signIn(page, DEMO.student, '/my-courses');
  expect((await page.request.post(`/api/students/trainings/${courseId}/join`)).status()).toBeLessThan(300);
  const ex = await scormExercise(page, courseId);
  const frame = page.getByTestId('scorm-frame');
  const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('iframe');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/my-courses/course/${courseId}/${ex.lessonId}/${ex.id}/start`);
  // the package has started in its frame (a busy machine with two specs at once: give the launcher time)
  await expect(sco.locator('#status')).toHaveText('incomplete', { timeout: 30_000 });
  expect((await frame.boundingBox())!.width).toBeGreaterThanOrEqual(800);
  // the course menu is still there, below the package
  const menu = (await page.getByTestId('exercise-menu').boundingBox())!;
  expect(menu.y).toBeGreaterThan((await frame.boundingBox())!.y);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(async () => (await frame.boundingBox())!.width).toBeGreaterThanOrEqual(375 - 16);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
