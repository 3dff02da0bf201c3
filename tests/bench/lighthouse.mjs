// Lighthouse 12 in the bench (issue 15): the performance category of the learner pages, mobile
// preset with simulated throttling (Lighthouse's defaults), on the production build the bench
// started, signed in as the demo student (the session cookie goes with every request through
// `extraHeaders`). Debian's Chromium, headless, launched by chrome-launcher (CHROMIUM_PATH
// overrides /usr/bin/chromium). Prints each page's score, FCP, LCP, TBT and CLS and whether the
// goal (score ≥ 90) holds.
//
//   BENCH_LIGHTHOUSE=false — skip it (tests/bench/run.mjs); the full reports are written to .tmp/lighthouse/
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LIGHTHOUSE_GOAL = 90;

/** The learner pages measured: the three lists, then the course page and the player's first slide of the student's first course. */
async function learnerPages(base, cookie) {
  const pages = [
    { name: '/welcome', path: '/welcome' },
    { name: '/my-courses', path: '/my-courses' },
    { name: '/student-catalog', path: '/student-catalog' },
  ];
  const get = async (path, init = {}) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status}`);
    return res.json();
  };
  const mine = await get('/api/students/trainings');
  const course = mine.result.find((c) => c.type === 1) ?? mine.result[0];
  if (!course) return pages;
  pages.push({ name: 'course page', path: `/my-courses/course/${course.id}` });
  const lessons = await get(`/api/students/trainings/${course.id}/lessons`);
  const exercise = lessons.flatMap((l) => l.exercises).find((x) => x.isAvailable);
  if (!exercise) return pages;
  // the hello page (preview: starts nothing) lists the slides; the first one is the player's first slide
  const start = await get(`/api/Trainings/${course.id}/Exercises/${exercise.id}/Pages`, { method: 'POST', body: JSON.stringify({ slideId: 'start', preview: true }) });
  const first = start.slides?.[0]?.id ?? 'start';
  pages.push({ name: 'player (1st slide)', path: `/my-courses/course/${course.id}/${exercise.lessonId}/${exercise.id}/${first}` });
  return pages;
}

const ms = (n) => `${Math.round(n)} ms`.padStart(9);

/**
 * Runs Lighthouse on each page; returns false when a page could not be measured or misses the
 * goal (the bench then fails).
 */
export async function runLighthouse({ base, cookie, reportDir }) {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    console.log(`\nLighthouse: skipped (no Chromium at ${chromePath}; CHROMIUM_PATH sets another)`);
    return true;
  }
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const pages = await learnerPages(base, cookie);
  console.log(`\nLighthouse ${LIGHTHOUSE_GOAL}+ (performance, mobile, simulated throttling), signed in as the demo student, ${chromePath}:`);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  let ok = true;
  try {
    console.log(`${'page'.padEnd(22)}${'score'.padStart(6)}${'FCP'.padStart(9)}${'LCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}  goal`);
    for (const page of pages) {
      const measure = () =>
        lighthouse(`${base}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { cookie } });
      // a trace Chromium failed to record (NO_NAVSTART and the like) is retried once
      let lhr = (await measure())?.lhr;
      if (lhr?.runtimeError) lhr = (await measure())?.lhr;
      if (lhr && reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`), JSON.stringify(lhr));
      }
      if (!lhr || lhr.runtimeError) {
        ok = false;
        console.log(`${page.name.padEnd(22)} not measured: ${lhr?.runtimeError?.message ?? 'no result'}`);
        continue;
      }
      const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const holds = score >= LIGHTHOUSE_GOAL;
      if (!holds) ok = false;
      console.log(
        `${page.name.padEnd(22)}${String(score).padStart(6)}${ms(audit('first-contentful-paint'))}${ms(audit('largest-contentful-paint'))}${ms(audit('total-blocking-time'))}${audit('cumulative-layout-shift').toFixed(3).padStart(7)}  ${holds ? 'ok' : 'MISSED'}`,
      );
    }
  } finally {
    chrome.kill();
  }
  console.log(ok ? `Lighthouse goal (≥ ${LIGHTHOUSE_GOAL} on every page): holds` : `Lighthouse goal (≥ ${LIGHTHOUSE_GOAL} on every page): missed`);
  return ok;
}
