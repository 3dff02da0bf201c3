import { expect, test } from './support/fixtures';
import { DEMO, DEMO_PASSWORD, signIn } from './support/ui';

/**
 * Issue 13 item 5: a student links a second account by its e-mail and password on /accounts,
 * switches into it (the header says so) and back to the main account from the profile menu,
 * then unlinks it again (the demo accounts are shared by the other specs).
 */
test('links a second account, switches into it and back, and unlinks it', async ({ page }) => {
  await signIn(page, DEMO.student2, '/accounts');
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByTestId('accounts-table')).toBeVisible();

  // a retry after a half-finished run may find the link made already
  const rootRow = page.getByTestId('accounts-table').getByRole('row').filter({ hasText: DEMO.root });
  if ((await rootRow.count()) === 0) {
    await page.getByTestId('accounts-link').click();
    await page.getByTestId('link-login').fill(DEMO.root);
    await page.getByTestId('link-password').fill('wrong-password');
    await page.getByTestId('link-submit').click();
    await expect(page.getByTestId('link-error')).toHaveText('Неверный логин или пароль');
    await page.getByTestId('link-password').fill(DEMO_PASSWORD);
    await page.getByTestId('link-submit').click();
  }
  await expect(rootRow).toHaveCount(1);
  await expect(page.getByTestId('switched-session-notice')).toHaveCount(0);

  // Log in: the page reloads at the root in the linked (Root) account
  await rootRow.getByRole('button', { name: /^(войти|log in)$/i }).click();
  await expect(page).toHaveURL(/\/courses/);
  await expect(page.getByTestId('switched-session-notice')).toBeVisible();
  expect((await (await page.request.get('/api/account/current-state')).json())).toMatchObject({ role: 'Root', isMain: false, canSwitchBack: true });

  // back to the main account from the profile menu
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: /основной аккаунт|main account/i }).click();
  await expect(page).toHaveURL(/\/my-courses/);
  expect((await (await page.request.get('/api/account/current-state')).json())).toMatchObject({ role: 'Students', isMain: true });

  // unlink, so the shared demo accounts stay as they were
  await page.goto('/accounts');
  await rootRow.getByRole('button', { name: /^(отвязать|unlink)$/i }).click();
  await page.getByTestId('accounts-unlink-confirm').click();
  await expect(rootRow).toHaveCount(0);
});
