import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, settingsButton, signIn } from './support/ui';

/**
 * The quick-access toolbar (issue 28 item 8): reached from the settings menu, an instructor picks
 * two shortcuts, puts them in another order, and the header shows them in that order after a
 * reload (stored per account through AccountSetting, not in the browser).
 */
test.use({ viewport: { width: 1280, height: 800 } });

test('the quick-access toolbar keeps its order after reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.teacher, '/courses');
  await dismissCookies(page);
  await settingsButton(page).click();
  await page.getByRole('menuitem', { name: /панели быстрого доступа|quick-access toolbar/i }).click();
  await expect(page).toHaveURL(/\/courses\/quick-access-toolbar-setting$/);

  const choices = page.getByTestId('quick-access-choices');
  await choices.getByRole('checkbox', { name: /^(курсы|courses)$/i }).check();
  await choices.getByRole('checkbox', { name: /^(данные профиля|profile data)$/i }).check();
  await page.getByTestId('quick-access-save').click();
  const toolbar = page.getByRole('navigation', { name: /^(панель быстрого доступа|quick-access toolbar)$/i });
  await expect(toolbar.getByRole('link')).toHaveCount(2);

  await page.getByTestId('quick-access-sort-link').click();
  await expect(page).toHaveURL(/\/sort$/);
  await page.getByRole('button', { name: /(выше|move up): (данные профиля|profile data)/i }).click();
  await page.getByTestId('quick-access-save-order').click();
  await expect(toolbar.getByRole('link').first()).toHaveAccessibleName(/^(данные профиля|profile data)$/i);

  await page.reload();
  await expect(toolbar.getByRole('link')).toHaveCount(2);
  await expect(toolbar.getByRole('link').nth(0)).toHaveAccessibleName(/^(данные профиля|profile data)$/i);
  await expect(toolbar.getByRole('link').nth(1)).toHaveAccessibleName(/^(курсы|courses)$/i);
  await toolbar.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/profile$/);
});
