import { expect, newPage, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { freshCourse, unique } from './support/courses';

/**
 * Issue 12, the visit journal end to end: a student of a fresh course gets the digital code of an
 * offline exercise (the demo webinar) in the player, the instructor confirms it on the digital-code
 * screen, sees it in the digital-code journal and in the visit journal, then sets and clears a
 * lesson mark there.
 */
test('a digital-code visit appears in the visit journal; the instructor sets and clears a mark', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000); // two sessions on a shared machine
  const courseId = await freshCourse(browser, baseURL, `E2E журнал посещений ${unique()}`);

  // --- the student joins and gets the code of the webinar (an offline exercise)
  await signIn(page, DEMO.student, '/my-courses');
  await dismissCookies(page);
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`);
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
  const webinar = outline.flatMap((l) => l.exercises).find((x) => x.label === 'Встреча с преподавателем')!;
  expect(webinar).toBeTruthy();
  await page.goto(`/my-courses/course/${courseId}/${webinar.lessonId}/${webinar.id}/start`);
  const codeBox = page.getByTestId('digital-code');
  await codeBox.getByRole('button', { name: /получить код|get (the )?code/i }).click();
  const code = (await codeBox.getByTestId('digital-code-value').innerText()).replace(/\D/g, '');
  expect(code).toMatch(/^\d{6}$/);

  // --- the instructor confirms it
  const instructor = await newPage(browser, baseURL);
  await signIn(instructor, DEMO.instructor, `/courses/${courseId}/visit-journal/digitalCode`);
  await dismissCookies(instructor);
  await instructor.getByTestId('confirm-code').fill(code);
  await instructor.getByRole('button', { name: /^(подтвердить|confirm)$/i }).click();
  await expect(instructor.getByTestId('confirm-success')).toBeVisible();
  await expect(instructor.getByTestId('confirmed-codes')).toContainText('Встреча с преподавателем');
  await expect(instructor.getByTestId('confirmed-codes')).toContainText(code);

  // --- the visit journal shows it on the webinar's lesson
  await instructor.getByTestId('open-visit-journal').click();
  await expect(instructor).toHaveURL(new RegExp(`/courses/${courseId}/visit-journal$`));
  const lessons = (await (await instructor.request.get(`/api/instructors/VisitJournal/Training/${courseId}/Lessons`)).json()) as { id: number; label: string }[];
  const lesson = lessons.find((l) => l.id === webinar.lessonId)!;
  await instructor.getByRole('combobox', { name: /^(урок|lesson)/i }).click();
  await instructor.getByRole('option', { name: lesson.label, exact: true }).click();
  const row = instructor.getByTestId('visit-journal-row').filter({ hasText: DEMO.student });
  await expect(row).toHaveCount(1);
  const webinarMark = row.getByRole('button', { name: /Встреча с преподавателем/ });
  await expect(webinarMark).toHaveAttribute('aria-pressed', 'true');
  // (a `has` locator is queried inside each cell, so it starts from the page)
  const webinarCell = row.getByTestId('mark-cell').filter({ has: instructor.getByRole('button', { name: /Встреча с преподавателем/ }) });
  await expect(webinarCell).toHaveAttribute('data-state', 'present');

  // --- the instructor sets the lesson's mark and clears it again
  const lessonMark = row.getByTestId('mark-cell').first();
  await expect(lessonMark).toHaveAttribute('data-state', 'none');
  await lessonMark.getByRole('button').click();
  await expect(lessonMark).toHaveAttribute('data-state', 'present');
  await lessonMark.getByRole('button').click();
  await expect(lessonMark).toHaveAttribute('data-state', 'none');
  // the code's visit stays
  await expect(webinarCell).toHaveAttribute('data-state', 'present');

  // --- group performance counts the student present at that lesson
  await instructor.getByRole('tab', { name: /успеваемость групп|group performance/i }).click();
  await expect(instructor.getByTestId('group-performance')).toContainText('100%');
  await instructor.context().close();
});
