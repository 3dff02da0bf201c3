import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { freshCourse, unique } from './support/courses';

/**
 * Issue 6, the player shell and the final page, end to end: the demo student 2 joins a fresh
 * course of the demo program (made through the API by the demo instructor, so the spec does
 * not depend on the other specs or on its own earlier runs), finds the test locked (opened by its
 * address: the no-access page), plays the lecture slide by slide with Continue, submits it and
 * sees the final page; then the test (its hello page starts no
 * clock: the attempt and its countdown begin on Start): Submit without the
 * required answer ('session not completed'), the answer chosen and saved by Continue, Submit,
 * the score, the reflection survey (validated) and the feedback form, and Retry with its confirm
 * starting attempt 2.
 */


const frame = (page: Page) => page.getByTestId('player-frame');
const continueLink = (page: Page) => frame(page).getByRole('link', { name: /^(продолжить|continue)$/i });

test('a student plays the lecture and the test, submits, sees the results and retries', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000); // two sessions and fourteen slide loads on a shared machine
  const label = `E2E плеер ${unique()}`;
  const courseId = await freshCourse(browser, baseURL, label);

  await signIn(page, DEMO.student2, `/my-courses`);
  await dismissCookies(page);
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`);
  expect(joined.status(), await joined.text()).toBeLessThan(300);

  // --- the test opens after the lecture (rule 4): opened by its address before that, the no-access page (403.15)
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string; isAvailable: boolean }[] }[];
  const locked = outline.flatMap((l) => l.exercises).find((x) => x.label === 'Проверочный тест')!;
  expect(locked.isAvailable).toBe(false);
  await page.goto(`/my-courses/course/${courseId}/${locked.lessonId}/${locked.id}/start`);
  const noAccess = page.getByTestId('error-page');
  await expect(noAccess).toContainText(/нет доступа к упражнению|no access to the exercise/i);
  await expect(page.getByTestId('player-hello')).toHaveCount(0);
  await noAccess.getByRole('link', { name: /^(вернуться к курсу|return to course)$/i }).click();

  // --- the lecture, from the course page
  await expect(page).toHaveURL(new RegExp(`/my-courses/course/${courseId}$`));
  await expect(page.getByTestId('course-page')).toBeVisible();
  await page.getByTestId('exercise-row').getByRole('link', { name: 'Что такое Python' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-courses/course/${courseId}/\\d+/\\d+/start$`));
  const hello = page.getByTestId('player-hello');
  await expect(hello.getByRole('heading', { name: 'Что такое Python' })).toBeVisible();
  await expect(page.getByTestId('hello-type')).toHaveText(/лекция/i);
  await expect(page.getByTestId('hello-attempt')).toHaveText('1');
  const total = Number(await page.getByTestId('hello-slides').textContent());
  expect(total).toBeGreaterThan(1);
  await expect(page.getByTestId('exercise-menu').getByTestId('player-step')).toHaveCount(total);

  await hello.getByRole('button', { name: /^(начать|start)$/i }).click();
  for (let n = 1; n <= total; n++) {
    await expect(page.getByTestId('slide-counter')).toHaveText(`${n} / ${total}`);
    await expect(page.getByTestId('player-clock')).toHaveAttribute('data-mode', 'elapsed');
    if (n === 2) {
      // the URL follows the slide: back returns to the first one, forward to the second
      const second = page.url();
      await page.goBack();
      await expect(page.getByTestId('slide-counter')).toHaveText(`1 / ${total}`);
      await page.goForward();
      await expect(page).toHaveURL(second);
      await expect(page.getByTestId('slide-counter')).toHaveText(`2 / ${total}`);
    }
    await continueLink(page).click();
  }
  await expect(page).toHaveURL(/\/end$/);
  await page.getByTestId('player-end').getByRole('button', { name: /^(завершить|submit)$/i }).click();
  const final = page.getByTestId('final-page');
  await expect(final).toBeVisible();
  await expect(page.getByTestId('final-completion-time')).toHaveText(/^\d+:\d\d/);
  await expect(page.getByTestId('review-notice')).toHaveText(/не требуется|not required/i);
  await expect(final.getByRole('button', { name: /^(пройти заново|retry)$/i })).toHaveCount(0); // a lecture is not retaken

  // --- the test: available after the lecture
  await final.getByRole('link', { name: /^(вернуться к курсу|return to course)$/i }).click();
  await expect(page.getByTestId('course-page')).toBeVisible();
  await page.getByTestId('exercise-row').getByRole('link', { name: 'Проверочный тест' }).click();
  await expect(page.getByTestId('hello-time-limit')).toHaveText(/30/);
  // opening the hello page starts nothing: the full limit stands still, no attempt exists yet
  await expect(page.getByTestId('hello-time-left')).toHaveText('30:00');
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('hello-time-left')).toHaveText('30:00');
  const testId = Number(page.url().split('/').at(-2));
  const peek = await page.request.post(`/api/Trainings/${courseId}/Exercises/${testId}/Pages`, { data: { slideId: 'start', preview: true } });
  expect(await peek.json()).toMatchObject({ sessionId: null, status: 'not_started', secondsLeft: 1800 });
  await page.getByTestId('player-hello').getByRole('button', { name: /^(начать|start)$/i }).click();
  await expect(page.getByTestId('slide-counter')).toHaveText(/^1 \/ \d+$/);
  await expect(page.getByTestId('player-clock')).toHaveAttribute('data-mode', 'countdown');
  await expect(page.getByTestId('player-clock')).toHaveText(/^(30:00|29:\d\d)$/);

  // Submit without the required answer: 'session not completed' lists the slide
  const menu = page.getByTestId('exercise-menu');
  await menu.getByRole('link', { name: /^(завершение|finish)$/i }).click();
  await page.getByTestId('player-end').getByRole('button', { name: /^(завершить|submit)$/i }).click();
  await expect(page.getByTestId('session-not-completed')).toBeVisible();
  await page.getByTestId('unanswered-list').getByRole('link', { name: /Автор языка/ }).click();
  await expect(page.getByTestId('slide-counter')).toHaveText(/^1 \/ \d+$/);

  // answer it and press Continue without «Сохранить ответ»: Continue saves it first; back on the slide it is stored
  await frame(page).getByRole('radio', { name: 'Гвидо ван Россум' }).check();
  await continueLink(page).click();
  await expect(page.getByTestId('slide-counter')).toHaveText(/^2 \/ \d+$/);
  await expect(menu.getByTestId('player-step').first()).toHaveAttribute('data-answered', 'true');
  await frame(page).getByRole('link', { name: /^(назад|previous)$/i }).click();
  await expect(page.getByTestId('slide-counter')).toHaveText(/^1 \/ \d+$/);
  await expect(frame(page).getByTestId('question-saved')).toBeVisible();
  await expect(frame(page).getByRole('radio', { name: 'Гвидо ван Россум' })).toBeChecked();

  await menu.getByRole('link', { name: /^(завершение|finish)$/i }).click();
  await page.getByTestId('player-end').getByRole('button', { name: /^(завершить|submit)$/i }).click();
  await expect(final).toBeVisible();
  await expect(page.getByTestId('final-correct-answers')).toHaveText(/^1\/\d+$/);
  await expect(page.getByTestId('final-score')).toHaveText(/^[1-9]\d*\/\d+$/);

  // the reflection survey opens by itself: required value, minimum characters, at most two options
  const survey = page.getByRole('dialog');
  await expect(survey).toBeVisible();
  await survey.getByRole('button', { name: /^(отправить|send)$/i }).click();
  await expect(survey.getByText(/^(обязательное поле|required)$/i).first()).toBeVisible();
  const hardest = survey.getByRole('textbox', { name: /Что в тесте оказалось самым трудным/ });
  await hardest.fill('Код');
  for (const name of ['Лекция', 'Примеры кода', 'Самостоятельная практика']) await survey.getByRole('checkbox', { name }).check();
  await survey.getByRole('button', { name: /^(отправить|send)$/i }).click();
  await expect(survey.getByText(/10/).first()).toBeVisible();
  await expect(survey.getByText(/не более 2 вариантов|at most 2 options/i)).toBeVisible();
  await hardest.fill('Задача на сумму двух чисел');
  await survey.getByRole('checkbox', { name: 'Самостоятельная практика' }).uncheck();
  await survey.getByRole('button', { name: /^(отправить|send)$/i }).click();
  await expect(survey).toBeHidden();
  await expect(final.getByRole('button', { name: /рефлекси|reflection/i })).toHaveCount(0);

  // the feedback form of the exercise
  const feedback = page.getByTestId('feedback-form');
  // the rating's radios are visually hidden behind their star labels
  const four = feedback.getByRole('radio', { name: /^(оценка 4 из 5|rating 4 of 5)$/i });
  await feedback.locator(`label[for="${await four.getAttribute('id')}"]`).click();
  await expect(four).toBeChecked();
  await feedback.getByRole('textbox').fill('Хороший тест');
  await feedback.getByRole('button', { name: /^(отправить отзыв|send feedback)$/i }).click();
  await expect(page.getByText(/^(отзыв успешно сохранён|feedback has been successfully saved)$/i)).toBeVisible();

  const first = page.getByTestId('question-result').filter({ hasText: 'Автор языка' });
  await first.getByRole('button').first().click();
  await expect(first.getByTestId('answer-preview')).toHaveText(/Гвидо ван Россум/);

  // Retry: nothing changes until the confirmation; then attempt 2 starts
  await final.getByRole('button', { name: /^(пройти заново|retry)$/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /отмена|cancel/i }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('final-score')).toHaveText(/^[1-9]\d*\/\d+$/);
  await final.getByRole('button', { name: /^(пройти заново|retry)$/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: /подтвердить|confirm/i }).click();
  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByTestId('hello-attempt')).toHaveText('2');
});

/** The page itself never scrolls sideways (a wide table or code scrolls inside its own box). */
async function fitsTheWidth(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where}: the page is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
}

test.describe('on a phone (375×740)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every step of the lecture and the test fits the width: hello, each slide, end, results', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const courseId = await freshCourse(browser, baseURL, `E2E плеер на телефоне ${unique()}`);
    await signIn(page, DEMO.student2, `/my-courses`);
    await dismissCookies(page);
    const joined = await page.request.post(`/api/students/trainings/${courseId}/join`);
    expect(joined.status(), await joined.text()).toBeLessThan(300);
    const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
    const exercise = (label: string) => outline.flatMap((l) => l.exercises).find((x) => x.label === label)!;

    for (const label of ['Что такое Python', 'Проверочный тест']) {
      const x = exercise(label);
      await page.goto(`/my-courses/course/${courseId}/${x.lessonId}/${x.id}/start`);
      await expect(page.getByTestId('player-hello')).toBeVisible();
      await expect(page.getByTestId('exercise-menu').getByTestId('menu-exercise').first()).toBeVisible();
      await fitsTheWidth(page, `${label}: hello`);
      const total = Number(await page.getByTestId('hello-slides').textContent());
      await page.getByTestId('player-hello').getByRole('button', { name: /^(начать|start)$/i }).click();
      for (let n = 1; n <= total; n++) {
        await expect(page.getByTestId('slide-counter')).toHaveText(`${n} / ${total}`);
        // a content slide's viewer, or a question's form; a PDF is laid out once its pages render
        const viewer = frame(page).locator('[data-testid="slide-viewer"], [data-testid="question-form"]').first();
        await expect(viewer).toBeVisible();
        if ((await viewer.getAttribute('data-slide-type')) === 'pdf') await expect(viewer.getByTestId('pdf-page').first()).toBeVisible();
        await fitsTheWidth(page, `${label}: slide ${n}`);
        await continueLink(page).click();
      }
      await expect(page.getByTestId('player-end')).toBeVisible();
      await fitsTheWidth(page, `${label}: end`);
      await page.getByTestId('player-end').getByRole('button', { name: /^(завершить|submit)$/i }).click();
      if (label === 'Проверочный тест') {
        // nothing answered: 'session not completed' with the list of required slides
        await expect(page.getByTestId('session-not-completed')).toBeVisible();
        await fitsTheWidth(page, `${label}: session not completed`);
      } else {
        await expect(page.getByTestId('final-page')).toBeVisible();
        await fitsTheWidth(page, `${label}: results`);
      }
    }
  });
});
