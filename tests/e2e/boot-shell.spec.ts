import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The boot shell (scripts/boot-shell.mjs, issue 15): before the app's scripts run, index.html
 * paints the header's place and a first visit's cookie banner in the reader's language; its
 * buttons already work and the app keeps the answer. The app's entry is held back here to see
 * the shell alone, then let through.
 */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Holds the app's entry script back until the returned function lets it through. */
async function holdEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a first visit sees the cookie banner before the app runs, in the chosen language, and «Принять» there is remembered by the app', async ({ page }) => {
  const release = await holdEntry(page);

  await page.goto('/welcome');
  const boot = page.locator('.boot-banner');
  await expect(boot).toBeVisible();
  await expect(boot).toContainText('Мы используем файлы cookie');
  // the app's name as the app says it in Russian
  await expect(page.locator('.boot-header')).toHaveText('ЭОП');
  expect(await page.title()).toBe('ЭОП');
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0); // the app has not run
  await boot.getByRole('button', { name: 'Принять' }).click();
  await expect(boot).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: /начать обучение/i }).or(page.getByRole('link', { name: /начать обучение/i })).first()).toBeVisible();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});

test('the boot banner speaks the language chosen earlier (elp_lang), and the app replaces it with its own', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'elp_lang', value: 'en', url: baseURL! }]);
  const release = await holdEntry(page);

  await page.goto('/welcome');
  const boot = page.locator('.boot-banner');
  await expect(boot).toContainText('We use cookies');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  await expect(page.locator('.boot-header')).toHaveText('ELP');
  expect(await page.title()).toBe('ELP');

  release();
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  await expect(boot).toHaveCount(0);
  await expect(banner).toContainText('We use cookies');
});

test('the boot shell stays until the app has rendered its frame: the page never goes blank in between', async ({ page }) => {
  // every state of #root from the first parse on: the boot shell, then the app's frame
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { rootStates: string[] }).rootStates = seen;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      const state = root.querySelector('.boot-header') ? 'boot' : root.childElementCount === 0 ? 'empty' : 'app';
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/welcome');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { rootStates: string[] }).rootStates)).toEqual(['boot', 'app']);
});
