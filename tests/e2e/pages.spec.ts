import { expect, test } from './support/fixtures';
import { DEMO, pathOf, signIn } from './support/ui';

const START_LEARNING = /начать обучение|start learning/i;

for (const path of ['/', '/welcome']) {
  test(`a guest sees the welcome page at ${path}`, async ({ page }) => {
    await page.goto(path);
    const start = page.getByRole('button', { name: START_LEARNING }).or(page.getByRole('link', { name: START_LEARNING })).first();
    await expect(start).toBeVisible();
    expect(pathOf(page)).toMatch(/^\/(welcome)?\/?$/);
    await expect(page.getByTestId('error-page')).toHaveCount(0);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  });
}

test('a student opening an instructor route gets the 403 page', async ({ page }) => {
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/my-courses/);
  await page.goto('/courses');
  const errorPage = page.getByTestId('error-page');
  await expect(errorPage).toBeVisible();
  await expect(errorPage).toContainText(/403|доступ|access|forbidden|прав/i);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  expect(pathOf(page)).toBe('/courses');
});

test('a guest opening an unknown address sees the not-found page', async ({ page }) => {
  await page.goto('/no-such-page-e2e/42');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
});

test('a signed-in user opening an unknown address sees the not-found page', async ({ page }) => {
  await signIn(page, DEMO.instructor);
  await expect(page).toHaveURL(/\/courses/);
  await page.goto('/no-such-page-e2e/42');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
});
