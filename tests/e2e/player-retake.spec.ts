import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { freshCourse, startLecture, unique } from './support/courses';

/**
 * Issue 29 item 5, as a student in the English UI: the test played and submitted in the player,
 * then «Retake the exercise» → Confirm → the hello page says attempt 2 → Start, and the first
 * question takes an answer at once. Before the fix the player named the discarded attempt (its
 * cached slide, shown while reloading, wrote that attempt into the player's memory) and the first
 * question was «The attempt is over: answers are read-only» with attempt 1's answer.
 */

const frame = (page: Page) => page.getByTestId('player-frame');

test('a retake starts a fresh attempt at once: the first question takes an answer', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(180_000);
  const courseId = await freshCourse(browser, baseURL, `E2E retake ${unique()}`);
  await context.addCookies([{ name: 'elp_lang', value: 'en', url: baseURL! }]);
  await signIn(page, DEMO.student2, '/my-courses');
  await dismissCookies(page);
  // the lecture (the test opens after it) through the API
  const { lecture } = await startLecture(page.request, courseId);
  expect((await page.request.post(`/api/trainings/${courseId}/exercises/${lecture.id}/finish`)).status()).toBe(200);

  // attempt 1 in the player: Start, answer the first question, Submit
  await page.goto(`/my-courses/course/${courseId}`);
  await page.getByTestId('exercise-row').getByRole('link', { name: 'Проверочный тест' }).click();
  const hello = page.getByTestId('player-hello');
  await expect(page.getByTestId('hello-attempt')).toHaveText('1');
  await hello.getByRole('button', { name: /^start$/i }).click();
  await expect(page.getByTestId('slide-counter')).toHaveText(/^1 \/ \d+$/);
  await frame(page).getByRole('radio', { name: 'Гвидо ван Россум' }).check();
  await frame(page).getByRole('button', { name: /^save answer$/i }).click();
  await expect(frame(page).getByTestId('question-saved')).toBeVisible();
  const menu = page.getByTestId('exercise-menu');
  await menu.getByRole('link', { name: /^finish$/i }).click();
  await page.getByTestId('player-end').getByRole('button', { name: /^submit$/i }).click();
  const final = page.getByTestId('final-page');
  await expect(final).toBeVisible();
  // the test's reflection survey opens by itself over the final page: left for later
  const survey = page.getByRole('dialog');
  await expect(survey).toBeVisible();
  await survey.getByRole('button', { name: /^later$/i }).click();
  await expect(survey).toBeHidden();

  // Retake → Confirm → attempt 2 → Start
  await final.getByRole('button', { name: /^(retry|retake the exercise)$/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^confirm$/i }).click();
  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByTestId('hello-attempt')).toHaveText('2');
  // the retake made the attempt: Start is a link to its first slide
  await hello.getByRole('link', { name: /^start$/i }).click();
  await expect(page.getByTestId('slide-counter')).toHaveText(/^1 \/ \d+$/);

  // a fresh attempt: nothing read-only, nothing answered, and the answer saves
  await expect(page.getByText('The attempt is over: answers are read-only')).toHaveCount(0);
  const author = frame(page).getByRole('radio', { name: 'Гвидо ван Россум' });
  await expect(author).toBeEnabled();
  await expect(author).not.toBeChecked();
  await author.check();
  await frame(page).getByRole('button', { name: /^save answer$/i }).click();
  await expect(frame(page).getByTestId('question-saved')).toBeVisible();
  await expect(page.getByText('The attempt is over: answers are read-only')).toHaveCount(0);
  // the server has it in attempt 2
  const testId = Number(page.url().split('/').at(-2));
  const start = (await (await page.request.post(`/api/Trainings/${courseId}/Exercises/${testId}/Pages`, { data: { slideId: 'start', preview: true } })).json()) as { attemptNo: number; status: string; slides: { answered: boolean }[] };
  expect(start).toMatchObject({ attemptNo: 2, status: 'in_progress' });
  expect(start.slides[0].answered).toBe(true);
});
