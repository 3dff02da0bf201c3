import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { freshCourse, unique } from './support/courses';

/**
 * Issue 5 checks, end to end, on a phone and a desktop viewport: a student searches the
 * catalogue, joins a course, finds it under my courses, opens the course page and continues
 * to its first exercise. Each test joins a fresh course of its own (made through the API by
 * the demo instructor), so the tests and their retries are independent of each other.
 */


const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`learner journey on a ${name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('search the catalogue, join, find it under my courses, open it and continue to the first exercise', async ({ page, browser, baseURL }) => {
      test.setTimeout(90_000); // two sessions
      const token = unique();
      const label = `E2E путь студента ${name} ${token}`;
      const courseId = await freshCourse(browser, baseURL, label);

      // --- the catalogue: search by name finds exactly this course
      await signIn(page, DEMO.student2, '/student-catalog');
      await expect(page).toHaveURL(/\/student-catalog$/);
      await dismissCookies(page);
      await expect(page.getByTestId('catalogue-page')).toBeVisible();
      await page.getByRole('textbox', { name: /поиск|search/i }).fill(token);
      const card = page.getByTestId('course-card').filter({ hasText: label });
      await expect(card).toHaveCount(1);
      await expect(page.getByTestId('course-card')).toHaveCount(1);

      // --- the preview, and joining (direct)
      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/student-catalog/catalog/course/${courseId}$`));
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await page.getByRole('button', { name: /^(записаться на курс|join the course)$/i }).click();
      await expect(page).toHaveURL(new RegExp(`/my-courses/course/${courseId}$`));

      // --- my courses lists it; its card opens the course page
      await page.goto('/my-courses');
      await expect(page.getByTestId('my-courses-page')).toBeVisible();
      const mine = page.getByTestId('course-card').filter({ hasText: label });
      await expect(mine).toBeVisible();
      await mine.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/my-courses/course/${courseId}$`));
      await expect(page.getByTestId('course-page')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();

      // --- Continue leads to the first available exercise's player route (the player itself is not checked)
      const lessons = await page.request.get(`/api/students/trainings/${courseId}/lessons`);
      expect(lessons.status()).toBe(200);
      const outline = (await lessons.json()) as { id: number; exercises: { id: number; lessonId: number; isAvailable: boolean }[] }[];
      const first = outline.flatMap((l) => l.exercises).find((x) => x.isAvailable);
      expect(first, 'the fresh course has an available exercise').toBeTruthy();
      const cont = page.getByRole('link', { name: /^(продолжить|continue)$/i });
      await expect(cont).toBeVisible();
      await cont.click();
      await expect(page).toHaveURL(new RegExp(`/my-courses/course/${courseId}/${first!.lessonId}/${first!.id}/[^/]+$`));
    });
  });
}
