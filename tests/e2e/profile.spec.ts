import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * /profile and /profile/password (issue 13 items 1 and 4), end to end on a phone: the demo student
 * edits the profile with one invalid field and sees the valid ones saved, uploads an avatar, and
 * finds the password form.
 */
test.use({ viewport: { width: 375, height: 740 } });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

test('a student edits the profile with one invalid field, uploads an avatar and opens the password page', async ({ page }) => {
  test.setTimeout(90_000);
  const about = `О себе E2E ${Date.now().toString(36)}`;
  await signIn(page, DEMO.student, '/profile');
  await dismissCookies(page);
  await expect(page.getByTestId('profile-page')).toBeVisible();

  await page.getByTestId('profile-about').fill(about);
  await page.getByTestId('profile-phone').fill('123');
  await expect(page.getByTestId('profile-phone')).toHaveValue('+1 (23');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText(/корректный номер телефона|valid phone number/i).first()).toBeVisible();
  await expect(page.getByText(/верные поля сохранены|valid fields are saved/i)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('profile-about')).toHaveValue(about);
  await expect(page.getByTestId('profile-phone')).not.toHaveValue('+1 (23');

  await page.getByTestId('profile-avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /\/api\/files\/\d+/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // the demo's attribute group is a page of the profile
  await page.getByTestId('attribute-groups').getByRole('link', { name: 'Работа и учёба' }).click();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByText('Учебное заведение').first()).toBeVisible();
  await page.goBack();

  await page.getByRole('link', { name: /управление паролем|password management/i }).click();
  await expect(page).toHaveURL(/\/profile\/password$/);
  await expect(page.getByTestId('password-oldPassword')).toBeVisible();
  await page.getByTestId('password-newPassword').fill('short');
  await page.getByTestId('password-repeat').fill('short');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText(/более 8 символов|more than 8 characters/i)).toBeVisible();
});
