// The learner pages' first-load JavaScript (gzip), printed by `npm run build:client` (a Vite
// plugin, see vite.config.ts) from Vite's manifest: the entry's static imports plus the page's
// lazy chunk and its static imports, gzipped with node:zlib. The admin screens' total is
// printed beside it. The result is also written to dist/client/.vite/first-load.json, which
// tests/e2e/bundle.spec.ts reads to tell admin chunks from learner ones.
//
//   node scripts/report-first-load.mjs [dist/client]   — report on an existing build
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Learner pages measured: path → the sources of its lazy chunks (the page; texts it waits for). */
export const LEARNER_PAGES = {
  '/welcome': ['src/learner/welcome/WelcomePage.tsx'],
  // my courses waits for the support contacts' texts (src/i18n/pages/, Russian, the default language)
  '/my-courses': ['src/learner/myCourses/MyCoursesPage.tsx', 'src/i18n/pages/ru.ts'],
  '/student-catalog': ['src/learner/catalogue/CataloguePage.tsx'],
  // the course page (src/learner/journeyRoutes.ts)
  '/my-courses/course/:courseId': ['src/learner/course/CoursePage.tsx'],
  // the player on its first slide and its texts (Russian, the default language). The demo course's
  // first exercise (the lecture, server/db/seed/programs.ts) starts with a text slide
  // (server/db/seed/slides.ts); its viewer (viewers/ContentViewer.tsx) is in the player's chunk.
  // Its HTML sanitiser is not: it loads beside the slide's data (src/ui/richText/LazySafeHtml.tsx),
  // after the first paint (frame, toolbar, menu, slide placeholder). The other kinds' viewers and
  // the question forms load when their slide opens.
  '/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId': ['src/learner/player/PlayerPage.tsx', 'src/i18n/player/ru.ts'],
};

/**
 * The learner first load's goal (issue 15): gzip KB per page; tests/e2e/bundle.spec.ts holds every
 * page to it (now welcome 178.0, my courses 180.3, catalogue 180.6, course page 187.4, player 191.2;
 * when the learner shell landed 216.8, 226.7, 254.0, 275.6 and 389.6).
 */
export const FIRST_LOAD_GOAL_KB = 200;

/** Loaded before the first paint of any page: the default language's shell catalogue (src/i18n/i18nProvider.ts). */
const FIRST_PAINT = ['src/i18n/ru/index.ts'];

/** Admin screens: the lazily loaded chunks of src/resources. */
const ADMIN_SOURCE = /^src\/resources\//;

/** Libraries only the admin screens need (rich-text editor, spreadsheets, drag and drop, charts). */
export const ADMIN_LIBRARIES = /\/node_modules\/(@tiptap\/[^/]+|exceljs|@dnd-kit\/[^/]+|recharts)\//;

export const REPORT_FILE = '.vite/first-load.json';

/**
 * Which output files hold admin-only libraries, from the bundle's module ids (Vite's
 * writeBundle hook); `{ file: [package, ...] }`.
 */
export function adminLibrariesByFile(bundle) {
  const found = {};
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    const names = new Set();
    for (const id of chunk.moduleIds ?? []) {
      const m = ADMIN_LIBRARIES.exec(id.replaceAll('\\', '/'));
      if (m) names.add(m[1]);
    }
    if (names.size) found[chunk.fileName] = [...names].sort();
  }
  return found;
}

/** The first-load report of the build in `outDir`. */
export function firstLoadReport(outDir, adminLibraries = {}) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  // the app's entry (the SCORM launcher is an entry of its own, not loaded by the app)
  const entryKey = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

  /** A chunk's file and every file it imports statically, transitively. */
  const closure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const gzipKb = (files) => [...files].reduce((n, f) => n + gzipSync(readFileSync(join(outDir, f)), { level: 9 }).length, 0) / 1024;

  const lazyChunk = (source, what) => {
    if (!manifest[source]) throw new Error(`${source} (${what}) is not a chunk of the build: is it still loaded lazily?`);
    return source;
  };
  const entry = closure(entryKey);
  for (const source of FIRST_PAINT) closure(lazyChunk(source, 'the first paint'), entry);
  const pages = {};
  for (const [path, sources] of Object.entries(LEARNER_PAGES)) {
    const files = new Set(entry);
    for (const source of sources) closure(lazyChunk(source, path), files);
    pages[path] = { files: [...files].sort(), gzipKb: gzipKb(files) };
  }
  const adminKeys = Object.keys(manifest).filter((k) => ADMIN_SOURCE.test(k) && manifest[k].isDynamicEntry);
  const admin = new Set(entry);
  for (const k of adminKeys) closure(k, admin);
  return {
    entry: manifest[entryKey].file,
    pages,
    admin: { gzipKb: gzipKb(admin), files: admin.size },
    /** the admin screens' own chunks, source → file (a student should download none) */
    adminEntries: Object.fromEntries(adminKeys.sort().map((k) => [k, manifest[k].file])),
    adminLibraries,
  };
}

/** `/my-courses/course/:courseId/…` → `course page`, `player` (for the printed table). */
const shortPath = (path) => (path.endsWith(':slideId') ? 'player (1st slide)' : path.endsWith(':courseId') ? 'course page' : path);

export function printReport(report, log = console.log) {
  const adminFiles = new Set(Object.values(report.adminEntries));
  const leaks = Object.entries(report.pages).flatMap(([path, p]) =>
    p.files.filter((f) => adminFiles.has(f) || report.adminLibraries[f]).map((f) => `${path}: ${f} ${(report.adminLibraries[f] ?? ['admin screen']).join(', ')}`),
  );
  log(`\nFirst-load JavaScript (gzip): entry + its static imports + the catalogue + the page's chunks (goal ≤ ${FIRST_LOAD_GOAL_KB} KB)`);
  for (const [path, p] of Object.entries(report.pages)) {
    log(`  ${shortPath(path).padEnd(18)} ${p.gzipKb.toFixed(1).padStart(7)} KB  (${p.files.length} files) ${p.gzipKb <= FIRST_LOAD_GOAL_KB ? 'ok' : 'OVER'}`);
  }
  log(`  ${'admin screens'.padEnd(18)} ${report.admin.gzipKb.toFixed(1).padStart(7)} KB  (${report.admin.files} files: entry + every src/resources chunk)`);
  log(leaks.length ? `  admin code in a learner first load:\n    ${leaks.join('\n    ')}` : '  admin screens and admin-only libraries in a learner first load: none');
  return leaks;
}

/** Vite plugin: after `vite build` writes the bundle, report and save the result. */
export function reportFirstLoad() {
  let outDir = 'dist/client';
  let libraries;
  return {
    name: 'elp-report-first-load',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      libraries = adminLibrariesByFile(bundle);
    },
    // after Vite's own list of files, so the report is the build's last words
    closeBundle() {
      if (!libraries) return; // the build failed before writing
      const report = firstLoadReport(outDir, libraries);
      writeFileSync(join(outDir, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
      printReport(report);
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? 'dist/client');
  const saved = join(outDir, REPORT_FILE);
  const libraries = existsSync(saved) ? JSON.parse(readFileSync(saved, 'utf8')).adminLibraries : {};
  printReport(firstLoadReport(outDir, libraries));
}
