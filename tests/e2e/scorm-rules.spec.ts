import type { APIRequestContext, Page } from '@playwright/test';
import { zipFixture } from '../fixtures/scorm/zip';
import { expect, newPage, test } from './support/fixtures';
import { day, unique } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * Issue 16 item 3, end to end: the status rules the server applies are what the student sees.
 * A SCORM 1.2 quiz with a mastery score of 80 (tests/fixtures/scorm/rules-mastery12) scores 40
 * and says "completed": the player, the final page and the course page show failed — no green
 * check, the lesson not completed, the course's progress not counting it. A SCORM 1.2 page that
 * calls LMSFinish without a status (rules-nostatus12) is completed, and «Завершить» finishes it.
 */

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

type Setup = { courseId: number; lessonId: number; mastery: number; noStatus: number };

/** The demo instructor's program with both packages (uploaded as an instructor does) and a course of it. */
async function setUp(browser: Parameters<typeof newPage>[0], baseURL: string | undefined): Promise<Setup> {
  const instructor = await newPage(browser, baseURL);
  await signIn(instructor, DEMO.instructor, '/courses');
  const r = instructor.request;
  const program = await ok<{ id: number }>(await r.post('/api/Instructors/Courses/Create', { data: { label: `E2E SCORM rules ${unique()}`, description: 'x' } }));
  const lesson = await ok<{ id: number }>(await r.post(`/api/Instructors/Courses/${program.id}/Lessons/Create`, { data: { label: 'Урок' } }));
  const uploadPackage = async (name: string, label: string) =>
    (await ok<{ id: number }>(await r.post(`/api/instructors/Courses/${program.id}/Lessons/${lesson.id}/Exercises/Create/SCORM`, {
      multipart: { label, exerciseType: '30', file: { name: `${name}.zip`, mimeType: 'application/zip', buffer: await zipFixture(name) } },
    }))).id;
  const mastery = await uploadPackage('rules-mastery12', 'Тест с проходным баллом');
  const noStatus = await uploadPackage('rules-nostatus12', 'Страница без статуса');
  const courseId = (await ok<{ id: number }>(await r.post('/api/instructors/trainings/create', { data: { programId: program.id, label: `E2E SCORM rules ${unique()}`, begin: day(-1), end: day(60), alwaysAvailableByDates: false, joinMode: 'direct' } }))).id;
  await ok(await r.put(`/api/instructors/trainings/${courseId}/settings`, { data: { begin: day(-1), end: day(60), joinMode: 'direct', isPublished: true } }));
  await instructor.context().close();
  return { courseId, lessonId: lesson.id, mastery, noStatus };
}

type OutlineExercise = { id: number; status: number; failed: boolean; score: number | null };
async function outlineOf(page: Page, courseId: number, id: number): Promise<OutlineExercise> {
  const lessons = await ok<{ exercises: OutlineExercise[] }[]>(await page.request.get(`/api/students/trainings/${courseId}/lessons`));
  return lessons.flatMap((l) => l.exercises).find((e) => e.id === id)!;
}

/** From the package to the end step and «Завершить»; the final page's status. */
async function finishExercise(page: Page) {
  await page.getByTestId('player-hello').getByRole('link', { name: 'Продолжить' }).click();
  await expect(page.getByTestId('player-end')).toBeVisible();
  await page.getByRole('button', { name: 'Завершить' }).click();
  await expect(page.getByTestId('final-page')).toBeVisible();
  await expect(page.getByTestId('session-not-completed')).toHaveCount(0);
}

test('SCORM status rules: below the mastery score is failed everywhere; LMSFinish without a status is completed', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const s = await setUp(browser, baseURL);
  await signIn(page, DEMO.student, '/my-courses');
  await ok(await page.request.post(`/api/students/trainings/${s.courseId}/join`));
  const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('iframe');
  const status = page.getByTestId('scorm-status');

  // 1. the quiz: the manifest's mastery score and launch data reach the package
  await page.goto(`/my-courses/course/${s.courseId}/${s.lessonId}/${s.mastery}/start`);
  await dismissCookies(page);
  await expect(sco.locator('#state')).toHaveText('started');
  await expect(sco.locator('#mastery')).toHaveText('80');
  await expect(sco.locator('#launch')).toHaveText('mode=exam;lang=ru');
  // 40 points, "completed": saved at once (no commit by the package), judged failed by the server
  await sco.getByRole('button', { name: 'Answer (40 points)' }).click();
  await expect(status).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('scorm-score')).toHaveText(/40 из 100/);
  await expect.poll(async () => (await outlineOf(page, s.courseId, s.mastery)).failed).toBe(true);
  await sco.getByRole('button', { name: 'Finish' }).click();
  await expect(sco.locator('#state')).toHaveText('finished');
  await expect(status).toHaveAttribute('data-status', 'failed');
  await finishExercise(page);
  await expect(page.getByTestId('final-status')).toHaveText(/Не пройдено/);

  // the course page: failed, not a green check; the lesson not completed; progress 0
  await page.goto(`/my-courses/course/${s.courseId}`);
  const quizRow = page.getByTestId('exercise-row').filter({ hasText: 'Тест с проходным баллом' });
  await expect(quizRow.getByTestId('status-failed')).toBeVisible();
  await expect(quizRow.getByTestId(/^status-[45]$/)).toHaveCount(0);
  await expect(page.getByText('Выполнено 0 из 2 упражнений · 0%')).toBeVisible();

  // 2. the page without a status: LMSFinish completes it, and «Завершить» works
  await page.goto(`/my-courses/course/${s.courseId}/${s.lessonId}/${s.noStatus}/start`);
  await expect(sco.locator('#state')).toHaveText('started');
  await expect(status).toHaveAttribute('data-status', 'not attempted');
  await sco.getByRole('button', { name: 'Finish' }).click();
  await expect(status).toHaveAttribute('data-status', 'completed');
  await finishExercise(page);
  await expect(page.getByTestId('final-status')).not.toHaveText(/Не пройдено/);
  expect(await outlineOf(page, s.courseId, s.noStatus)).toMatchObject({ failed: false });
  expect([4, 5]).toContain((await outlineOf(page, s.courseId, s.noStatus)).status);

  await page.goto(`/my-courses/course/${s.courseId}`);
  const pageRow = page.getByTestId('exercise-row').filter({ hasText: 'Страница без статуса' });
  await expect(pageRow.getByTestId(/^status-[45]$/)).toBeVisible();
  await expect(page.getByText('Выполнено 1 из 2 упражнений · 50%')).toBeVisible();
});
