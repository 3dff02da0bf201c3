import type { APIRequestContext } from '@playwright/test';
import { expect, newPage, test } from './support/fixtures';
import { createCourseByApi, day, unique } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/** A tiny valid one-page PDF. */
function tinyPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function unreadCount(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/notifications/count');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

test('the badge counts a new notification live, and a certificate notification opens the certificate', async ({ page, browser, baseURL }) => {
  const label = `Уведомления ${unique()}`;
  const certificateTitle = `Сертификат ${unique()}`;
  await signIn(page, DEMO.student, '/my-courses');
  await dismissCookies(page);
  const badge = page.getByTestId('header-notifications').getByTestId('notifications-count');
  await expect(page.getByTestId('header-notifications')).toBeVisible();
  const before = await unreadCount(page.request);

  const instructor = await newPage(browser, baseURL);
  try {
    await signIn(instructor, DEMO.instructor, '/courses');
    const courseId = await createCourseByApi(instructor.request, label);
    // the instructor includes the student: the student's open page counts it without a reload
    const include = await instructor.request.post(`/api/instructors/students/training/${courseId}/include`, { data: { emails: DEMO.student } });
    expect(include.status(), await include.text()).toBe(200);
    await expect(badge).toContainText(String(Math.min(before + 1, 99)));

    // a certificate for the student
    const list = await instructor.request.post(`/api/instructors/students/training/${courseId}/list`, { data: { take: 100, skip: 0 } });
    const studentId = ((await list.json()) as { result: { accountId: number; email: string }[] }).result.find((r) => r.email === DEMO.student)!.accountId;
    const issued = await instructor.request.post('/api/Credential', {
      multipart: { trainingId: String(courseId), studentId: String(studentId), title: certificateTitle, date: day(0), file: { name: 'c.pdf', mimeType: 'application/pdf', buffer: tinyPdf() } },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    await expect(badge).toContainText(String(Math.min(before + 2, 99)));
  } finally {
    await instructor.context().close();
  }

  await page.goto('/notifications');
  const card = page.getByTestId('notification-card').filter({ hasText: certificateTitle });
  await expect(card).toHaveAttribute('data-read', 'false');
  await card.click();
  const dialog = page.getByTestId('certificate-dialog');
  await expect(dialog.getByRole('heading', { name: certificateTitle })).toBeVisible();
  await expect(dialog.locator('.react-pdf__Page, canvas').first()).toBeVisible();
  await dialog.getByRole('button', { name: /закрыть|close/i }).click();
  // closing the modal marks it read
  await expect(card).toHaveAttribute('data-read', 'true');
  await expect(badge).toContainText(String(Math.min(before + 1, 99)));
});
