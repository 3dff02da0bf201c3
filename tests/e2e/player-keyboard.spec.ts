import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { freshCourse, unique, joinAndPassLectureBefore } from './support/courses';

/**
 * Issue 27 item 3, end to end: a student takes the demo test ('Проверочный тест': one slide per
 * question kind, server/db/seed/slides.ts) from the course page to the final page with the
 * keyboard only — Tab, Shift+Tab, arrows, Space, Enter, Escape and typing; no clicks, no fill.
 * Each step's heading takes the focus when it arrives; each save is announced by the polite
 * live region; the sequence is reordered by dnd-kit's keyboard drag (announced in Russian).
 * student2 plays in a fresh course (the shell's own tests use the demo student); the lecture
 * before the test is finished through the API, as the test opens after it.
 */
const TEST_EXERCISE = 'Проверочный тест';

/** Whether the element has the focus (or holds it). */
const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab (Shift+Tab `back`) until the target has the focus: the way a keyboard user reaches
 * a control. Fails when it is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses`);
}

/** The form on the current slide, once its heading has the focus (the step arrived and took it). */
async function arrive(page: Page, kind: string, title: string): Promise<Locator> {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeFocused({ timeout: 20_000 });
  const form = page.locator(`[data-testid="question-form"][data-kind="${kind}"]`);
  await expect(form).toBeVisible({ timeout: 20_000 });
  return form;
}

/** Save with the keyboard: Tab to the form's Save, Enter; the live region says it was saved. */
async function save(page: Page, form: Locator) {
  await tabTo(page, form.getByTestId('question-save'));
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('question-save-status')).toHaveText(/^(ответ сохранён|answer saved)$/i, { timeout: 60_000 });
  await expect(form.getByTestId('question-save-error')).toHaveCount(0);
}

/** Continue to the next step with the keyboard. */
async function next(page: Page) {
  await tabTo(page, page.getByTestId('player-frame').getByRole('link', { name: /^(продолжить|continue)$/i }));
  await page.keyboard.press('Enter');
}

test('a student takes the demo test from the course page to the final page with the keyboard only', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000); // a sandbox run of the code answer on a busy two-core machine
  const courseId = await freshCourse(browser, baseURL, `E2E клавиатура ${unique()}`);
  await signIn(page, DEMO.student2, '/my-courses');
  await dismissCookies(page);
  const exercise = await joinAndPassLectureBefore(page, courseId, TEST_EXERCISE);

  // --- the course page: Tab to the test's link, Enter; the hello page's heading has the focus
  await page.goto(`/my-courses/course/${courseId}`);
  await tabTo(page, page.getByTestId('course-page').getByRole('link', { name: TEST_EXERCISE }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: TEST_EXERCISE })).toBeFocused({ timeout: 20_000 });
  await tabTo(page, page.getByTestId('player-hello').getByRole('button', { name: /^(начать|start)$/i }));
  await page.keyboard.press('Enter');

  // --- choice (one answer): into the radio group, the arrows choose
  let f = await arrive(page, 'choice', 'Автор языка');
  const radios = f.getByRole('radio');
  await tabTo(page, radios.first());
  const target = f.getByRole('radio', { name: 'Гвидо ван Россум' });
  for (let i = 0; i < 5 && !(await focused(target)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(target).toBeChecked();
  await save(page, f);
  await next(page);

  // --- free answer (integer): typed
  f = await arrive(page, 'free', 'Возведение в степень');
  await tabTo(page, f.getByTestId('free-answer'));
  await page.keyboard.type('8');
  await save(page, f);
  await next(page);

  // --- matching: a select per option, opened with the keyboard, the first target chosen with the arrows
  f = await arrive(page, 'matching', 'Типы значений');
  const selects = f.locator('[data-testid^="match-select-"]');
  const count = await selects.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await tabTo(page, selects.nth(i));
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(listbox).toHaveCount(0);
    await expect(selects.nth(i)).toBeFocused();
    await expect(selects.nth(i)).not.toHaveText(/без соответствия|no match/i);
  }
  await save(page, f);
  await next(page);

  // --- sequence: the first item picked up by its handle (Space), moved down (arrow), dropped (Space); announced in Russian
  f = await arrive(page, 'sequence', 'Порядок запуска');
  const items = f.getByTestId('sequence-item');
  const before = (await items.allTextContents()).map((t) => t.replace(/^\d+\. /, ''));
  const handle = f.getByRole('button', { name: `Перетащить: ${before[0]}` });
  await tabTo(page, handle);
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`Элемент «${before[0]}» взят, место 1 из ${before.length}`);
  await page.keyboard.press('ArrowDown');
  // the move lands when dnd-kit has measured it (a frame later): drop once it says where the item is
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`Элемент «${before[0]}» над местом 2 из ${before.length}`);
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`Элемент «${before[0]}» поставлен на место 2 из ${before.length}`);
  await expect.poll(async () => (await items.allTextContents()).map((t) => t.replace(/^\d+\. /, ''))).toEqual([before[1], before[0], ...before.slice(2)]);
  // and back up with its button
  await tabTo(page, f.getByRole('button', { name: `Переместить выше: ${before[0]}` }));
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await items.allTextContents()).map((t) => t.replace(/^\d+\. /, ''))).toEqual(before);
  await save(page, f);
  await next(page);

  // --- code: typed in the editor; Escape then Tab leaves it (Tab alone indents); saved, every case run
  f = await arrive(page, 'code', 'Сумма двух чисел');
  const editor = f.getByRole('textbox', { name: /^(редактор кода|code editor)$/i });
  await expect(editor).toContainText('a = int(input())', { timeout: 20_000 });
  await tabTo(page, editor);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('print(a + b)\n');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  await save(page, f);
  await expect(f.getByTestId('code-score')).toContainText(/2 из 2|2 of 2/);
  await next(page);

  // --- file: the button opens the file chooser from the keyboard; the upload is saved and listed
  f = await arrive(page, 'file', 'Отчёт о работе');
  await tabTo(page, f.getByRole('button', { name: /^(прикрепить файл|attach a file)$/i }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'main.py', mimeType: 'text/x-python', buffer: Buffer.from('a = int(input())\nb = int(input())\nprint(a + b)\n') });
  await expect(f.getByTestId('question-save-status')).toHaveText(/^(ответ сохранён|answer saved)$/i, { timeout: 30_000 });
  await expect(f.getByTestId('file-list')).toContainText('main.py');
  await next(page);

  // --- attributes
  f = await arrive(page, 'attributes', 'Немного о вас');
  await tabTo(page, f.locator('input[data-testid^="attribute-"], textarea[data-testid^="attribute-"]').first());
  await page.keyboard.type('Университет');
  await save(page, f);
  await next(page);

  // --- the end step: every answer in; Submit with the keyboard; the final page's heading has the focus
  await expect(page.getByRole('heading', { level: 1, name: /^(завершение|finish)/i })).toBeFocused({ timeout: 20_000 });
  await expect(page.getByTestId('unanswered-list')).toHaveCount(0);
  await tabTo(page, page.getByTestId('player-end').getByRole('button', { name: /^(завершить|submit|finish)/i }));
  await page.keyboard.press('Enter');
  const results = page.getByTestId('final-page').getByRole('heading', { level: 1 });
  await expect(page.getByTestId('final-page')).toBeVisible({ timeout: 30_000 });
  // the demo test's reflection survey opens by itself (a dialog holds the focus); Escape closes it
  // and the focus is back on the results' heading
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(results).toBeFocused();

  // saved: the server has an answer for every question of the attempt
  const result = (await (await page.request.get(`/api/trainings/${courseId}/exercises/${exercise.id}/finish`)).json()) as { questions: { label: string; answered: boolean }[] };
  expect(result.questions.length).toBe(7);
  expect(result.questions.filter((q) => !q.answered).map((q) => q.label)).toEqual([]);
});
