import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { acceptCookies, DEMO, navItem, signIn } from './support/ui';

/**
 * Issue 3, end to end: an instructor with TrainingSettings builds a program, a lesson, a
 * presentation exercise and one slide of each of the fourteen kinds through the browser; an
 * instructor without the flag is refused (page and API). The bank questions the question slides
 * show are prerequisites and are created through the same API the question screens call.
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const mediaDir = fileURLToPath(new URL('../../server/db/seed/media/', import.meta.url));

/** A one-page PDF, offsets computed (as the demo seed writes it). */
function tinyPdf(): Buffer {
  const stream = 'BT /F1 24 Tf 72 720 Td (ELP e2e) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Half a second of a mono 16-bit 8 kHz tone as WAV. */
function tinyWav(): Buffer {
  const rate = 8000;
  const n = rate / 2;
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 4000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const files = {
  video: { name: 'e2e-video.webm', mimeType: 'video/webm', buffer: readFileSync(`${mediaDir}demo.webm`) },
  audio: { name: 'e2e-audio.wav', mimeType: 'audio/wav', buffer: tinyWav() },
  pdf: { name: 'e2e.pdf', mimeType: 'application/pdf', buffer: tinyPdf() },
  docx: {
    name: 'e2e.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: readFileSync(`${mediaDir}demo.docx`),
  },
};

/** The bank questions the question slides need, created for the program through the questions API. */
async function createBankQuestions(request: APIRequestContext, programId: number) {
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  };
  const courseId = programId;
  await post('/api/questions/answers', {
    label: `E2E closed ${run}`,
    text: '2 + 2?',
    courseId,
    options: [
      { text: '4', correct: true },
      { text: '5', correct: false },
    ],
  });
  await post('/api/questions/free', { label: `E2E free ${run}`, text: 'Name a language', courseId, inputType: 2, correctValues: ['Python'] });
  await post('/api/questions/matches/Create', {
    label: `E2E matching ${run}`,
    text: 'Match',
    courseId,
    targets: [{ text: 'int' }, { text: 'str' }],
    options: [
      { text: '1', target: 0 },
      { text: '"a"', target: 1 },
    ],
  });
  await post('/api/questions/Sequences/Create', {
    label: `E2E sequence ${run}`,
    text: 'Order',
    courseId,
    items: [{ text: 'first' }, { text: 'second' }],
  });
  await post('/api/questions/code/Create', {
    label: `E2E code ${run}`,
    text: 'Print 3',
    courseId,
    code: 'print(3)',
    testCases: [{ inputValues: '', outputValue: '3' }],
  });
}

const field = {
  label: /^(заголовок|title)( \*)?$/i,
  question: /^(вопрос|question)( \*)?$/i,
  address: /^(адрес страницы|page address)/i,
  attributes: /^(атрибуты|attributes)( \*)?$/i,
};
const SAVE = /^(сохранить|save)$/i;

/** Opens a kind's create screen through the list's add menu. */
async function openCreate(page: Page, kind: RegExp, type: string) {
  await page.getByRole('button', { name: /^(добавить слайд|add a slide)$/i }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  await expect(page.getByTestId(`slide-form-${type}`)).toBeVisible();
  await page.getByRole('textbox', { name: field.label }).fill(`E2E ${type} ${run}`);
}

/** Saves the open slide form and waits for the list to show one more slide. */
async function saveAndBack(page: Page, listPath: string, count: number) {
  await page.getByRole('button', { name: SAVE }).click();
  await expect(page).toHaveURL((u) => u.pathname === listPath);
  await expect(page.getByTestId('slide-row')).toHaveCount(count);
}

async function pickQuestion(page: Page, label: string) {
  const combo = page.getByRole('combobox', { name: field.question });
  await combo.click();
  const option = page.getByRole('option', { name: label });
  if (!(await option.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false))) {
    // KNOWN FLAKE (reported): the question list once answered "failed to load" though the call
    // is fine; reloading the screen loads it again
    const title = await page.getByRole('textbox', { name: field.label }).inputValue();
    await page.reload();
    await page.getByRole('textbox', { name: field.label }).fill(title);
    await combo.click();
  }
  await option.click();
}

async function upload(page: Page, kind: string, file: (typeof files)[keyof typeof files]) {
  await page.getByTestId(`upload-${kind}`).setInputFiles(file);
  await expect(page.getByTestId('current-file')).toContainText(file.name, { timeout: 30_000 });
}

test('an instructor with TrainingSettings builds a program, a lesson, an exercise and a slide of every kind', async ({ page }) => {
  test.setTimeout(240_000);
  // no confirm dialog is expected anywhere (the hosted-video screen once asked about "unsaved
  // changes" on its way to the edit screen); record any, accept it so the flow goes on, check below
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await signIn(page, DEMO.instructor, '/programs');
  await expect(page.getByTestId('program-list')).toBeVisible();
  await acceptCookies(page);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);

  // program
  await page.getByRole('link', { name: /^(создать программу|create a program)$/i }).click();
  await page.getByRole('textbox', { name: /^(название|title)/i }).fill(`E2E program ${run}`);
  await page.getByRole('button', { name: SAVE }).click();
  await expect(page).toHaveURL(/\/programs\/\d+$/);
  const programId = Number(/\/programs\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);

  // lesson
  await page.getByTestId('add-lesson').click();
  await page.getByRole('textbox', { name: /^(название|title)/i }).fill(`E2E lesson ${run}`);
  await page.getByTestId('save').click();
  await expect(page).toHaveURL((u) => u.pathname === `/programs/${programId}`);
  const lesson = page.getByTestId('lesson-card').filter({ hasText: `E2E lesson ${run}` });
  await expect(lesson).toBeVisible();

  // presentation exercise
  await lesson.getByTestId('add-exercise').click();
  await page.getByRole('menuitem', { name: /^(стандартное|standard)/i }).click();
  await page.getByRole('textbox', { name: /^(название|title)/i }).fill(`E2E exercise ${run}`);
  await page.getByTestId('save').click();
  await expect(page).toHaveURL((u) => u.pathname === `/programs/${programId}`);
  const exercise = page.getByTestId('exercise-row').filter({ hasText: `E2E exercise ${run}` });
  await expect(exercise).toBeVisible();

  await createBankQuestions(page.request, programId);

  await exercise.getByRole('link', { name: /^(слайды|slides)$/i }).click();
  await expect(page).toHaveURL(/\/programs\/\d+\/\d+\/\d+\/slides$/);
  const listPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('empty')).toBeVisible();
  let count = 0;

  // content: rich text
  await openCreate(page, /^(контент|content)$/i, 'content');
  await page.getByTestId('slide-form-content').locator('[contenteditable="true"]').first().fill('Hello from the e2e test');
  await saveAndBack(page, listPath, ++count);

  // the five question kinds that show a bank question
  const questions: [RegExp, string, string][] = [
    [/^(вопрос с вариантами ответа|multiple-choice question)$/i, 'answers-question', `E2E closed ${run}`],
    [/^(вопрос со свободным ответом|free-answer question)$/i, 'free-question', `E2E free ${run}`],
    [/^(вопрос на последовательность|sequence question)$/i, 'sequence-question', `E2E sequence ${run}`],
    [/^(вопрос на сопоставление|matching question)$/i, 'matching-question', `E2E matching ${run}`],
    [/^(вопрос с проверкой кода|code-check question)$/i, 'code-question', `E2E code ${run}`],
  ];
  for (const [kind, type, question] of questions) {
    await openCreate(page, kind, type);
    await pickQuestion(page, question);
    await saveAndBack(page, listPath, ++count);
  }

  // file question
  await openCreate(page, /^(вопрос с загрузкой файла|file-upload question)$/i, 'file-question');
  await saveAndBack(page, listPath, ++count);

  // attributes question: the first attribute the demo data offers
  await openCreate(page, /^(вопрос об атрибутах|attributes question)$/i, 'attributes-question');
  await page.getByRole('combobox', { name: field.attributes }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await saveAndBack(page, listPath, ++count);

  // web page
  await openCreate(page, /^(веб-страница|web page)$/i, 'web');
  await page.getByRole('textbox', { name: field.address }).fill('https://example.com/');
  await saveAndBack(page, listPath, ++count);

  // media kinds with a tiny file each
  const media: [RegExp, string, string, (typeof files)[keyof typeof files]][] = [
    [/^(видео|video)$/i, 'video', 'video', files.video],
    [/^(аудио|audio)$/i, 'audio', 'audio', files.audio],
    [/^pdf$/i, 'pdf', 'pdf', files.pdf],
    [/^(документ или презентация|document or presentation)$/i, 'doc-ppt', 'pptx', files.docx],
  ];
  for (const [kind, type, uploadKind, file] of media) {
    await openCreate(page, kind, type);
    await upload(page, uploadKind, file);
    await saveAndBack(page, listPath, ++count);
  }

  // hosted video: choosing the file creates the slide, the bytes follow, then its edit screen opens
  await openCreate(page, /^(видео с видеохостинга|hosted video)$/i, 'kinescope');
  await page.getByTestId('upload-video').setInputFiles(files.video);
  await expect(page).toHaveURL(/\/slides\/kinescope\/\d+\/edit$/, { timeout: 30_000 });
  await expect(page.getByTestId('slide-form-kinescope')).toBeVisible();
  expect(dialogs, 'no "unsaved changes" confirm on the way to the new slide').toEqual([]);
  await page.getByRole('button', { name: SAVE }).click();
  await expect(page).toHaveURL((u) => u.pathname === listPath);
  await expect(page.getByTestId('slide-row')).toHaveCount(++count);
  expect(count).toBe(14);
  // one slide of each kind
  const res = await page.request.get(`/api/instructors/Exercises/${listPath.split('/')[4]}/Pages`);
  expect(res.status()).toBe(200);
  const kinds = ((await res.json()) as { result: { type: string }[] }).result.map((s) => s.type).sort();
  expect(kinds).toEqual(
    ['answers-question', 'attributes-question', 'audio', 'code-question', 'content', 'doc-ppt', 'file-question', 'free-question', 'kinescope', 'matching-question', 'pdf', 'sequence-question', 'video', 'web'],
  );
});

test('an instructor without TrainingSettings is refused: 403 page, no menu item, API 403', async ({ page }) => {
  await signIn(page, DEMO.teacher);
  await expect(page).toHaveURL(/\/courses/);
  await expect(navItem(page, /^(курсы|courses)$/i)).toBeVisible();
  await expect(navItem(page, /^(программы|programs)$/i)).toHaveCount(0);

  await page.goto('/programs');
  await expect(page.getByTestId('error-page')).toBeVisible();
  await expect(page.getByTestId('program-list')).toHaveCount(0);

  const res = await page.request.get('/api/Instructors/Courses/View');
  expect(res.status()).toBe(403);
});

test.describe('on a phone (375×740)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the program and slide screens fit the screen: no horizontal page scrolling', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.instructor, '/programs');
    await acceptCookies(page);
    const list = (await (await page.request.get('/api/Instructors/Courses/View')).json()) as { result: { id: number; label: string }[] };
    const program = list.result.find((p) => p.label === 'Основы программирования на Python') ?? list.result[0];
    const view = (await (await page.request.get(`/api/Instructors/Courses/${program.id}/View`)).json()) as {
      lessons: { id: number; exercises: { id: number; kind: string }[] }[];
    };
    const lesson = view.lessons.find((l) => l.exercises.some((e) => e.kind === 'presentation'))!;
    const exercise = lesson.exercises.find((e) => e.kind === 'presentation')!;
    const slides = (await (await page.request.get(`/api/instructors/Exercises/${exercise.id}/Pages`)).json()) as { result: { id: number; type: string }[] };
    const p = `/programs/${program.id}`;
    const e = `${p}/${lesson.id}/${exercise.id}`;
    const all = view.lessons.flatMap((l) => l.exercises.map((x) => ({ ...x, at: `${p}/${l.id}/${x.id}` })));
    const webinar = all.find((x) => x.kind === 'webinar');
    const scorm = all.find((x) => x.kind === 'scorm');
    const lti = all.find((x) => x.kind === 'lti');
    const screens = [
      '/programs',
      '/programs/create',
      p,
      `${p}/edit`,
      `${p}/sort`,
      `${p}/authors`,
      `${p}/copy`,
      `${p}/create-lesson`,
      `${p}/${lesson.id}/edit`,
      `${p}/${lesson.id}/constraints`,
      `${p}/lesson/${lesson.id}/sort`,
      `${p}/${lesson.id}/create-exercise`,
      `${e}/edit`,
      `${e}/constraints`,
      `${e}/competencies`,
      `${e}/files`,
      `${e}/slides`,
      `${e}/slides/${slides.result[0].type}/${slides.result[0].id}/edit`,
      `${e}/slides/web/create`,
      `${p}/${lesson.id}/create-scorm`,
      `${p}/${lesson.id}/webinar/create`,
      ...(webinar ? [`${webinar.at}/webinar/edit`, `${webinar.at}/webinar/video`] : []),
      ...(scorm ? [`${scorm.at}/edit-scorm`] : []),
      `${p}/${lesson.id}/create-lti`,
      ...(lti ? [`${lti.at}/edit-lti`] : []),
    ];
    for (const path of screens) {
      await page.goto(path);
      // the screen is there (its chunk loaded, its title or form shown) and done loading
      await page.waitForFunction(() => document.querySelectorAll('#main-content h1, #main-content input, #main-content table').length > 0);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#main-content [role="progressbar"]')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
});
