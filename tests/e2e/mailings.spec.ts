import { expect, newPage, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { createCourseByApi, unique } from './support/courses';

/**
 * Issue 14 item 2, end to end: an instructor writes a manual mailing of a course, previews it
 * (fields filled in for a sample student, the footer) and sends it; the mailing shows as sent and
 * its recipient's letter is listed (kept in the outbox: the e2e server has no SMTP_URL).
 */
test('an instructor creates a manual mailing, previews it and sends it; it shows as sent', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const label = `E2E рассылка ${unique()}`;
  const courseId = await createCourseByApi(page.request, label);
  // a recipient: the demo student joins the course
  const studentPage = await newPage(browser, baseURL);
  await signIn(studentPage, DEMO.student, '/my-courses');
  expect((await studentPage.request.post(`/api/students/trainings/${courseId}/join`, { data: {} })).status()).toBeLessThan(300);
  await studentPage.context().close();

  await page.goto(`/courses/${courseId}`);
  await page.getByRole('link', { name: /ручные уведомления|manual notifications/i }).first().click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/manual-notifications$`));
  await page.getByRole('link', { name: /новая рассылка|new mailing/i }).click();
  await expect(page.getByTestId('mailing-placeholders')).toContainText('{student}');
  await page.getByLabel(/тема письма|subject/i).fill('Новости курса {course}');
  await page.locator('[contenteditable="true"]').first().fill('Здравствуйте, {student}!');
  await page.getByTestId('mailing-preview-button').click();
  const preview = page.getByTestId('mailing-preview');
  await expect(preview).toContainText(`Новости курса ${label}`);
  await expect(preview).toContainText('Здравствуйте, Иван Иванов!');
  await expect(preview).toContainText('Вы получили это письмо как участник курса');
  await page.getByRole('button', { name: /закрыть|close/i }).click();
  await page.getByRole('button', { name: /сохранить|save/i }).click();

  await expect(page.getByTestId('mailing-state')).toHaveText(/черновик|draft/i, { timeout: 20_000 });
  await page.getByTestId('mailing-send-link').click();
  await page.getByTestId('mailing-send').click();
  await expect(page.getByTestId('mailing-state')).toHaveText(/отправлена|sent/i, { timeout: 30_000 });
  await expect(page.getByTestId('mailing-recipients')).toContainText(DEMO.student);
});
