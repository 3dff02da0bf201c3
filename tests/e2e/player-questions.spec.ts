import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, newPage, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';
import { day, unique } from './support/courses';

/**
 * Issue 6 item 3, end to end: a student opens the demo program's test exercise ('Проверочный
 * тест': one slide per question kind, server/db/seed/slides.ts) in a fresh course and answers
 * every kind through the player's forms — choice, free (integer), matching, sequence, code
 * with a run of the visible test, file upload, attributes — each acknowledged by the server.
 * student2 plays (the shell's own tests use the demo student); the course is made fresh by
 * the demo instructor, so the attempt is new on every run.
 */
const DEMO_PROGRAM = 'Основы программирования на Python';
const TEST_EXERCISE = 'Проверочный тест';

async function freshCourse(browser: Browser, baseURL: string | undefined, label: string): Promise<number> {
  const instructor = await newPage(browser, baseURL);
  try {
    await signIn(instructor, DEMO.instructor, '/courses');
    const request: APIRequestContext = instructor.request;
    const programs = (await (await request.get('/api/instructors/courses')).json()) as { id: number; label: string }[];
    const program = programs.find((p) => p.label === DEMO_PROGRAM);
    expect(program, 'the demo program is seeded').toBeTruthy();
    const created = await request.post('/api/instructors/trainings/create', {
      data: { programId: program!.id, label, begin: day(-1), end: day(60), alwaysAvailableByDates: false, joinMode: 'direct' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };
    const pub = await request.put(`/api/instructors/trainings/${id}/settings`, { data: { begin: day(-1), end: day(60), joinMode: 'direct', isPublished: true } });
    expect(pub.status(), await pub.text()).toBeLessThan(300);
    return id;
  } finally {
    await instructor.context().close();
  }
}

/** The form on the current slide, after the shell has shown it. */
async function form(page: Page, kind: string): Promise<Locator> {
  const f = page.locator(`[data-testid="question-form"][data-kind="${kind}"]`);
  await expect(f).toBeVisible({ timeout: 20_000 });
  return f;
}

async function saveAndExpectSaved(f: Locator) {
  await f.getByTestId('question-save').click();
  await expect(f.getByTestId('question-saved')).toBeVisible({ timeout: 30_000 });
  await expect(f.getByTestId('question-save-error')).toHaveCount(0);
}

async function next(page: Page) {
  await page.getByTestId('player-frame').getByRole('link', { name: /^(продолжить|continue)$/i }).click();
}

/**
 * student2 joins a fresh course of the demo program and completes its lecture (the test opens
 * after it: availability rule 4, which the server enforces); the test exercise's ids.
 */
async function joinAndFindTest(page: Page, browser: Browser, baseURL: string | undefined) {
  const courseId = await freshCourse(browser, baseURL, `E2E вопросы ${unique()}`);
  await signIn(page, DEMO.student2, '/my-courses');
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`, { data: {} });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
  const all = outline.flatMap((l) => l.exercises);
  const exercise = all.find((e) => e.label === TEST_EXERCISE);
  expect(exercise, 'the demo test exercise is in the course').toBeTruthy();
  const lecture = all[all.indexOf(exercise!) - 1];
  for (const [path, data] of [['Pages', { slideId: 'start' }], ['finish', undefined]] as const) {
    const res = await page.request.post(`/api/trainings/${courseId}/exercises/${lecture.id}/${path}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { courseId, exerciseId: exercise!.id, lessonId: exercise!.lessonId };
}

test('a student answers every question kind of the demo test through the player, each acknowledged', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000); // two sessions and two sandbox runs on a busy two-core machine
  const { courseId, exerciseId, lessonId } = await joinAndFindTest(page, browser, baseURL);

  // --- the hello page's Start starts the attempt (a button; Continue into one in progress is a link)
  await page.goto(`/my-courses/course/${courseId}/${lessonId}/${exerciseId}/start`);
  await expect(page.getByTestId('player-hello')).toBeVisible({ timeout: 20_000 });
  const enter = { name: /^(начать|start|продолжить|continue)/i };
  await page.getByTestId('player-hello').getByRole('button', enter).or(page.getByTestId('player-hello').getByRole('link', enter)).click();

  // --- choice (radio)
  let f = await form(page, 'choice');
  await f.getByRole('radio', { name: 'Гвидо ван Россум' }).check();
  await saveAndExpectSaved(f);
  await next(page);

  // --- free answer (integer): a wrong type is refused on the client, then the number is saved
  f = await form(page, 'free');
  await f.getByTestId('free-answer').fill('восемь');
  await f.getByTestId('question-save').click();
  await expect(f.getByText('Введите целое число')).toBeVisible();
  await f.getByTestId('free-answer').fill('8');
  await saveAndExpectSaved(f);
  await next(page);

  // --- matching: every option gets the first target from its select
  f = await form(page, 'matching');
  const selects = f.locator('[data-testid^="match-select-"]');
  const count = await selects.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await selects.nth(i).click();
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  }
  await saveAndExpectSaved(f);
  await next(page);

  // --- sequence: the keyboard/phone buttons move an item, then the order is saved
  f = await form(page, 'sequence');
  const before = await f.getByTestId('sequence-item').allTextContents();
  await f.getByRole('button', { name: /^(переместить ниже|move down)/i }).first().click();
  const after = await f.getByTestId('sequence-item').allTextContents();
  expect(after[0].replace(/^\d+\. /, '')).toBe(before[1].replace(/^\d+\. /, ''));
  await saveAndExpectSaved(f);
  await next(page);

  // --- code: the editor starts from the starter code; Run shows the visible case; Save scores it
  f = await form(page, 'code');
  const editor = f.locator('.cm-content');
  await expect(editor).toContainText('a = int(input())', { timeout: 20_000 });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('print(a + b)\n');
  await f.getByTestId('code-run').click();
  const run = f.getByTestId('code-case');
  await expect(run).toHaveCount(1, { timeout: 60_000 });
  await expect(run).toHaveAttribute('data-passed', 'true');
  await saveAndExpectSaved(f);
  await expect(f.getByTestId('code-score')).toContainText(/2 из 2|2 of 2/);
  await next(page);

  // --- file: the limits are shown; a wrong type is refused before sending; the upload is stored and listed
  f = await form(page, 'file');
  await expect(f.getByTestId('file-limits')).toContainText('.py');
  await f.getByTestId('file-input').setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
  await expect(f.getByTestId('question-save-error')).toContainText('py, pdf, txt');
  await f.getByTestId('file-input').setInputFiles({ name: 'main.py', mimeType: 'text/x-python', buffer: Buffer.from('a = int(input())\nb = int(input())\nprint(a + b)\n') });
  await expect(f.getByTestId('question-saved')).toBeVisible({ timeout: 30_000 });
  await expect(f.getByTestId('file-list')).toContainText('main.py');
  await next(page);

  // --- attributes
  f = await form(page, 'attributes');
  const field = f.locator('input[data-testid^="attribute-"], textarea[data-testid^="attribute-"]').first();
  await field.fill('Университет');
  await saveAndExpectSaved(f);

  // --- the server has every answer of this attempt
  const start = await page.request.post(`/api/Trainings/${courseId}/Exercises/${exerciseId}/Pages`, { data: { slideId: 'start' } });
  const slides = ((await start.json()) as { slides: { type: string; answered: boolean }[] }).slides.filter((s) => s.type.endsWith('-question'));
  expect(slides.length).toBe(7);
  expect(slides.filter((s) => !s.answered)).toEqual([]);

  // a reload shows the saved answers again (the forms pre-fill from the slide load)
  await page.reload();
  f = await form(page, 'attributes');
  await expect(f.locator('input[data-testid^="attribute-"], textarea[data-testid^="attribute-"]').first()).toHaveValue('Университет');
});

test.describe('on a phone (375×740)', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('matching by selects and sequence by the up/down buttons are answered with a finger', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const { courseId, exerciseId, lessonId } = await joinAndFindTest(page, browser, baseURL);
    const start = await page.request.post(`/api/Trainings/${courseId}/Exercises/${exerciseId}/Pages`, { data: { slideId: 'start' } });
    const slides = ((await start.json()) as { slides: { id: number; type: string }[] }).slides;
    const slideOf = (type: string) => slides.find((s) => s.type === type)!.id;

    await page.goto(`/my-courses/course/${courseId}/${lessonId}/${exerciseId}/${slideOf('matching-question')}`);
    let f = await form(page, 'matching');
    const selects = f.locator('[data-testid^="match-select-"]');
    for (let i = 0; i < (await selects.count()); i++) {
      await selects.nth(i).tap();
      await page.getByRole('listbox').getByRole('option').nth(1).tap();
      await expect(page.getByRole('listbox')).toHaveCount(0);
    }
    await f.getByTestId('question-save').tap();
    await expect(f.getByTestId('question-saved')).toBeVisible({ timeout: 30_000 });

    await page.goto(`/my-courses/course/${courseId}/${lessonId}/${exerciseId}/${slideOf('sequence-question')}`);
    f = await form(page, 'sequence');
    const first = (await f.getByTestId('sequence-item').first().textContent())!.replace(/^\d+\. /, '');
    await f.getByRole('button', { name: /^(переместить ниже|move down)/i }).first().tap();
    await expect(f.getByTestId('sequence-item').nth(1)).toHaveText(`2. ${first}`);
    await f.getByTestId('question-save').tap();
    await expect(f.getByTestId('question-saved')).toBeVisible({ timeout: 30_000 });
  });
});
