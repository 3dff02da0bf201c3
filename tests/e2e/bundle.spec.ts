import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { FIRST_LOAD_GOAL_KB, LEARNER_PAGES, type FirstLoadReport } from '../../scripts/report-first-load.mjs';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';

/**
 * Code splitting (issue 5): a student's first load of /my-courses downloads none of the admin
 * screens' chunks nor the admin-only libraries (rich-text editor, spreadsheets, drag and drop,
 * charts); an instructor opening an admin list does load its resource chunk. The chunks are
 * told apart by the build's first-load report (scripts/report-first-load.mjs), made from
 * Vite's manifest of the very build the server serves.
 */
const report = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'client', '.vite', 'first-load.json'), 'utf8'),
) as FirstLoadReport;
const adminFiles = new Set([...Object.values(report.adminEntries), ...Object.keys(report.adminLibraries)]);

/** Every JavaScript file of the app the page downloads from now on, as `assets/<name>.js`. */
function collectScripts(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.resourceType() === 'script' || path.endsWith('.js')) files.add(path.replace(/^\//, ''));
  });
  return files;
}

test('a student opening /my-courses downloads no admin chunk', async ({ page }) => {
  expect(Object.keys(report.adminEntries).length, 'the build has lazy admin resource chunks').toBeGreaterThan(0);
  const scripts = collectScripts(page);
  await signIn(page, DEMO.student, '/my-courses');
  await expect(page.getByTestId('my-courses-page')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // the page's own first load was seen (so the check below looked at real downloads)
  for (const file of report.pages['/my-courses'].files) expect(scripts, `first-load file ${file}`).toContain(file);
  const admin = [...scripts].filter((f) => adminFiles.has(f));
  expect(admin, `admin chunks downloaded by a student: ${admin.map((f) => `${f} ${report.adminLibraries[f]?.join(', ') ?? ''}`).join('; ')}`).toEqual([]);
});

/**
 * Issue 15: a learner's first load — the entry, its static imports, the default language's
 * catalogue and the page's chunks, gzip — stays within 200 KB on the welcome page, my courses,
 * the catalogue, the course page and the player's first slide.
 */
test('every learner page of the first-load goal stays within 200 KB gzip', () => {
  expect(Object.keys(report.pages).sort()).toEqual(Object.keys(LEARNER_PAGES).sort());
  const over = Object.entries(report.pages)
    .filter(([, p]) => p.gzipKb > FIRST_LOAD_GOAL_KB)
    .map(([path, p]) => `${path}: ${p.gzipKb.toFixed(1)} KB`);
  expect(over, 'over the goal').toEqual([]);
});

test('an instructor opening the programs list loads its admin chunk', async ({ page }) => {
  const scripts = collectScripts(page);
  await signIn(page, DEMO.instructor, '/programs');
  await expect(page.getByTestId('program-list')).toBeVisible();
  expect([...scripts]).toContain(report.adminEntries['src/resources/programs/index.tsx']);
});
