import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FirstLoadReport } from '../../scripts/report-first-load.mjs';
import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { freshCourse, startLecture, unique } from './support/courses';

/**
 * Issue 15 item 2, the player's first slide: a student opening the lecture's first slide (a text
 * slide) by its address gets it from the player's first load as the build's report counts it,
 * and downloads no question form nor the drag and drop library (the ordering question's), which
 * load only when a slide of their kind opens. The text's sanitiser is not in that first load but
 * still runs: it loads beside the slide's data.
 */
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'client');
const report = JSON.parse(readFileSync(join(dist, '.vite', 'first-load.json'), 'utf8')) as FirstLoadReport;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const PLAYER = '/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId';
const FORMS = ['ChoiceForm', 'FreeForm', 'FileForm', 'MatchingForm', 'SequenceForm', 'AttributesForm', 'CodeForm'];

test('a student opening the lecture’s first slide downloads no question form nor drag and drop', async ({ page, browser, baseURL }) => {
  const forms = FORMS.map((name) => {
    const chunk = manifest[`src/learner/player/questions/${name}.tsx`];
    expect(chunk, `${name} is a chunk of its own`).toBeTruthy();
    return chunk.file;
  });
  const dragAndDrop = Object.entries(report.adminLibraries).filter(([, libs]) => libs.some((l) => l.startsWith('@dnd-kit/'))).map(([file]) => file);

  const courseId = await freshCourse(browser, baseURL, `E2E первый слайд ${unique()}`);
  await signIn(page, DEMO.student2, '/my-courses');
  await dismissCookies(page);
  const { lecture, firstSlide: first } = await startLecture(page.request, courseId);

  // a fresh tab: its scripts are the page's first load
  const tab = await page.context().newPage();
  const scripts = new Set<string>();
  tab.on('request', (req) => {
    const path = new URL(req.url()).pathname.replace(/^\//, '');
    if (path.endsWith('.js')) scripts.add(path);
  });
  await tab.goto(`/my-courses/course/${courseId}/${lecture.lessonId}/${lecture.id}/${first}`);
  await expect(tab.getByTestId('slide-viewer')).toHaveAttribute('data-slide-type', 'content');
  await expect(tab.getByTestId('slide-content')).toContainText('Python');
  await expect(tab.getByTestId('slide-counter')).toHaveText(/^1 \/ \d+$/);
  await tab.waitForLoadState('networkidle');

  // what the report counts is what the slide loaded
  for (const file of report.pages[PLAYER].files) expect(scripts, `first-load file ${file}`).toContain(file);
  // a chunk of its own, shared by the lazy viewer and the question forms (manifest key `_SafeHtml-<hash>.js`)
  const sanitiser = Object.values(manifest).find((c) => /^assets\/SafeHtml-[\w-]+\.js$/.test(c.file))!.file;
  expect(report.pages[PLAYER].files).not.toContain(sanitiser);
  expect(scripts, 'the text went through the sanitiser').toContain(sanitiser);
  expect([...scripts].filter((f) => forms.includes(f) || dragAndDrop.includes(f)), 'question forms or drag and drop downloaded').toEqual([]);
});
