// Students journal at scale (issue 12): 1,000 students × 100 exercises of one course (about 90,000
// progress rows), seeded straight into the database, then the journal call answering all of it
// at once (take=1000) through the built server, on PGlite and on PostgreSQL. Baseline in the same
// run: the bare Fastify server answering a JSON body of the same shape and size. Measured: the
// latency of each call and the growth of the server process's resident memory during the calls.
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from './exam-storm.mjs';
import { JOURNAL_PAGE, measureJournalPage } from './journal-page.mjs';

export const JOURNAL = { students: 1000, lessons: 10, perLesson: 10, calls: 5, limitMs: { pglite: 2000, postgres: 1000 }, memoryMb: 200 };

/** Seeds the course into a database the server is not using yet; answers the course id and the instructor's cookie. */
export async function seedJournal({ dataDir, databaseUrl, root }) {
  const db = await openDb({ dataDir, databaseUrl, root, migrate: true });
  const run = randomBytes(4).toString('hex');
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];
  try {
    const { id: programId } = await one(`INSERT INTO programs (label, is_ready) VALUES ('Журнал (нагрузка)', true) RETURNING id`);
    await db.query(`INSERT INTO lessons (program_id, label, sequence) SELECT $1, 'Урок ' || g, g FROM generate_series(1, $2::int) g`, [programId, JOURNAL.lessons]);
    await db.query(
      `INSERT INTO exercises (program_id, lesson_id, label, exercise_type, sequence)
         SELECT $1, l.id, 'Упражнение ' || l.sequence || '.' || k, (ARRAY[10, 20, 30, 40])[1 + (k % 4)], k
           FROM lessons l, generate_series(1, $2::int) k WHERE l.program_id = $1`,
      [programId, JOURNAL.perLesson],
    );
    const { id: instructorId } = await one(
      `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role, flags) VALUES ($1, 'bench-journal', $2, 'Нагрузка', 'Преподаватель', 'Instructors', ARRAY['ShowStudents']) RETURNING id`,
      [`journal-instructor-${run}`, `journal-instructor-${run}@bench.local`],
    );
    const { id: courseId } = await one(
      `INSERT INTO courses (program_id, label, is_published, begin, "end", created_by) VALUES ($1, 'Журнал ' || $2::text, true, now() - interval '1 day', now() + interval '30 days', $3) RETURNING id`,
      [programId, run, instructorId],
    );
    const groups = (await db.query(`INSERT INTO groups (course_id, label) SELECT $1, 'Группа ' || g FROM generate_series(1, 10) g RETURNING id`, [courseId])).rows.map((r) => r.id);
    const students = (
      await db.query(
        `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role)
           SELECT 'journal-' || $1::text || '-' || g, 'bench-journal', 'journal' || g || '-' || $1::text || '@bench.local', 'Студент', 'Фамилия ' || g, 'Students'
             FROM generate_series(1, $2::int) g RETURNING id`,
        [run, JOURNAL.students],
      )
    ).rows.map((r) => r.id);
    await db.query(`INSERT INTO enrolments (course_id, account_id, group_id) SELECT $1, s, ($3::int[])[1 + (s % 10)] FROM unnest($2::int[]) s`, [courseId, students, groups]);
    // nine cells in ten have progress: every status, a score on the finished ones
    await db.query(
      `INSERT INTO exercise_progress (account_id, course_id, exercise_id, status, score)
         SELECT en.account_id, $1, e.id, st.status, CASE WHEN st.status IN (3, 4) THEN ((en.account_id * 7 + e.id * 3) % 11)::float8 END
           FROM enrolments en CROSS JOIN exercises e
           CROSS JOIN LATERAL (SELECT (ARRAY[0, 1, 3, 4, 4, 4, 5])[1 + ((en.account_id * 31 + e.id * 17) % 7)] AS status) st
          WHERE en.course_id = $1 AND e.program_id = $2 AND (en.account_id + e.id) % 10 <> 0`,
      [courseId, programId],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO sessions (id, account_id, expires_at) VALUES ($1, $2, now() + interval '12 hours')`, [createHash('sha256').update(token).digest('hex'), instructorId]);
    await db.query('ANALYZE');
    return { courseId, cookie: `elp_sid=${token}` };
  } finally {
    await db.close();
  }
}

/** The bare server's reference answer: the journal's shape at the same size (served by tests/bench/run.mjs). */
export function journalShape(students = JOURNAL.students, exercises = JOURNAL.lessons * JOURNAL.perLesson) {
  const agg = { average: 5.5, max: 10, min: 0, sum: 550, donePercent: 42.9, withoutDigit: 3 };
  return {
    exercises: Array.from({ length: exercises }, (_, i) => ({ id: i + 1, label: `Упражнение ${i}`, exerciseType: 20, lessonId: 1 + Math.floor(i / 10), lessonLabel: `Урок ${Math.floor(i / 10)}`, aggregates: agg })),
    students: Array.from({ length: students }, (_, s) => ({
      id: s + 1,
      firstName: 'Студент',
      lastName: `Фамилия ${s}`,
      email: `journal${s}@bench.local`,
      groupId: 1 + (s % 10),
      groupLabel: `Группа ${s % 10}`,
      cells: Array.from({ length: exercises }, (_, e) => ((s + e) % 10 === 0 ? null : { status: 4, score: (s * 7 + e * 3) % 11 })),
      aggregates: agg,
    })),
    total: students,
    exerciseTypes: [10, 20, 30, 40],
  };
}

/** Resident memory of a process in MB (Linux /proc; null elsewhere). */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return null;
  }
}

/** `calls` sequential GETs of `url` after one warm-up; latencies and the peak growth of `pid`'s memory over its level before. */
async function measure(url, headers, pid) {
  const warm = await fetch(url, { headers });
  if (warm.status !== 200) throw new Error(`${url} answered ${warm.status}: ${(await warm.text()).slice(0, 300)}`);
  const body = await warm.json();
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 5);
  const latencies = [];
  try {
    for (let i = 0; i < JOURNAL.calls; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    }
  } finally {
    clearInterval(timer);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return { body, median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), memory: before === null || peak === null ? null : peak - before };
}

const fmt = (r) => `median ${r.median.toFixed(0)} ms, max ${r.max.toFixed(0)} ms, memory ${r.memory === null ? 'n/a' : `+${r.memory.toFixed(0)} MB`}`;

/** On one database: seed, start ELP, measure, stop. Answers whether it met the limits. */
async function journalOn(name, limitMs, { root, logFile, dataDir, databaseUrl, startElp, bare }) {
  const t0 = Date.now();
  const { courseId, cookie } = await seedJournal({ dataDir, databaseUrl, root });
  console.log(`  ${name}: seeded ${JOURNAL.students} students × ${JOURNAL.lessons * JOURNAL.perLesson} exercises in ${((Date.now() - t0) / 1000).toFixed(1)} s; starting ELP (log ${logFile}) ...`);
  const elp = await startElp(dataDir, logFile, undefined, { SEED_DEMO: 'false', DATABASE_URL: databaseUrl });
  let r;
  let ui = null;
  try {
    r = await measure(`${elp.url}/api/instructors/trainings/${courseId}/StudentsJournal?take=${JOURNAL.students}`, { cookie }, elp.child.pid);
    if (process.env.BENCH_JOURNAL_PAGE !== 'false') ui = await measureJournalPage({ url: elp.url, cookie, courseId });
  } finally {
    elp.child.kill('SIGKILL');
  }
  const cells = r.body.students.reduce((n, s) => n + s.cells.filter(Boolean).length, 0);
  console.log(`  ${name}: GET …/StudentsJournal?take=${JOURNAL.students} (${r.body.students.length} students × ${r.body.exercises.length} exercises, ${cells} cells): ${fmt(r)}`);
  console.log(`  ${name}: ELP/bare median ${(r.median / Math.max(bare.median, 0.1)).toFixed(1)}×`);
  const problems = [];
  if (r.body.students.length !== JOURNAL.students || r.body.exercises.length !== JOURNAL.lessons * JOURNAL.perLesson) problems.push('the journal did not answer every student and exercise');
  if (r.median > limitMs) problems.push(`median ${r.median.toFixed(0)} ms is over ${limitMs} ms`);
  if (r.memory !== null && r.memory > JOURNAL.memoryMb) problems.push(`memory grew ${r.memory.toFixed(0)} MB, over ${JOURNAL.memoryMb} MB`);
  if (ui) {
    const L = JOURNAL_PAGE;
    console.log(
      `  ${name}: the journal page in Chromium (${ui.rows} students × ${JOURNAL.lessons * JOURNAL.perLesson} exercises on the page): opens in ${ui.openMs.toFixed(0)} ms, longest main-thread task ${ui.openLongest.toFixed(0)} ms while opening, ${ui.scrollLongest.toFixed(0)} ms while scrolling`,
    );
    if (ui.rows !== L.take) problems.push(`the page showed ${ui.rows} rows, not ${L.take}`);
    if (ui.openMs > L.openMs) problems.push(`the page opened in ${ui.openMs.toFixed(0)} ms, over ${L.openMs} ms`);
    if (ui.scrollLongest > L.longTaskMs) problems.push(`a main-thread task of ${ui.scrollLongest.toFixed(0)} ms while scrolling, over ${L.longTaskMs} ms`);
  }
  for (const p of problems) console.error(`  ${name}: FAILED — ${p}`);
  return problems.length === 0;
}

/** The scenario as `npm run bench` runs it: the bare baseline, then ELP on PGlite and on PostgreSQL (DATABASE_URL, else a throwaway cluster, else skipped). */
export async function runJournalBench({ root, logDir, tmp, startElp, freePort, bareUrl, barePid }) {
  const { onPostgres } = await import('./pg-cluster.mjs');
  console.log(`\nStudents journal: ${JOURNAL.students} students × ${JOURNAL.lessons * JOURNAL.perLesson} exercises in one call, ${JOURNAL.calls} calls after a warm-up; limits ${JOURNAL.limitMs.postgres} ms on PostgreSQL, ${JOURNAL.limitMs.pglite} ms on PGlite, +${JOURNAL.memoryMb} MB.`);
  const bare = await measure(`${bareUrl}/journal-shape`, {}, barePid);
  console.log(`  bare Fastify GET /journal-shape (the same shape and size): ${fmt(bare)}`);
  let ok = true;
  const dataDir = mkdtempSync(join(tmp, 'elp-bench-journal-'));
  try {
    ok = (await journalOn('PGlite', JOURNAL.limitMs.pglite, { root, logFile: join(logDir, 'bench-journal-pglite.log'), dataDir, databaseUrl: undefined, startElp, bare })) && ok;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const logFile = join(logDir, 'bench-journal-postgres.log');
  ok = (await onPostgres({ tmp, prefix: 'elp-bench-journal-', freePort, startElp }, (label, url, start) =>
    journalOn(label, JOURNAL.limitMs.postgres, { root, logFile, dataDir: undefined, databaseUrl: url, startElp: start, bare }))) && ok;
  return ok;
}
