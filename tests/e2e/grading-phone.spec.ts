import { createCourseByApi, demoProgram, unique } from './support/courses';
import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * The grading loop's screens (issue 12) on a phone: each opens with its title, shows no error page
 * and never scrolls the page sideways (wide journals scroll inside their own box).
 */
test.describe("the grading loop's screens on a phone (375×740)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every journal, check, export and queue screen fits the width', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, DEMO.instructor, '/courses');
    await dismissCookies(page);
    const courseId = await createCourseByApi(page.request, `E2E журналы на телефоне ${unique()}`);
    const programId = (await demoProgram(page.request)).id;
    const include = await page.request.post(`/api/instructors/students/training/${courseId}/include`, { data: { emails: DEMO.student } });
    expect(include.status()).toBe(200);
    const journal = await page.request.get(`/api/instructors/trainings/${courseId}/StudentsJournal`);
    expect(journal.status(), await journal.text()).toBe(200);
    const exercise = ((await journal.json()) as { exercises: { id: number; lessonId: number }[] }).exercises[0];
    expect(exercise, 'the demo course has exercises').toBeTruthy();
    const screens = [
      `/courses/${courseId}/exercises-check`,
      `/courses/${courseId}/students-journal`,
      `/courses/${courseId}/students-journal/download`,
      `/courses/${courseId}/students-journal/task-queue`,
      `/courses/${courseId}/students-journal/${exercise.id}/progress-check`,
      `/courses/${courseId}/instructor-estimates/task-queue`,
      `/courses/${courseId}/export-group-log/task-queue`,
      `/courses/${courseId}/responses-upload`,
      `/courses/${courseId}/${exercise.lessonId}/${exercise.id}/responses-upload`,
      `/courses/${courseId}/visit-journal`,
      `/courses/${courseId}/visit-journal/download`,
      `/courses/${courseId}/visit-journal/task-queue`,
      `/courses/${courseId}/visit-journal/digitalCode`,
      `/courses/${courseId}/feedback`,
      '/courses/visit-stat-download',
      `/programs/${programId}/${exercise.lessonId}/${exercise.id}/reflection`,
    ];
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByTestId('error-page'), path).toHaveCount(0);
      await expect(page.getByTestId('not-found'), path).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls the page sideways`).toBeLessThanOrEqual(0);
    }
  });
});
