import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import type { StudentsJournal } from '../../shared/calls/journal';
import { expect, newPage, test } from './support/fixtures';
import { freshCourse, unique } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * Issue 12 (students journal), end to end: a student answers the demo test (the radio question
 * right; the file question leaves it in evaluation with its automatic score); the instructor's
 * students journal shows that score and the row and column aggregations; the instructor
 * downloads the journal's xlsx through the task queue and the file opens with the right rows.
 */

const TEST_EXERCISE = 'Проверочный тест';

/** The student joins, completes the lecture (the test opens after it), answers the test's radio question right and finishes. */
async function studentAnswersTheTest(page: Page, courseId: number): Promise<void> {
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`, { data: {} });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; label: string }[] }[];
  const all = outline.flatMap((l) => l.exercises);
  const test = all.find((e) => e.label === TEST_EXERCISE);
  expect(test, 'the demo test exercise is in the course').toBeTruthy();
  const lecture = all[all.indexOf(test!) - 1];
  const base = (id: number) => `/api/trainings/${courseId}/exercises/${id}`;
  for (const [path, data] of [['Pages', { slideId: 'start' }], ['finish', undefined]] as const) {
    const res = await page.request.post(`${base(lecture.id)}/${path}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  }
  const start = (await (await page.request.post(`${base(test!.id)}/Pages`, { data: { slideId: 'start' } })).json()) as { sessionId: number; slides: { id: number; type: string }[] };
  const radio = start.slides.find((s) => s.type === 'answers-question')!;
  const slide = (await (await page.request.post(`${base(test!.id)}/Pages`, { data: { slideId: String(radio.id), sessionId: start.sessionId } })).json()) as {
    content: { question: { options: { id: number; text: string }[] } };
  };
  const right = slide.content.question.options.find((o) => o.text === 'Гвидо ван Россум')!;
  const saved = await page.request.post(`${base(test!.id)}/questions/answers/${radio.id}/save`, { data: { sessionId: start.sessionId, optionIds: [right.id] } });
  expect(saved.status(), await saved.text()).toBe(200);
  const finished = await page.request.post(`${base(test!.id)}/finish`);
  expect(finished.status(), await finished.text()).toBe(200);
}

test('the students journal shows the score and the aggregations; its xlsx comes through the task queue with the right rows', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000); // two sessions, a background task
  const courseId = await freshCourse(browser, baseURL, `E2E журнал ${unique()}`);

  const student = await newPage(browser, baseURL);
  try {
    await signIn(student, DEMO.student2, '/my-courses');
    await studentAnswersTheTest(student, courseId);
  } finally {
    await student.context().close();
  }

  // --- the instructor opens the journal from the course page
  await signIn(page, DEMO.instructor, `/courses/${courseId}`);
  await dismissCookies(page);
  await page.getByRole('link', { name: /^(журнал учащихся|students journal)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/students-journal$`));
  const table = page.getByTestId('students-journal');
  await expect(table).toBeVisible();

  // the numbers the server computed are the numbers shown
  const answer = await page.request.get(`/api/instructors/trainings/${courseId}/StudentsJournal`);
  expect(answer.status()).toBe(200);
  const journal = (await answer.json()) as StudentsJournal;
  const row = journal.students.find((s) => s.email === DEMO.student2)!;
  expect(row, 'the student is in the journal').toBeTruthy();
  const testColumn = journal.exercises.findIndex((e) => e.label === TEST_EXERCISE);
  const testId = journal.exercises[testColumn].id;
  const score = row.cells[testColumn]!.score;
  expect(score).toBeGreaterThan(0);
  // the score, then its state in words for a screen reader (the colour alone says it to the eye)
  await expect(page.getByTestId(`journal-cell-${row.id}-${testId}`)).toHaveText(new RegExp(`^${score} \\(.+\\)$`));
  await expect(page.getByTestId(`journal-row-sum-${row.id}`)).toHaveText(String(row.aggregates.sum));
  await expect(page.getByTestId(`journal-row-donePercent-${row.id}`)).toHaveText(String(row.aggregates.donePercent));
  expect(row.aggregates.donePercent).toBeGreaterThan(0); // the lecture is done
  await expect(page.getByTestId(`journal-column-average-${testId}`)).toHaveText(String(journal.exercises[testColumn].aggregates.average));
  await expect(page.getByTestId(`journal-column-max-${testId}`)).toHaveText(String(score));

  // --- the download goes through the task queue
  await page.getByRole('link', { name: /^(скачать журнал|download the journal)$/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/students-journal/download$`));
  await page.getByTestId('journal-export').click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/students-journal/task-queue$`));
  const task = page.getByTestId('task-list').locator('tbody tr').first();
  await expect(task.getByTestId('task-status')).toHaveText(/выполнена|done/i, { timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await task.getByRole('link', { name: /^(скачать|download)$/i }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path!);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  const header = rows[0];
  const col = header.indexOf(`${journal.exercises[testColumn].lessonLabel} / ${TEST_EXERCISE}`);
  expect(col).toBeGreaterThan(2);
  // one row per student, then the six aggregation rows
  expect(rows.length).toBe(1 + journal.total + 6);
  const studentRow = rows.find((r) => r[1] === DEMO.student2)!;
  expect(studentRow, 'the student has a row').toBeTruthy();
  expect(studentRow[col]).toBe(score);
});

test.describe('on a phone (375×740)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the wide journal scrolls inside its box, never the page', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const courseId = await freshCourse(browser, baseURL, `E2E журнал телефон ${unique()}`);
    const student = await newPage(browser, baseURL);
    try {
      await signIn(student, DEMO.student, '/my-courses');
      const joined = await student.request.post(`/api/students/trainings/${courseId}/join`, { data: {} });
      expect(joined.status(), await joined.text()).toBeLessThan(300);
    } finally {
      await student.context().close();
    }
    await signIn(page, DEMO.instructor, `/courses/${courseId}/students-journal`);
    await dismissCookies(page);
    const table = page.getByTestId('students-journal');
    await expect(table).toBeVisible();
    await page.screenshot({ path: 'test-results/students-journal-375.png' });
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, table: document.querySelector('[data-testid="students-journal"]')!.scrollWidth }));
    expect(widths.table).toBeGreaterThan(375);
    expect(widths.page).toBeLessThanOrEqual(375);
  });
});
