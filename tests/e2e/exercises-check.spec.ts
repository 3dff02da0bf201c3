import { expect, newPage, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';
import { freshCourse, unique } from './support/courses';

/**
 * Issue 12 items 1 and 6, end to end: student2 answers the demo test's file question (it needs a
 * manual check) and finishes; the demo instructor finds the attempt under the course's exercises
 * check (course page → lesson → exercise, counts waiting), saves a draft and evaluates it; the
 * student's course page shows the score and /competencies the competency the exercise carries.
 */
const TEST_EXERCISE = 'Проверочный тест';

test('a file answer is checked: draft, evaluate; the student sees the score and the competency', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const courseId = await freshCourse(browser, baseURL, `E2E проверка ${unique()}`);

  // --- the student joins, completes the lecture before the test (availability), answers and finishes
  await signIn(page, DEMO.student2, '/my-courses');
  expect((await page.request.post(`/api/students/trainings/${courseId}/join`, { data: {} })).status()).toBeLessThan(300);
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
  const all = outline.flatMap((l) => l.exercises);
  const exercise = all.find((e) => e.label === TEST_EXERCISE)!;
  expect(exercise, 'the demo test exercise is in the course').toBeTruthy();
  const lecture = all[all.indexOf(exercise) - 1];
  for (const [path, data] of [['Pages', { slideId: 'start' }], ['finish', undefined]] as const) {
    expect((await page.request.post(`/api/trainings/${courseId}/exercises/${lecture.id}/${path}`, { data })).status()).toBe(200);
  }
  const base = `/my-courses/course/${courseId}/${exercise.lessonId}/${exercise.id}`;
  await page.goto(`${base}/start`);
  const enter = { name: /^(начать|start|продолжить|continue)/i };
  const hello = page.getByTestId('player-hello');
  await expect(hello).toBeVisible({ timeout: 20_000 });
  await hello.getByRole('button', enter).or(hello.getByRole('link', enter)).click();
  let f = page.locator('[data-testid="question-form"][data-kind="choice"]');
  await expect(f).toBeVisible({ timeout: 20_000 });
  await f.getByRole('radio', { name: 'Гвидо ван Россум' }).check();
  await f.getByTestId('question-save').click();
  await expect(f.getByTestId('question-saved')).toBeVisible({ timeout: 30_000 });
  const start = await page.request.post(`/api/Trainings/${courseId}/Exercises/${exercise.id}/Pages`, { data: { slideId: 'start' } });
  const fileSlide = ((await start.json()) as { slides: { id: number; type: string }[] }).slides.find((s) => s.type === 'file-question')!;
  await page.goto(`${base}/${fileSlide.id}`);
  f = page.locator('[data-testid="question-form"][data-kind="file"]');
  await expect(f).toBeVisible({ timeout: 20_000 });
  await f.getByTestId('file-input').setInputFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('Мой отчёт о работе') });
  await expect(f.getByTestId('question-saved')).toBeVisible({ timeout: 30_000 });
  const finished = await page.request.post(`/api/trainings/${courseId}/exercises/${exercise.id}/finish`);
  expect(await finished.json()).toMatchObject({ status: 3, requiresReview: true });

  // --- the instructor: the exercise carries a competency; the exercises check from the course page
  const instructor = await newPage(browser, baseURL);
  await signIn(instructor, DEMO.instructor, `/courses/${courseId}`);
  const competency = `Отчётность ${unique()}`;
  const comps = `/api/instructors/Exercises/${exercise.id}/Competencies`;
  const had = (await (await instructor.request.get(comps)).json()) as { name: string; weight: number }[];
  expect((await instructor.request.put(comps, { data: { competencies: [...had.map(({ name, weight }) => ({ name, weight })), { name: competency, weight: 1 }] } })).status()).toBe(200);

  await instructor.getByTestId('course-menu').getByRole('link', { name: /проверка упражнений|exercise check/i }).click();
  await expect(instructor.getByTestId('exercises-check-page')).toBeVisible({ timeout: 20_000 });
  await expect(instructor.getByTestId('score-scale')).toContainText(/от 0 до максимального балла|from 0 to the question's maximum/);
  // the search across the course's waiting work finds the student
  await instructor.getByTestId('waiting-search').fill('Учеников');
  await expect(instructor.getByRole('button', { name: new RegExp(`Учеников.*${TEST_EXERCISE}`) })).toBeVisible({ timeout: 20_000 });
  const lesson = instructor.getByTestId(`lesson-${exercise.lessonId}`);
  await expect(lesson).toContainText(/1/);
  await lesson.click();
  await instructor.getByTestId(`exercise-${exercise.id}`).click();
  const card = instructor.getByTestId('attempt-card');
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card.getByRole('link', { name: 'report.txt' })).toBeVisible();
  // the choice slide shows its question and what the student chose, not only «Автоматически: 1 из 1»
  const choice = card.getByTestId('given-choice');
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('listitem').filter({ hasText: 'Гвидо ван Россум' })).toContainText(/выбран|chosen/);
  await expect(card.getByTestId('checked-question').first()).not.toBeEmpty();
  const score = card.getByTestId(`score-${fileSlide.id}`);
  await score.fill('1');
  await card.getByTestId('evaluation-comment').fill('Хороший отчёт');
  await card.getByRole('button', { name: /сохранить черновик|save draft/i }).click();
  await expect(instructor.getByText(/черновик оценки сохранён|evaluation draft saved/i)).toBeVisible();
  // the draft is kept: a reload shows the points and the comment again
  await instructor.reload();
  await expect(instructor.getByTestId('attempt-card').getByTestId(`score-${fileSlide.id}`)).toHaveValue('1', { timeout: 20_000 });
  await expect(instructor.getByTestId('attempt-card').getByTestId('evaluation-comment')).toHaveValue('Хороший отчёт');
  await instructor.getByTestId('attempt-card').getByRole('button', { name: /^(оценить|evaluate)$/i }).click();
  await expect(instructor.getByText(/оценка выставлена|the score has been given/i)).toBeVisible();
  await instructor.getByTestId('filter-evaluated').click();
  await expect(instructor.getByTestId('attempt-card').getByTestId('attempt-state')).toHaveText(/оценено|evaluated/i, { timeout: 20_000 });
  await instructor.context().close();

  // --- the student: the score on the course page, the competency on /competencies
  const result = (await (await page.request.get(`/api/trainings/${courseId}/exercises/${exercise.id}/finish`)).json()) as { score: number; status: number };
  expect(result.status).toBe(4);
  await page.goto(`/my-courses/course/${courseId}`);
  await expect(page.getByTestId('exercise-row').filter({ hasText: TEST_EXERCISE }).getByTestId('exercise-score')).toContainText(String(result.score), { timeout: 20_000 });
  await page.goto('/competencies');
  await expect(page.getByTestId('competencies-table')).toContainText(competency, { timeout: 20_000 });
});
