import type { Browser, Locator, Page } from '@playwright/test';
import { expect, newPage, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { createCourseByApi, demoProgram, freshCourse, unique, joinAndPassLectureBefore } from './support/courses';

/**
 * Issue 31: an exam survives a dropped connection. A student on a 375 px phone starts the demo
 * test (a timed one: server/db/seed/programs.ts), loses the connection, answers three slides,
 * reloads the page (the service worker serves the app and the attempt's steps it kept), answers a
 * fourth and finishes; when the connection returns, the answers and the finish reach the server
 * in the order they were made, each once, and the final page shows the score. A second run, in a
 * course of its own whose test has a one-minute limit, stays offline past the deadline.
 */
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

const TEST_EXERCISE = 'Проверочный тест';

async function form(page: Page, kind: string): Promise<Locator> {
  const f = page.locator(`[data-testid="question-form"][data-kind="${kind}"]`);
  await expect(f).toBeVisible({ timeout: 20_000 });
  return f;
}

/** Saved without a connection: kept on the device, waiting. */
async function saveOffline(f: Locator) {
  await f.getByTestId('question-save').click();
  await expect(f.getByTestId('question-queued')).toBeVisible();
  await expect(f.getByTestId('question-save-error')).toHaveCount(0);
}

/** The signed-in student joins the course, finishes its lecture (the test opens after it) and opens the test's hello page. */
async function openTest(page: Page, courseId: number): Promise<{ id: number; lessonId: number }> {
  const exercise = await joinAndPassLectureBefore(page, courseId, TEST_EXERCISE);
  await page.goto(`/my-courses/course/${courseId}/${exercise.lessonId}/${exercise.id}/start`);
  return exercise;
}

/** Once the worker controls the page, it keeps every step of the attempt (and `end`). */
async function stepsKept(page: Page, count: number) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
  const kept = () => page.evaluate(async () => (await (await caches.open('elp-attempt-steps')).keys()).length);
  await expect.poll(kept, { timeout: 30_000 }).toBeGreaterThanOrEqual(count + 1);
}

/**
 * A course of its own whose test has a one-minute limit. A limit belongs to the program's exercise,
 * shared by every course of the program, so the demo test (30 minutes, used by other specs) is not
 * touched: the demo instructor makes a program, copies the demo's first lesson (lecture + test)
 * into it, sets the copied test's limit and runs a course of it.
 */
async function oneMinuteTestCourse(browser: Browser, baseURL: string | undefined): Promise<number> {
  const instructor = await newPage(browser, baseURL);
  try {
    await signIn(instructor, DEMO.instructor, '/courses');
    const r = instructor.request;
    type View = { lessons: { id: number; exercises: { id: number; label: string }[] }[] };
    const view = async (id: number) => (await (await r.get(`/api/Instructors/Courses/${id}/View`)).json()) as View;
    const demo = await view((await demoProgram(r)).id);
    const lesson = demo.lessons.find((l) => l.exercises.some((e) => e.label === TEST_EXERCISE))!;
    const made = await r.post('/api/Instructors/Courses/Create', { data: { label: `E2E offline deadline ${unique()}`, description: 'Тест на одну минуту' } });
    expect(made.status(), await made.text()).toBe(201);
    const programId = ((await made.json()) as { id: number }).id;
    const copied = await r.post('/api/instructors/courses/multiply-copy-lessons', { data: { courseId: programId, lessons: [{ lessonId: lesson.id }] } });
    expect(copied.status(), await copied.text()).toBe(201);
    const timed = (await view(programId)).lessons.flatMap((l) => l.exercises).find((e) => e.label === TEST_EXERCISE)!;
    const infoUrl = `/api/instructors/Courses/${programId}/Exercises/${timed.id}/Info`;
    const info = (await (await r.get(infoUrl)).json()) as Record<string, unknown>;
    const keep = ['label', 'description', 'exerciseType', 'availabilityRule', 'completionCondition', 'restartLimit'] as const;
    const saved = await r.put(infoUrl, { data: { ...Object.fromEntries(keep.map((k) => [k, info[k]])), timeLimitMinutes: 1 } });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(((await saved.json()) as { timeLimitMinutes: number }).timeLimitMinutes).toBe(1);
    return await createCourseByApi(r, `E2E offline deadline ${unique()}`, 'direct', programId);
  } finally {
    await instructor.context().close();
  }
}

const next = (page: Page) => page.getByTestId('player-frame').getByRole('link', { name: /^(продолжить|continue)$/i }).click();

test('answers made offline, across a reload, reach the server in order and once when the connection returns', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(240_000);
  const courseId = await freshCourse(browser, baseURL, `E2E offline ${unique()}`);
  await signIn(page, DEMO.student2, '/my-courses');
  await dismissCookies(page);

  // the test starts online: the player registers the worker and keeps the attempt's steps
  const exercise = await openTest(page, courseId);
  await page.getByTestId('player-hello').getByRole('button', { name: /^(начать|start)/i }).click();
  await form(page, 'choice');
  const steps = (await (await page.request.post(`/api/Trainings/${courseId}/Exercises/${exercise.id}/Pages`, { data: { slideId: 'start' } })).json()) as { slides: { id: number }[]; deadlineAt: string | null };
  expect(steps.deadlineAt, 'the demo test is timed').not.toBeNull();
  await stepsKept(page, steps.slides.length);

  // --- the connection drops: three answers are kept on the device
  await context.setOffline(true);
  let f = await form(page, 'choice');
  await f.getByRole('radio', { name: 'Гвидо ван Россум' }).check();
  await saveOffline(f);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Нет связи — 1 ответ ждёт отправки');
  await next(page);
  f = await form(page, 'free');
  await f.getByTestId('free-answer').fill('8');
  await saveOffline(f);
  await next(page);
  f = await form(page, 'matching');
  const selects = f.locator('[data-testid^="match-select-"]');
  for (let i = 0; i < (await selects.count()); i++) {
    await selects.nth(i).click();
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  }
  await saveOffline(f);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Нет связи — 3 ответа ждут отправки');

  // --- a reload without a network: the app, the step and the waiting answers are still there
  await page.reload();
  f = await form(page, 'matching');
  await expect(f.getByTestId('question-queued')).toBeVisible();
  await expect(page.getByTestId('offline-waiting')).toHaveText('Нет связи — 3 ответа ждут отправки');
  await next(page);
  f = await form(page, 'sequence');
  await f.getByRole('button', { name: /^(переместить ниже|move down)/i }).first().click();
  await saveOffline(f);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Нет связи — 4 ответа ждут отправки');

  // --- finish offline: kept too
  await page.getByTestId('exercise-menu').getByRole('link', { name: /^(завершение|finish)$/i }).click();
  await page.getByTestId('player-end').getByRole('button', { name: /^(завершить|submit)$/i }).click();
  await expect(page.getByTestId('finish-waiting')).toBeVisible();
  const nothingYet = (await (await page.request.get(`/api/trainings/${courseId}/exercises/${exercise.id}/finish`)).json()) as { questions: { slideId: number; answered: boolean }[] };
  expect(nothingYet.questions.filter((q) => q.answered), 'nothing reached the server while offline').toHaveLength(0);

  // --- the connection returns: the answers, then the finish, go out; the final page shows the score
  await context.setOffline(false);
  await expect(page.getByTestId('final-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('offline-status')).toHaveCount(0);
  const result = (await (await page.request.get(`/api/trainings/${courseId}/exercises/${exercise.id}/finish`)).json()) as { attemptStatus: string; score: number | null; questions: { slideId: number; answered: boolean }[] };
  expect(result.attemptStatus).toBe('finished');
  expect(result.score).not.toBeNull();
  const answeredIds = result.questions.filter((q) => q.answered).map((q) => q.slideId);
  expect(answeredIds).toEqual(steps.slides.slice(0, 4).map((s) => s.id));
  // the score in the UI's (Russian) number format
  await expect(page.getByTestId('final-page')).toContainText(`${String(result.score).replace('.', ',')}/`);

  // each answer's times (made offline, received later) are checked at the API level: tests/api/study-offline.test.ts
});

test('offline past the deadline: the answers made before it count, the one made after it is refused', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(180_000);
  const courseId = await oneMinuteTestCourse(browser, baseURL);
  await signIn(page, DEMO.student, '/my-courses');
  await dismissCookies(page);
  const exercise = await openTest(page, courseId);
  await page.getByTestId('player-hello').getByRole('button', { name: /^(начать|start)/i }).click();
  let f = await form(page, 'choice');
  const steps = (await (await page.request.post(`/api/Trainings/${courseId}/Exercises/${exercise.id}/Pages`, { data: { slideId: 'start' } })).json()) as { slides: { id: number }[]; deadlineAt: string | null };
  expect(steps.deadlineAt, 'the copied test is timed').not.toBeNull();
  const deadline = Date.parse(steps.deadlineAt!);
  expect(deadline - Date.now(), 'a one-minute limit').toBeLessThanOrEqual(60_000);
  await stepsKept(page, steps.slides.length);

  // --- slide 1 online: saved on the server
  await f.getByRole('radio', { name: 'Гвидо ван Россум' }).check();
  await f.getByTestId('question-save').click();
  await expect(f.getByTestId('question-saved')).toBeVisible();

  // --- slide 2 offline, before the deadline: kept on the device
  await context.setOffline(true);
  await next(page);
  f = await form(page, 'free');
  await f.getByTestId('free-answer').fill('8');
  await saveOffline(f);
  expect(Date.now(), 'slide 2 was answered before the deadline').toBeLessThan(deadline - 2_000);

  // --- the deadline passes while offline (the server's clock: real time, no fake clock, since the
  // device's claim is measured with performance.now). The player's own countdown moves to the end
  // step; a student still opens a kept slide and answers it.
  await page.waitForTimeout(Math.max(0, deadline - Date.now()) + 3_000);
  await page.goto(`/my-courses/course/${courseId}/${exercise.lessonId}/${exercise.id}/${steps.slides[3].id}`);
  f = await form(page, 'sequence');
  await f.getByRole('button', { name: /^(переместить ниже|move down)/i }).first().click();
  await saveOffline(f);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Нет связи — 2 ответа ждут отправки');

  // --- back online: slide 2 counts (made in time), slide 4 is refused with the expired time's message
  await context.setOffline(false);
  await expect(page.getByTestId('offline-refused')).toContainText('Время, отведённое на ответ, истекло', { timeout: 60_000 });
  await expect(page.getByTestId('offline-waiting')).toHaveCount(0);
  const result = (await (await page.request.get(`/api/trainings/${courseId}/exercises/${exercise.id}/finish`)).json()) as { questions: { slideId: number; answered: boolean }[] };
  const answeredIds = result.questions.filter((q) => q.answered).map((q) => q.slideId);
  expect(answeredIds).toEqual(steps.slides.slice(0, 2).map((s) => s.id));

  // --- the instructor's students journal marks the student's test cell: an answer was sent late
  const instructor = await newPage(browser, baseURL);
  try {
    await signIn(instructor, DEMO.instructor, `/courses/${courseId}/students-journal`);
    await dismissCookies(instructor);
    const journal = (await (await instructor.request.get(`/api/instructors/trainings/${courseId}/StudentsJournal`)).json()) as { students: { id: number; email: string }[] };
    const student = journal.students.find((s) => s.email === DEMO.student)!;
    const mark = instructor.getByTestId(`journal-cell-${student.id}-${exercise.id}`).getByTestId('journal-cell-sent-late');
    await expect(mark).toHaveAttribute('title', /^Отправлен позже, после потери связи; ответ дан \d\d\.\d\d\.\d{4}/);
  } finally {
    await instructor.context().close();
  }
});
