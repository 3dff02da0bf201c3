import type { Page } from '@playwright/test';
import { expect, newPage, test } from './support/fixtures';
import { freshCourse, unique } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * Issue 28 item 1, live: the instructor opens the typical errors of a course during a test; a
 * student (another browser context) saves a wrong answer; the page shows it — the question's
 * row with the wrong option among the most chosen wrong answers — without a reload, over
 * /hubs/analytics.
 */

const TEST_EXERCISE = 'Проверочный тест';
const RIGHT = 'Гвидо ван Россум';

/** The student joins, completes the lecture (the test opens after it) and starts the test; answers the save of a wrong option. */
async function studentStartsTheTest(page: Page, courseId: number) {
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`, { data: {} });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; label: string }[] }[];
  const all = outline.flatMap((l) => l.exercises);
  const testExercise = all.find((e) => e.label === TEST_EXERCISE)!;
  expect(testExercise, 'the demo test exercise is in the course').toBeTruthy();
  const lecture = all[all.indexOf(testExercise) - 1];
  const base = (id: number) => `/api/trainings/${courseId}/exercises/${id}`;
  for (const [path, data] of [['Pages', { slideId: 'start' }], ['finish', undefined]] as const) {
    const res = await page.request.post(`${base(lecture.id)}/${path}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  }
  const start = (await (await page.request.post(`${base(testExercise.id)}/Pages`, { data: { slideId: 'start' } })).json()) as { sessionId: number; slides: { id: number; type: string }[] };
  const radio = start.slides.find((s) => s.type === 'answers-question')!;
  const slide = (await (await page.request.post(`${base(testExercise.id)}/Pages`, { data: { slideId: String(radio.id), sessionId: start.sessionId } })).json()) as {
    content: { question: { options: { id: number; text: string }[] } };
  };
  const wrong = slide.content.question.options.find((o) => o.text !== RIGHT)!;
  return {
    wrong: wrong.text,
    save: async () => {
      const saved = await page.request.post(`${base(testExercise.id)}/questions/answers/${radio.id}/save`, { data: { sessionId: start.sessionId, optionIds: [wrong.id] } });
      expect(saved.status(), await saved.text()).toBe(200);
    },
  };
}

test('typical errors follow a wrong answer saved during the test without a reload', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const courseId = await freshCourse(browser, baseURL, `E2E типичные ошибки ${unique()}`);
  const student = await newPage(browser, baseURL);
  try {
    await signIn(student, DEMO.student2, '/my-courses');
    const exam = await studentStartsTheTest(student, courseId);

    // the instructor opens the screen from the course page: nothing answered yet
    await signIn(page, DEMO.instructor, `/courses/${courseId}`);
    await dismissCookies(page);
    await page.getByRole('link', { name: /^(типичные ошибки|typical errors)$/i }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/typical-errors$`));
    await expect(page.getByText(/^(ответов на вопросы пока нет|no answers to questions yet)$/i)).toBeVisible();
    await expect(page.getByTestId('te-live')).toHaveAttribute('data-status', 'connected');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // the student answers wrong; the page shows it by itself
    await exam.save();
    const table = page.getByTestId('typical-errors');
    await expect(table).toBeVisible({ timeout: 15_000 });
    await expect(table.getByTestId('te-wrong')).toContainText(exam.wrong);
    await expect(page.getByTestId('typical-errors-chart')).toHaveAttribute('aria-label', /.+/);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  } finally {
    await student.context().close();
  }
});
