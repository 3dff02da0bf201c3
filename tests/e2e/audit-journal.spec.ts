import { expect, test } from './support/fixtures';
import { createCourseByApi, unique } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * Issue 28 item 6: Root renames a course in its settings form, finds the change in the audit
 * journal by filtering (the entity, the user, today) and opens it: the old and the new name. A
 * course's staff read its students' profile changes at /courses/{courseId}/changes.
 */

test('Root renames a course and finds the change in the audit journal', async ({ page }) => {
  test.setTimeout(120_000);
  const token = unique();
  await signIn(page, DEMO.root, '/courses');
  await dismissCookies(page);
  const before = `E2E аудит ${token}`;
  const after = `E2E аудит ${token} (переименован)`;
  const courseId = await createCourseByApi(page.request, before);

  // --- the change, made in the settings form
  await page.goto(`/courses/${courseId}/edit`);
  const label = page.getByLabel(/^(название|title)/i);
  await expect(label).toHaveValue(before, { timeout: 20_000 });
  await label.fill(after);
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}$`), { timeout: 20_000 });

  // --- the journal, from the courses page's admin buttons
  await page.goto('/courses');
  await page.getByRole('link', { name: /журнал аудита|audit journal/i }).click();
  await expect(page).toHaveURL(/\/courses\/audit-journal$/);
  const journal = page.getByTestId('audit-journal');
  await expect(journal).toBeVisible({ timeout: 20_000 });

  // filtered to the courses, by Root's e-mail, from today
  await page.getByRole('combobox', { name: /^(объект|entity)/i }).click();
  await page.getByRole('option', { name: /^(курсы|courses)$/i }).click();
  await page.getByTestId('audit-user').fill(DEMO.root);
  const today = new Date();
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await page.getByLabel(/^(с даты|from)/i).fill(iso);
  await expect(page).toHaveURL(/filter=.*user/);

  const row = journal.locator('tbody tr').filter({ hasText: after }).filter({ hasText: 'courses.updateSettings' }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(/изменение|update/i);
  await expect(row).toContainText(DEMO.root);
  // every row the filters left is a change to a course by Root
  for (const text of await journal.locator('tbody tr').allInnerTexts()) if (text.trim()) expect(text).toMatch(/курсы|courses/i);

  // opened: the name as it was and as it is
  await row.click();
  const details = page.getByTestId('audit-details').first();
  await expect(details).toBeVisible();
  const labelRow = details.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'label' }) });
  await expect(labelRow.locator('del')).toHaveText(before);
  await expect(labelRow.locator('ins')).toHaveText(after);
  await expect(details).toContainText('courses.updateSettings');

  // on a phone the page itself does not scroll sideways
  await page.setViewportSize({ width: 375, height: 812 });
  // the layout follows the new width a frame or two later
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("an instructor reads the profile changes of the course's students", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const courses = (await (await page.request.get('/api/instructors/trainings')).json()) as { id: number }[];
  const courseId = Math.min(...courses.map((c) => c.id));
  await page.goto(`/courses/${courseId}`);
  await page.getByRole('link', { name: /изменения профилей|profile changes/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/changes$`));
  const list = page.getByTestId('course-profile-changes');
  // the demo student's seeded changes, newest first
  await expect(list.locator('tbody tr').first()).toContainText('ООО «Ромашка», стажёр', { timeout: 20_000 });
  await page.getByRole('combobox', { name: /^(атрибут|attribute)/i }).click();
  await page.getByRole('option', { name: /учебное заведение/i }).click();
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(list.locator('tbody tr').first()).toContainText('Лицей № 1');
});
