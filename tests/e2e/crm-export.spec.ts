import { expect, test } from './support/fixtures';
import { demoIds } from './support/demoIds';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * The CRM export (issue 28 item 8): from the course page the instructor opens the CRM export's
 * queue, starts a CSV export, follows it to "done" and downloads the file the CRM imports.
 */
test('an instructor exports the course’s students to a CSV for the CRM through the task queue', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const { courseId } = await demoIds(page.request);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole('link', { name: /^(выгрузка в crm|export to the crm)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/export-to-crm/task-queue$`));

  await page.getByLabel(/^(формат выгрузки|export format)/i).click();
  await page.getByRole('option', { name: /csv/i }).click();
  await page.getByTestId('crm-export-start').click();
  const task = page.getByTestId('task-list').locator('tbody tr').first();
  await expect(task.getByTestId('task-status')).toHaveText(/выполнена|done/i, { timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await task.getByRole('link', { name: /^(скачать|download)$/i }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const path = await download.path();
  const text = (await import('node:fs')).readFileSync(path!, 'utf8').replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toMatch(/^(ID аккаунта|Account ID),/);
  expect(text).toContain('student@example.com');
});
