import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * A plain resource from its declaration alone (issue 11 item 8): the expulsion-application
 * templates at /resources/templates, reached from /resources. The demo instructor adds a
 * template, finds it in the list, edits it; on a phone the page never scrolls sideways.
 */
test.use({ viewport: { width: 375, height: 740 } });

test('an instructor adds and edits an expulsion-application template', async ({ page }) => {
  test.setTimeout(90_000);
  const label = `Шаблон E2E ${Date.now().toString(36)}`;
  await signIn(page, DEMO.instructor, '/resources');
  await dismissCookies(page);
  await page.getByTestId('section-expulsion-templates').click();
  await expect(page).toHaveURL(/\/resources\/templates$/);
  await expect(page.getByText(/шаблонов пока нет|no templates yet/i).or(page.getByRole('table'))).toBeVisible();

  await page.getByRole('link', { name: /добавить шаблон|add a template/i }).first().click();
  await expect(page).toHaveURL(/\/resources\/templates\/create$/);
  await page.getByLabel(/^(название|name)/i).fill(label);
  await page.getByLabel(/^(текст заявления|application text)/i).fill('Прошу отчислить меня с курса');
  await page.getByRole('button', { name: /сохранить|save/i }).click();
  await expect(page).toHaveURL(/\/resources\/templates$/);
  await page.getByRole('cell', { name: label }).click();

  await expect(page).toHaveURL(/\/resources\/templates\/\d+$/);
  const name = page.getByLabel(/^(название|name)/i);
  await expect(name).toHaveValue(label);
  await name.fill(`${label} правка`);
  await page.getByRole('button', { name: /сохранить|save/i }).click();
  await expect(page).toHaveURL(/\/resources\/templates$/);
  await expect(page.getByRole('cell', { name: `${label} правка` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
