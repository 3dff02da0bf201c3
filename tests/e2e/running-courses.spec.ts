import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newPage, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { createCourseByApi, day, demoProgram, unique } from './support/courses';

/**
 * Issue 4 checks, end to end: an instructor creates a course from the demo program in the
 * browser, makes an invitation, a student joins through it; a course that needs an application
 * shows 'application under review' until the instructor allows it; a certificate uploaded by
 * the instructor is visible to that student only. Every test makes its own courses, so tests
 * (and retries) do not depend on each other's state.
 */


/** A tiny valid one-page PDF (header, catalog, pages, page, xref, trailer). */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
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

/** The account id of a student of the course, from the instructor's student list. */
async function studentAccountId(request: APIRequestContext, courseId: number, email: string): Promise<number> {
  const res = await request.post(`/api/instructors/students/training/${courseId}/list`, { data: { take: 100, skip: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  const rows = ((await res.json()) as { result: { accountId: number; email: string }[] }).result;
  const row = rows.find((r) => r.email === email);
  expect(row, `${email} is a student of course ${courseId}`).toBeTruthy();
  return row!.accountId;
}

const courseIdFrom = (page: Page) => Number(/\/courses\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);

test('instructor creates a course, invites a student who joins; a certificate is visible to that student only', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000); // three sessions and a course made in the browser
  const label = `E2E курс по приглашению ${unique()}`;
  const certificateTitle = `Сертификат ${unique()}`;

  // --- the instructor creates a course from the demo program in the browser
  await signIn(page, DEMO.instructor, '/courses/create');
  await expect(page).toHaveURL(/\/courses\/create/);
  await dismissCookies(page);
  const program = await demoProgram(page.request);
  await page.getByRole('combobox', { name: /программа|program/i }).click();
  await page.getByRole('option', { name: program.label, exact: true }).click();
  await expect(page.getByRole('combobox', { name: /программа|program/i })).toHaveText(program.label);
  await page.getByLabel(/^(название|title)/i).fill(label);
  await page.getByLabel(/^(дата начала|start date)/i).fill(day(-1));
  await page.getByLabel(/^(дата окончания|end date)/i).fill(day(60));
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/courses\/\d+$/);
  const courseId = courseIdFrom(page);
  expect(courseId).toBeGreaterThan(0);
  await expect(page.getByText(label).first()).toBeVisible();

  // --- makes an invitation on the course's invitations screen
  await page.goto(`/courses/${courseId}/invitations`);
  await page.getByRole('link', { name: /^(создать|create)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/invitations/create$`));
  await page.getByRole('button', { name: /^(сгенерировать|generate)/i }).click();
  const codeInput = page.getByLabel(/^(код|code)/i);
  await expect(codeInput).not.toHaveValue('');
  const code = await codeInput.inputValue();
  await page.getByRole('button', { name: /^(создать приглашение|create (an )?invitation)/i }).click();
  const link = page.getByTestId('invitation-link').filter({ hasText: new RegExp(`/invite/${code}$`) });
  await expect(link).toBeVisible();
  // the toast names what was made
  await expect(page.getByText(new RegExp(`^(Приглашение «${code}» создано|Invitation “${code}” created)$`))).toBeVisible();
  // copy the link (onto the clipboard) and show its QR code, beside it
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: new RegExp(`^(скопировать ссылку приглашения|copy the link of invitation) ${code}$`, 'i') }).click();
  await expect(page.getByText(/^(ссылка скопирована|link copied)$/i)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.textContent());
  await page.getByRole('button', { name: new RegExp(`^(qr-код приглашения|qr code of invitation) ${code}$`, 'i') }).click();
  const qr = page.getByRole('dialog').getByTestId('invitation-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const student = await newPage(browser, baseURL);
  const student2 = await newPage(browser, baseURL);
  try {
    // --- the student opens the invitation link, signs in from it and joins
    await student.goto(`/invite/${code}`);
    await expect(student.getByTestId('invite-preview')).toBeVisible();
    await dismissCookies(student);
    await expect(student.getByText(label).first()).toBeVisible();
    await signIn(student, DEMO.student, `/invite/${code}`);
    await expect(student).toHaveURL(new RegExp(`/invite/${code}$`));
    await student.getByRole('button', { name: /^(записаться на курс|join the course)/i }).click();
    await expect(student).toHaveURL(new RegExp(`/my-courses/course/${courseId}$`));

    // --- and finds the course under my courses
    await student.goto('/my-courses');
    const card = student.getByTestId('course-card').filter({ hasText: label });
    await expect(card).toBeVisible();
    await card.getByRole('link').first().click();
    await expect(student).toHaveURL(new RegExp(`/my-courses/course/${courseId}$`));
    await expect(student.getByRole('heading', { name: label })).toBeVisible();

    // --- the instructor uploads a certificate PDF for that student
    const accountId = await studentAccountId(page.request, courseId, DEMO.student);
    await page.goto(`/courses/${courseId}/${accountId}/certificate/create`);
    // the screen offers a certificate generated from the template first; this one is an uploaded PDF
    await page.getByRole('radio', { name: /загрузить pdf|upload a pdf/i }).check();
    await page.getByLabel(/^(название|title|name)/i).fill(certificateTitle);
    await page.getByTestId('certificate-file').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await page.getByRole('button', { name: /^(сохранить|save)$/i }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/certificates$`));
    await expect(page.getByRole('button', { name: certificateTitle, exact: true })).toBeVisible();

    // --- the student sees it (achievements widget on my courses, and their credentials API)
    await student.goto('/my-courses');
    await expect(student.getByTestId('widget-achievements').getByText(certificateTitle)).toBeVisible();
    const mine = await student.request.get('/api/students/credentials');
    expect(mine.status()).toBe(200);
    const own = ((await mine.json()) as { id: number; title: string; trainingId: number }[]).find((c) => c.title === certificateTitle);
    expect(own, 'the certificate is among the student\'s credentials').toBeTruthy();
    expect(own!.trainingId).toBe(courseId);
    const view = await student.request.get(`/api/Credential/View/${own!.id}`);
    expect(view.status()).toBe(200);
    const file = await student.request.get(`/api/Credential/View/${own!.id}/file`);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // --- and the other student does not
    await signIn(student2, DEMO.student2, '/my-courses');
    await dismissCookies(student2);
    await expect(student2.getByTestId('my-courses-page')).toBeVisible();
    const widget = student2.getByTestId('widget-achievements');
    await expect(widget).toBeVisible();
    await expect(widget.locator('.MuiSkeleton-root'), 'the achievements have loaded').toHaveCount(0);
    await expect(widget.getByText(certificateTitle)).toHaveCount(0);
    const theirs = await student2.request.get('/api/students/credentials');
    expect(theirs.status()).toBe(200);
    expect(((await theirs.json()) as { title: string }[]).map((c) => c.title)).not.toContain(certificateTitle);
    expect([403, 404]).toContain((await student2.request.get(`/api/Credential/View/${own!.id}`)).status());
    expect([403, 404]).toContain((await student2.request.get(`/api/Credential/View/${own!.id}/file`)).status());
  } finally {
    await student.context().close();
    await student2.context().close();
  }
});

test("a course that needs an application shows 'application under review' until the instructor allows it", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000); // two sessions
  const label = `E2E курс по заявке ${unique()}`;
  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const courseId = await createCourseByApi(page.request, label, 'application');

  const student = await newPage(browser, baseURL);
  try {
    // --- the student applies from the course preview (reached through the catalogue search)
    await signIn(student, DEMO.student2, '/student-catalog');
    await dismissCookies(student);
    await student.getByRole('textbox', { name: /поиск|search/i }).fill(label);
    const card = student.getByTestId('course-card').filter({ hasText: label });
    await expect(card).toHaveCount(1);
    await card.getByRole('link').first().click();
    await expect(student).toHaveURL(new RegExp(`/student-catalog/catalog/course/${courseId}$`));
    await student.getByRole('button', { name: /^(подать заявку|apply)$/i }).click();
    await expect(student.getByTestId('application-pending')).toHaveText(/заявка на рассмотрении|application under review/i);
    await expect(student.getByRole('button', { name: /^(подать заявку|apply|записаться на курс|join the course)$/i })).toHaveCount(0);

    // still under review after a reload, and not among my courses
    await student.reload();
    await expect(student.getByTestId('application-pending')).toBeVisible();
    await student.goto('/my-courses');
    await expect(student.getByTestId('my-courses-page')).toBeVisible();
    await expect(student.getByTestId('course-card').filter({ hasText: label })).toHaveCount(0);
    const before = await student.request.get('/api/students/trainings');
    expect(before.status()).toBe(200);
    expect(JSON.stringify(await before.json())).not.toContain(label);

    // --- the instructor allows the application
    await page.goto('/applications-enrollment');
    const row = page.getByRole('row').filter({ hasText: label }).filter({ hasText: DEMO.student2 });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^(принять|allow)$/i }).click();
    await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(0);

    // --- the course appears in the student's courses; the preview no longer shows the notice
    await student.goto('/my-courses');
    const mine = student.getByTestId('course-card').filter({ hasText: label });
    await expect(mine).toBeVisible();
    await student.goto(`/student-catalog/catalog/course/${courseId}`);
    await expect(student.getByTestId('course-preview')).toBeVisible();
    await expect(student.getByTestId('application-pending')).toHaveCount(0);
    await expect(student.getByRole('link', { name: /перейти к курсу|go to (the )?course/i })).toBeVisible();
  } finally {
    await student.context().close();
  }
});

test.describe("running a course's screens on a phone (375×740)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('each list, form and page fits the width: tables scroll inside their box, never the page', async ({ page }) => {
    test.setTimeout(120_000);
    const label = `E2E курс на телефоне ${unique()}`;
    await signIn(page, DEMO.instructor, '/courses');
    await dismissCookies(page);
    const courseId = await createCourseByApi(page.request, label);
    const api = `/api/instructors`;
    expect((await page.request.post(`${api}/students/training/${courseId}/include`, { data: { emails: DEMO.student } })).status()).toBe(200);
    const group = await page.request.post(`${api}/Trainings/${courseId}/Groups/create`, { data: { label: 'Группа с очень длинным названием для узкого экрана' } });
    expect(group.status()).toBe(201);
    const link = await page.request.post(`${api}/trainings/${courseId}/links`, { data: { text: 'Материалы курса', address: 'https://example.com/a/very/long/address/that/does/not/fit/on/a/phone' } });
    expect(link.status()).toBe(201);
    const invite = await page.request.post('/api/invite', { data: { trainingId: courseId } });
    expect(invite.status()).toBe(201);
    const accountId = await studentAccountId(page.request, courseId, DEMO.student);
    const screens: [path: string, shows: RegExp | string][] = [
      [`/courses/${courseId}/student-management`, DEMO.student],
      [`/courses/${courseId}/student-management/groups`, 'Группа с очень длинным названием'],
      [`/courses/${courseId}/student-management/groups/${(await group.json()).id}`, /руководитель|lead/i],
      [`/courses/${courseId}/student-management/${accountId}/page`, /история изменений|change history/i],
      [`/courses/${courseId}/student-management/import`, /импорт|import/i],
      [`/courses/${courseId}/instructors`, DEMO.instructor],
      [`/courses/${courseId}/invitations`, `/invite/${(await invite.json()).code}`],
      [`/courses/${courseId}/invitations/create`, /сгенерировать|generate/i],
      [`/courses/${courseId}/certificates`, /выдать сертификат|issue a certificate/i],
      [`/courses/${courseId}/${accountId}/certificate/create`, /сформировать по шаблону|generate from the template/i],
      [`/courses/${courseId}/links`, 'Материалы курса'],
      [`/courses/${courseId}/links/create`, /раздел|section/i],
      ['/applications-enrollment', /заявки на зачисление|enrolment applications/i],
      ['/applications-expulsion', /заявления на отчисление|expulsion applications/i],
    ];
    for (const [path, shows] of screens) {
      await page.goto(path);
      await expect(page.getByText(shows).first(), path).toBeVisible();
      await expect(page.getByTestId('error-page'), path).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls the page sideways`).toBeLessThanOrEqual(0);
    }
  });
});
