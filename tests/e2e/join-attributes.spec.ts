import { expect, newPage, test } from './support/fixtures';
import { createCourseByApi, unique } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * A course's attribute requirements end to end (issue 13 item 3): the demo instructor makes the
 * course ask the demo hierarchy attribute "Подразделение" (answered per course, so every run asks
 * again) through the course's attributes screen; the student is stopped by 400.14, picks a
 * last-level node in the tree picker of the join form and joins.
 */
test('an instructor requires an attribute for a course; a student fills it from the join form and joins', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000); // two sessions
  const label = `E2E анкета ${unique()}`;

  // --- the instructor: the course's attributes screen, reached from the course's page
  const instructor = await newPage(browser, baseURL);
  let courseId: number;
  try {
    await signIn(instructor, DEMO.instructor, '/courses');
    courseId = await createCourseByApi(instructor.request, label);
    await instructor.goto(`/courses/${courseId}`);
    await dismissCookies(instructor);
    await instructor.getByRole('link', { name: /^(атрибуты курса|course attributes)$/i }).click();
    await expect(instructor).toHaveURL(new RegExp(`/courses/${courseId}/attributes$`));
    await instructor.getByTestId('add-row').click();
    const row = instructor.getByTestId('attribute-row');
    await row.getByRole('combobox', { name: /^(атрибут|attribute)/i }).click();
    await instructor.getByRole('option', { name: 'Подразделение' }).click();
    await expect(row.getByRole('combobox', { name: /^(требование|requirement)/i })).toHaveText(/обязательный|required/i);
    await row.getByRole('checkbox').check();
    await instructor.getByTestId('save').click();
    await expect(instructor).toHaveURL(new RegExp(`/courses/${courseId}$`));
    const saved = await instructor.request.get(`/api/instructors/chain-attributes/trainings/${courseId}`);
    expect((await saved.json()).attributes).toEqual([expect.objectContaining({ requirement: 1, perCourse: true })]);
  } finally {
    await instructor.context().close();
  }

  // --- the student: the join stops at the course's attribute, the tree picker answers it, the join goes on
  await signIn(page, DEMO.student2, `/student-catalog/catalog/course/${courseId}`);
  await dismissCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
  await page.getByRole('button', { name: /^(записаться на курс|join the course)$/i }).click();
  const form = page.getByTestId('unfilled-form');
  await expect(form).toBeVisible();
  const submit = form.getByRole('button', { name: /сохранить|save|отправить|submit|продолжить|continue/i });
  await expect(submit).toBeDisabled();
  // an inner node opens its level; only a last-level node is chosen
  await form.getByRole('button', { name: 'Гуманитарный факультет' }).click();
  await form.getByRole('button', { name: 'Кафедра истории' }).click();
  await expect(form.getByRole('button', { name: 'Кафедра истории' })).toHaveAttribute('aria-pressed', 'true');
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/my-courses/course/${courseId}$`));
});
