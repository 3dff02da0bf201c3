// Live typical errors during an exam storm (issue 28): PGlite, 500 students × 20 answers (the exam
// storm's schedule), played on one server with nobody watching and with the course's instructor on
// /courses/{id}/typical-errors in Chromium (the real page: its hub, its refetches), in turns.
// Measured: each acknowledged save's lag until a refetch that started after it came back (the page
// then shows it), and the saves' p95 of each storm. Goals: lag p95 ≤ 2 s; the watched storms' save
// p95 within 1.5× of the unwatched ones (medians).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { elpTarget, median, openDb, percentile, playStorm, seedExamStorm, STORMS } from './exam-storm.mjs';

export const LIVE = { lagP95Ms: 2000, saveRatio: 1.5, settleMs: 4000 };
/** The storm's first seconds: its 500 students arrive over 5 s (STORMS.pglite.rampMs), each starting then saving. */
const RAMP_PHASE_MS = 6000;

/** The watched course's instructor: its creator, with the flag the page needs; answers the cookie. */
async function seedWatcher({ dataDir, root }, courseId) {
  const db = await openDb({ dataDir, root, migrate: false });
  try {
    const run = randomBytes(4).toString('hex');
    const { rows } = await db.query(
      `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role, flags)
         VALUES ($1, 'bench-live', $2, 'Наблюдатель', 'Преподаватель', 'Instructors', ARRAY['ShowStudents', 'ExportStudentActions']) RETURNING id`,
      [`live-${run}`, `live-${run}@bench.local`],
    );
    await db.query(`UPDATE courses SET created_by = $1 WHERE id = $2`, [rows[0].id, courseId]);
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO sessions (id, account_id, expires_at) VALUES ($1, $2, now() + interval '12 hours')`, [createHash('sha256').update(token).digest('hex'), rows[0].id]);
    return `elp_sid=${token}`;
  } finally {
    await db.close();
  }
}

/** Opens the typical errors page and records each refetch's start and end (this process's clock). */
async function watch(url, cookie, courseId) {
  const { chromium } = await import('playwright-core');
  // The instructor's browser runs at the lowest CPU priority (nice 19, every Chromium process): in use
  // it is on the instructor's computer, here it shares two cores with the server and the 500 students'
  // load generator, and its rendering after each refetch slowed the saves as much as the server's own
  // work for the page did (docs/benchmarks.md "Live typical errors"). The page, its hub and its
  // refetches are the real ones; only its share of this machine's CPU is not measured.
  const launcher = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.tmp', 'chromium-nice.sh');
  mkdirSync(dirname(launcher), { recursive: true });
  writeFileSync(launcher, `#!/bin/sh\nexec nice -n 19 "${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}" "$@"\n`, { mode: 0o755 });
  const browser = await chromium.launch({ executablePath: launcher, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url }]);
  await context.addInitScript(() => localStorage.setItem('elp_cookie_consent', 'accepted'));
  const page = await context.newPage();
  const started = new Map();
  const fetches = [];
  page.on('request', (r) => r.url().includes('/TypicalErrors') && started.set(r, performance.now()));
  page.on('requestfinished', (r) => started.has(r) && fetches.push({ start: started.get(r), end: performance.now() }));
  await page.goto(`${url}/courses/${courseId}/typical-errors`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  // the hub connected: the page's live status says so (give it a moment either way)
  await page.waitForTimeout(2000);
  return { fetches, close: () => browser.close() };
}

/** One watched storm: the page open on the course before it and until LIVE.settleMs after; each acknowledged save's lag. */
async function playWatched(url, fixture, cookie, rampMs) {
  const page = await watch(url, cookie, fixture.courseId);
  let run;
  try {
    run = await playStorm(url, fixture, elpTarget, rampMs);
    await new Promise((r) => setTimeout(r, LIVE.settleMs));
  } finally {
    await page.close();
  }
  // a save shows once a refetch that began after its answer came back has come back too
  const fetches = page.fetches.sort((a, b) => a.start - b.start);
  const lags = run.acknowledged.map((a) => {
    const f = fetches.find((x) => x.start >= a.at);
    return f ? f.end - a.at : Infinity;
  });
  return { ...run, lags, fetches };
}

/**
 * The scenario as `npm run bench` runs it (BENCH_LIVE=false skips it). Answers whether the goals hold.
 * A first storm warms the server up unmeasured (a cold server's first storm was up to 3× slower than
 * its next), then BENCH_LIVE_ROUNDS pairs (3) in mirrored order — unwatched, watched, watched,
 * unwatched, … — each on a course of its own; the goal compares the medians of the saves' p95: the
 * same storm's p95 moved between 15 and 108 ms on this machine, so one pair decides nothing.
 */
export async function runLiveStorm({ root, logDir, tmp, startElp }) {
  const storm = STORMS.pglite;
  const pairs = Math.max(1, Number(process.env.BENCH_LIVE_ROUNDS ?? 3));
  const order = Array.from({ length: pairs }, (_, i) => (i % 2 === 0 ? [false, true] : [true, false])).flat();
  console.log(
    `\nLive typical errors: PGlite, ${storm.students} students × 20 answers over the exam storm's schedule, a warm-up storm and then ${pairs * 2} storms, ` +
      `unwatched or watched by the instructor's typical errors page in Chromium (${order.map((w) => (w ? 'watched' : 'unwatched')).join(', ')}); ` +
      `goals: the page's lag p95 ≤ ${LIVE.lagP95Ms} ms, the watched saves' p95 ≤ ${LIVE.saveRatio}× the unwatched (medians).`,
  );
  const dataDir = mkdtempSync(join(tmp, 'elp-bench-live-'));
  try {
    const warmUp = await seedExamStorm({ dataDir, root, students: storm.students });
    const courses = [];
    for (const watched of order) {
      const fixture = await seedExamStorm({ dataDir, root, students: storm.students });
      courses.push({ watched, fixture, cookie: watched ? await seedWatcher({ dataDir, root }, fixture.courseId) : undefined });
    }
    const elp = await startElp(dataDir, join(logDir, 'bench-live-storm.log'), undefined, { SEED_DEMO: 'false' });
    try {
      await playStorm(elp.url, warmUp, elpTarget, storm.rampMs);
      const p95s = { true: [], false: [] };
      const lags = [];
      const errors = [];
      for (const { watched, fixture, cookie } of courses) {
        const run = watched ? await playWatched(elp.url, fixture, cookie, storm.rampMs) : await playStorm(elp.url, fixture, elpTarget, storm.rampMs);
        const p95 = percentile([...run.latencies.save].sort((a, b) => a - b), 95);
        p95s[watched].push(p95);
        errors.push(...run.errors);
        let line = `  ${watched ? 'watched:  ' : 'unwatched:'} ${run.latencies.save.length} saves, ${run.errors.length} errors, save p95 ${p95.toFixed(0)} ms`;
        if (watched) {
          lags.push(...run.lags);
          const each = percentile(run.fetches.map((f) => f.end - f.start).sort((x, y) => x - y), 50);
          line += `; the page refetched ${run.fetches.length} times, each in p50 ${each.toFixed(0)} ms`;
          // which saves the page's work slowed: those in flight while a refetch was
          const during = (a) => run.fetches.some((f) => a.began < f.end && a.at > f.start);
          const took = (xs) => xs.map((a) => a.at - a.began).sort((x, y) => x - y);
          const [inside, outside] = [took(run.acknowledged.filter(during)), took(run.acknowledged.filter((a) => !during(a)))];
          line += `\n              ${inside.length} saves (${((100 * inside.length) / run.acknowledged.length).toFixed(1)}%) in flight during a refetch: p95 ${percentile(inside, 95).toFixed(0)} ms; the others p95 ${percentile(outside, 95).toFixed(0)} ms`;
        }
        console.log(line);
        // where a storm's slow saves are: while the students arrive (the ramp, their starts among the
        // saves) or after; the watched storms lost most in the ramp (docs/benchmarks.md, fourth pass)
        const first = Math.min(...run.acknowledged.map((a) => a.began));
        const [ramp, after] = [run.acknowledged.filter((a) => a.began - first < RAMP_PHASE_MS), run.acknowledged.filter((a) => a.began - first >= RAMP_PHASE_MS)].map((xs) =>
          percentile(xs.map((a) => a.at - a.began).sort((x, y) => x - y), 95).toFixed(0),
        );
        console.log(`              save p95 in the first ${RAMP_PHASE_MS / 1000} s (the students arriving) ${ramp} ms, after ${after} ms`);
      }
      const sorted = lags.sort((a, b) => a - b);
      const lagP95 = percentile(sorted, 95);
      const [a, b] = [median(p95s.false), median(p95s.true)];
      const shown = sorted.filter(Number.isFinite).length;
      console.log(`  the page's lag (all watched storms): p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${lagP95.toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms; ${shown} of ${lags.length} saves shown`);
      console.log(`  save p95, median: unwatched ${a.toFixed(0)} ms, watched ${b.toFixed(0)} ms (${(b / a).toFixed(2)}×)`);
      const problems = [];
      if (errors.length) problems.push(`${errors.length} saves failed, e.g.:\n      ${errors.slice(0, 3).join('\n      ')}`);
      if (!(lagP95 <= LIVE.lagP95Ms)) problems.push(`lag p95 ${lagP95.toFixed(0)} ms is over ${LIVE.lagP95Ms} ms`);
      if (b > LIVE.saveRatio * a) problems.push(`the watched saves' p95 is ${(b / a).toFixed(2)}× the unwatched, over ${LIVE.saveRatio}×`);
      for (const p of problems) console.error(`  live storm: FAILED — ${p}`);
      if (!problems.length) console.log('  live storm: the goals hold');
      return problems.length === 0;
    } finally {
      // a profiled server (BENCH_NODE_ARGS="--cpu-prof …") writes its profile only when it ends by itself
      if (!process.env.BENCH_NODE_ARGS) elp.child.kill('SIGKILL');
      else await new Promise((resolve) => elp.child.once('exit', resolve).kill('SIGTERM'));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
