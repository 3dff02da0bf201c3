import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, navItem, signIn } from './support/ui';

test('a student opens the knowledge base from the menu, searches and opens an article', async ({ page }) => {
  await signIn(page, DEMO.student, '/my-courses');
  await dismissCookies(page);
  await navItem(page, /база знаний|knowledge base/i).click();
  await expect(page).toHaveURL(/\/knowledge-base$/);
  await expect(page.getByTestId('kb-article-card')).toHaveCount(3);
  await page.getByRole('textbox', { name: /поиск по базе знаний/i }).fill('сертификат');
  await expect(page.getByTestId('kb-article-card')).toHaveCount(1);
  await page.getByTestId('kb-article-card').getByText('Как получить сертификат').click();
  await expect(page).toHaveURL(/\/knowledge-base\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Как получить сертификат' })).toBeVisible();
  await expect(page.getByTestId('kb-article-body')).toContainText('Достижения');
});
