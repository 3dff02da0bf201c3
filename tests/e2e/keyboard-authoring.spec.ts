import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';

/**
 * Issue 27 item 3, the instructor's keyboard path: from /programs, with the keyboard only
 * (`keyboard.press` and `keyboard.type`; no clicks, no fill), an instructor creates a program, a
 * lesson, an exercise, a text slide and a choice slide whose question is made on the spot in a
 * dialog. After each move focus is on the new screen's heading or on the new thing itself; the
 * dialog keeps focus inside while open and gives it back when it closes. Signing in and the
 * one-time banners are set up before the path starts.
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** What has focus: its tag, role, accessible name as a person would hear it, and whether it is in a dialog. */
function focused(page: Page) {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    if (!e) return { tag: '', role: '', name: '', inDialog: false };
    const labelledBy = e.getAttribute('aria-labelledby');
    const byId = labelledBy ? labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    const label = e.id ? (document.querySelector(`label[for="${CSS.escape(e.id)}"]`)?.textContent ?? '') : '';
    const name = (e.getAttribute('aria-label') || byId || label || e.textContent || '').replace(/\s+/g, ' ').trim();
    return { tag: e.tagName, role: e.getAttribute('role') ?? '', name, inDialog: !!e.closest('[role="dialog"]') };
  });
}

/** Presses Tab (or Shift+Tab) until what has focus matches; fails after `max` presses. */
async function tabTo(page: Page, match: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (match(f)) return f;
  }
  throw new Error(`Tab did not reach ${what}; focus is on ${JSON.stringify(await focused(page))}`);
}
const named = (re: RegExp, tag?: string) => (f: Awaited<ReturnType<typeof focused>>) => re.test(f.name) && (!tag || f.tag === tag);

/** Focus lands on the screen's heading (or the new thing) once the screen has arrived. */
async function expectFocusOn(page: Page, re: RegExp) {
  await expect.poll(async () => (await focused(page)).name, { timeout: 20_000 }).toMatch(re);
}

test('an instructor creates a program, a lesson, an exercise and slides with the keyboard only', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.instructor, '/programs');
  // the one-time banners answered beforehand, as a returning user has them
  await page.evaluate(() => {
    localStorage.setItem('elp_cookie_consent', 'accepted');
    localStorage.setItem('elp_new_design_disclaimer', 'dismissed');
  });
  await page.reload();
  await expect(page.getByTestId('program-list')).toBeVisible({ timeout: 30_000 });

  // --- the program
  await tabTo(page, named(/^(создать программу|create a program)$/i), 'the create link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/programs\/create$/);
  await expectFocusOn(page, /^(новая программа|new program)$/i);
  await tabTo(page, named(/^(название|title)/i, 'INPUT'), 'the title field');
  await page.keyboard.type(`KB program ${run}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/programs\/\d+$/);
  const programId = Number(/\/programs\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  await expectFocusOn(page, new RegExp(`^KB program ${run}$`));

  // --- a lesson: focus comes back on the new lesson
  await tabTo(page, named(/^(добавить урок|add a lesson)$/i), 'add a lesson');
  await page.keyboard.press('Enter');
  await expectFocusOn(page, /^(новый урок|new lesson)$/i);
  await tabTo(page, named(/^(название|title)/i, 'INPUT'), 'the title field');
  await page.keyboard.type(`Урок 1. KB lesson ${run}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((u) => u.pathname === `/programs/${programId}`);
  // numbered by its author: not «1. Урок 1. …»
  await expectFocusOn(page, new RegExp(`^Урок 1\\. KB lesson ${run}$`));

  // --- an exercise from the lesson's menu (a menu: Enter opens it, focus goes into it)
  await tabTo(page, named(/^(добавить упражнение|add an exercise)$/i), 'add an exercise');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).role).toBe('menuitem');
  expect((await focused(page)).name).toMatch(/^(стандартное|standard)/i);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, /^(новое упражнение|new exercise)$/i);
  await tabTo(page, named(/^(название|title)/i, 'INPUT'), 'the title field');
  await page.keyboard.type(`KB exercise ${run}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((u) => u.pathname === `/programs/${programId}`);
  await expectFocusOn(page, new RegExp(`^KB exercise ${run}$`));

  // --- its slides: a text slide through the rich-text editor
  await tabTo(page, named(/^(слайды|slides)$/i), 'the slides link of the new exercise');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/slides$/);
  const slidesPath = new URL(page.url()).pathname;
  await expectFocusOn(page, /^(слайды упражнения|slides of the exercise)$/i);
  await tabTo(page, named(/^(добавить слайд|add a slide)$/i), 'add a slide');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).role).toBe('menuitem');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/slides\/content\/create$/);
  await expectFocusOn(page, /^(новый слайд|new slide)/i);
  await tabTo(page, named(/^(заголовок|title)/i, 'INPUT'), 'the slide title');
  await page.keyboard.type(`KB text ${run}`);
  // the toolbar is one tab stop (arrows move inside it), then the text area, named by its label
  await tabTo(page, (f) => f.role === 'textbox' && /^(содержимое|content)/i.test(f.name), 'the text area');
  await page.keyboard.type('Текст слайда, набранный с клавиатуры.');
  await tabTo(page, named(/^(сохранить|save)$/i, 'BUTTON'), 'save');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((u) => u.pathname === slidesPath);
  await expectFocusOn(page, new RegExp(`^KB text ${run}$`));

  // --- a choice slide; its question does not exist yet: made in a dialog from the picker
  await tabTo(page, named(/^(добавить слайд|add a slide)$/i), 'add a slide', { back: true });
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).role).toBe('menuitem');
  // arrows move inside the menu
  for (let i = 0; i < 20 && !/^(вопрос с вариантами ответа|multiple-choice question)$/i.test((await focused(page)).name); i++) await page.keyboard.press('ArrowDown');
  expect((await focused(page)).name).toMatch(/^(вопрос с вариантами ответа|multiple-choice question)$/i);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/slides\/answers-question\/create$/);
  await tabTo(page, named(/^(заголовок|title)/i, 'INPUT'), 'the slide title');
  await page.keyboard.type(`KB choice ${run}`);
  await tabTo(page, named(/^(создать вопрос|create a question)$/i), 'create a question');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  // Escape closes it and focus goes back to the button that opened it
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await focused(page)).name).toMatch(/^(создать вопрос|create a question)$/i);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // focus stays inside while it is open, forwards and backwards
  for (const back of [false, true]) {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      expect((await focused(page)).inDialog, `focus left the dialog after ${i + 1} ${back ? 'Shift+Tab' : 'Tab'}`).toBe(true);
    }
  }
  await tabTo(page, (f) => f.inDialog && f.tag === 'INPUT' && /^(название|title)$/i.test(f.name), 'the question title');
  await page.keyboard.type(`Столица ${run}`);
  await tabTo(page, (f) => f.inDialog && f.role === 'textbox' && /^(текст вопроса|question text)/i.test(f.name), 'the question text');
  await page.keyboard.type('Какой город — столица Франции?');
  await tabTo(page, (f) => f.inDialog && /^(текст варианта|option text)/i.test(f.name), 'the first option');
  await page.keyboard.type('Париж');
  await tabTo(page, (f) => f.inDialog && /^(текст варианта|option text)/i.test(f.name), 'the second option');
  await page.keyboard.type('Лион');
  await tabTo(page, (f) => f.inDialog && /^(сохранить|save)$/i.test(f.name), 'save the question');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  // the new question is chosen, and focus is on the picker that shows it
  await expect.poll(async () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? '')).toBe(`Столица ${run}`);
  await tabTo(page, named(/^(сохранить|save)$/i, 'BUTTON'), 'save the slide');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((u) => u.pathname === slidesPath);
  await expectFocusOn(page, new RegExp(`^KB choice ${run}$`));
  await expect(page.getByTestId('slide-row')).toHaveCount(2);
});
