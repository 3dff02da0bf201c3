import { expect, test } from './support/fixtures';
import {
  DEMO,
  isDarkTheme,
  LANGUAGE_EN,
  LANGUAGE_GROUP,
  navItem,
  pickSetting,
  settingsButton,
  signIn,
  THEME_DARK,
  THEME_GROUP,
} from './support/ui';

const NEWS_RU = /^новости$/i;
const NEWS_EN = /^news$/i;
const LANGUAGE_RU = { testId: 'language-ru', name: /^(ru\b|русский|russian)/i };

test('the language switch (RU → EN) persists across a reload', async ({ page }) => {
  // its own account, so a language kept on the account does not leak into other specs
  await signIn(page, DEMO.student2);
  await expect(page).toHaveURL(/\/my-courses/);
  await expect(navItem(page, /^(новости|news)$/i)).toBeVisible();
  // a retry after a half-finished run may find the account already in English
  if (await navItem(page, NEWS_EN).isVisible()) await pickSetting(page, LANGUAGE_GROUP, LANGUAGE_RU);
  await expect(navItem(page, NEWS_RU)).toBeVisible();

  await pickSetting(page, LANGUAGE_GROUP, LANGUAGE_EN);
  await expect(navItem(page, NEWS_EN)).toBeVisible();
  await expect(navItem(page, NEWS_RU)).toHaveCount(0);

  await page.reload();
  await expect(navItem(page, NEWS_EN)).toBeVisible();
  await expect(navItem(page, NEWS_RU)).toHaveCount(0);
});

test('the theme switch (light → dark) persists across a reload', async ({ page }) => {
  await signIn(page, DEMO.teacher);
  await expect(page).toHaveURL(/\/courses/);
  await expect(settingsButton(page)).toBeVisible();
  // the browser prefers light (playwright.config.ts), and the default theme follows the system
  await expect.poll(() => isDarkTheme(page)).toBe(false);

  await pickSetting(page, THEME_GROUP, THEME_DARK);
  await expect.poll(() => isDarkTheme(page)).toBe(true);

  await page.reload();
  await expect(settingsButton(page)).toBeVisible();
  await expect.poll(() => isDarkTheme(page)).toBe(true);
});

test.describe('with a dark system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('the default theme follows the system', async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await expect(page).toHaveURL(/\/courses/);
    await expect(settingsButton(page)).toBeVisible();
    await expect.poll(() => isDarkTheme(page)).toBe(true);
  });
});
