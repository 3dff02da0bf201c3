// Course analytics at scale (issue 28): a course of 1,000 students × 100 exercises × 20 questions
// with every answer given (2,000,000 answers, 100,000 attempts and progress rows, video segments and
// page visits), seeded straight into the database; then typical errors (whole course, one group,
// one exercise), paths and usage asked through the built server, on PGlite and on PostgreSQL.
// Measured: the median of ANALYTICS.calls calls of each after one warm-up call.
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from './exam-storm.mjs';

export const ANALYTICS = { students: 1000, groups: 10, lessons: 10, perLesson: 10, questions: 20, calls: 5, limitMs: { pglite: 3000, postgres: 1000 } };

/**
 * Seeds the course into a database the server is not using yet; answers the course id, a group, an
 * exercise and the instructor's cookie. Answers: each student's chance of a right one rises with the
 * student's ability and falls along the exercise, so the indices and the wrong answers are not flat.
 */
export async function seedAnalytics({ dataDir, databaseUrl, root, log = () => {} }) {
  const db = await openDb({ dataDir, databaseUrl, root, migrate: true });
  const run = randomBytes(4).toString('hex');
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];
  const A = ANALYTICS;
  try {
    const { id: programId } = await one(`INSERT INTO programs (label, is_ready) VALUES ('Аналитика (нагрузка)', true) RETURNING id`);
    await db.query(`INSERT INTO lessons (program_id, label, sequence) SELECT $1, 'Урок ' || g, g FROM generate_series(1, $2::int) g`, [programId, A.lessons]);
    await db.query(
      `INSERT INTO exercises (program_id, lesson_id, label, exercise_type, sequence)
         SELECT $1, l.id, 'Тест ' || l.sequence || '.' || k, 20, k FROM lessons l, generate_series(1, $2::int) k WHERE l.program_id = $1`,
      [programId, A.perLesson],
    );
    // one closed question per slide, four options, the first one right
    await db.query(
      `INSERT INTO closed_questions (program_id, label, text, choice_mode)
         SELECT $1, 'Вопрос ' || e.id || '.' || q, '<p>?</p>', 1 FROM exercises e, generate_series(1, $2::int) q WHERE e.program_id = $1 ORDER BY e.id, q`,
      [programId, A.questions],
    );
    await db.query(
      `INSERT INTO closed_question_options (question_id, text, is_correct, sequence)
         SELECT cq.id, 'Вариант ' || k, k = 0, k FROM closed_questions cq, generate_series(0, 3) k WHERE cq.program_id = $1 ORDER BY cq.id, k`,
      [programId],
    );
    await db.query(
      `INSERT INTO slides (exercise_id, sequence, page_type, content_kind, label, content, closed_question_id, max_score)
         SELECT e.id, x.n, 2, 10, '', '{"kind":"question"}'::jsonb, x.qid, 1
           FROM exercises e
           CROSS JOIN LATERAL (SELECT cq.id AS qid, row_number() OVER (ORDER BY cq.id) AS n FROM closed_questions cq
                                WHERE cq.program_id = $1 AND cq.label LIKE 'Вопрос ' || e.id || '.%') x
          WHERE e.program_id = $1`,
      [programId],
    );
    // a video slide per lesson's first exercise (usage: watch time, re-watched segments)
    await db.query(
      `INSERT INTO slides (exercise_id, sequence, page_type, content_kind, label, content, duration)
         SELECT e.id, 0, 6, 30, 'Видео ' || l.sequence, '{"kind":"video"}'::jsonb, 600
           FROM exercises e JOIN lessons l ON l.id = e.lesson_id WHERE e.program_id = $1 AND e.sequence = 1`,
      [programId],
    );
    const { id: instructorId } = await one(
      `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role, flags)
         VALUES ($1, 'bench-analytics', $2, 'Нагрузка', 'Преподаватель', 'Instructors', ARRAY['ShowStudents', 'ExportStudentActions']) RETURNING id`,
      [`analytics-instructor-${run}`, `analytics-instructor-${run}@bench.local`],
    );
    const { id: courseId } = await one(
      `INSERT INTO courses (program_id, label, is_published, begin, "end", created_by)
         VALUES ($1, 'Аналитика ' || $2::text, true, now() - interval '40 days', now() + interval '30 days', $3) RETURNING id`,
      [programId, run, instructorId],
    );
    const groups = (await db.query(`INSERT INTO groups (course_id, label) SELECT $1, 'Группа ' || g FROM generate_series(1, $2::int) g RETURNING id`, [courseId, A.groups])).rows.map((r) => r.id);
    const students = (
      await db.query(
        `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role)
           SELECT 'analytics-' || $1::text || '-' || g, 'bench-analytics', 'analytics' || g || '-' || $1::text || '@bench.local', 'Студент', 'Фамилия ' || g, 'Students'
             FROM generate_series(1, $2::int) g RETURNING id`,
        [run, A.students],
      )
    ).rows.map((r) => r.id);
    await db.query(`INSERT INTO enrolments (course_id, account_id, group_id) SELECT $1, s, ($3::int[])[1 + (s % $4::int)] FROM unnest($2::int[]) s`, [courseId, students, groups, A.groups]);
    // attempts (finished) and progress: each student starts the exercises a day apart, some out of order
    await db.query(
      `INSERT INTO attempts (account_id, course_id, exercise_id, attempt_no, status, started_at, finished_at, score, max_score)
         SELECT en.account_id, $1, e.id, 1, 'finished', now() - interval '35 days' + ((l.sequence * 3 + e.sequence + (en.account_id + e.id) % 3) || ' hours')::interval * 7,
                now() - interval '35 days' + ((l.sequence * 3 + e.sequence + (en.account_id + e.id) % 3) || ' hours')::interval * 7 + interval '20 minutes', null, $3
           FROM enrolments en CROSS JOIN exercises e JOIN lessons l ON l.id = e.lesson_id
          WHERE en.course_id = $1 AND e.program_id = $2`,
      [courseId, programId, A.questions],
    );
    const exercises = (await db.query(`SELECT id FROM exercises WHERE program_id = $1 ORDER BY id`, [programId])).rows.map((r) => r.id);
    // each question slide with its right option's id (the others follow it)
    await db.query(
      `CREATE TEMP TABLE bench_slide_option AS
         SELECT s.id AS slide_id, s.exercise_id, s.sequence, min(o.id) AS first
           FROM slides s JOIN closed_question_options o ON o.question_id = s.closed_question_id
          WHERE s.exercise_id = ANY($1::int[]) GROUP BY s.id`,
      [exercises],
    );
    // a bulk load: the answers' indexes (as the migrations made them) are built once after the rows
    const indexes = (await db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'answers' AND indexname <> 'answers_pkey' AND indexname <> 'answers_attempt_slide_uq'`)).rows;
    for (const { indexname } of indexes) await db.query(`DROP INDEX "${indexname}"`);
    await db.query(`ALTER TABLE answers DROP CONSTRAINT answers_attempt_slide_uq`);
    const t0 = Date.now();
    for (let i = 0; i < exercises.length; i += 10) {
      await db.query(
        `INSERT INTO answers (attempt_id, slide_id, question_kind, value, correctness, score, saved_at)
           SELECT t.id, so.slide_id, 2, jsonb_build_object('optionIds', jsonb_build_array(so.first + x.k)), (x.k = 0)::int, (x.k = 0)::int::float8,
                  t.started_at + (so.sequence || ' minutes')::interval
             FROM attempts t JOIN bench_slide_option so ON so.exercise_id = t.exercise_id
             CROSS JOIN LATERAL (SELECT CASE WHEN ((t.account_id * 7919 + so.slide_id * 104729) % 1000) / 1000.0 < 0.35 + 0.6 * ((t.account_id * 37) % 100) / 100.0 - 0.3 * so.sequence / 20.0
                                             THEN 0 ELSE 1 + (t.account_id + so.slide_id) % 3 END AS k) x
            WHERE t.course_id = $1 AND t.exercise_id = ANY($2::int[])`,
        [courseId, exercises.slice(i, i + 10)],
      );
      log(`answers: ${Math.min(i + 10, exercises.length)} of ${exercises.length} exercises (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    await db.query(`ALTER TABLE answers ADD CONSTRAINT answers_attempt_slide_uq UNIQUE (attempt_id, slide_id)`);
    for (const { indexdef } of indexes) await db.query(indexdef);
    log(`answers indexed (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    await db.query(`UPDATE attempts t SET score = x.total FROM (SELECT attempt_id, sum(score) AS total FROM answers GROUP BY attempt_id) x WHERE x.attempt_id = t.id AND t.course_id = $1`, [courseId]);
    // progress: most reach far, a tail stops early (paths' drop-off)
    await db.query(
      `INSERT INTO exercise_progress (account_id, course_id, exercise_id, status, score, last_attempt_id, started_at, completed_at)
         SELECT t.account_id, $1, t.exercise_id, CASE WHEN p.pos <= 100 - (t.account_id * 13) % 40 THEN 4 ELSE 1 END, t.score, t.id, t.started_at,
                CASE WHEN p.pos <= 100 - (t.account_id * 13) % 40 THEN t.finished_at END
           FROM attempts t JOIN (SELECT e.id, row_number() OVER (ORDER BY l.sequence, e.sequence) AS pos FROM exercises e JOIN lessons l ON l.id = e.lesson_id WHERE e.program_id = $2) p ON p.id = t.exercise_id
          WHERE t.course_id = $1`,
      [courseId, programId],
    );
    // watch segments (three per student and video, the middle one a re-watch) and page visits (thirty per student)
    await db.query(
      `INSERT INTO watch_segments (account_id, course_id, exercise_id, slide_id, attempt_id, start_second, end_second, created_at)
         SELECT t.account_id, $1, t.exercise_id, s.id, t.id, seg.a, seg.b, t.started_at + (seg.n || ' minutes')::interval
           FROM attempts t JOIN slides s ON s.exercise_id = t.exercise_id AND s.content_kind = 30
           CROSS JOIN LATERAL (VALUES (1, 0::float8, 300::float8), (2, 120, 240), (3, 300, 600)) seg(n, a, b)
          WHERE t.course_id = $1`,
      [courseId],
    );
    await db.query(
      `INSERT INTO page_visits (account_id, url, visited_at, received_at)
         SELECT en.account_id, '/course/' || $1::int || '/lesson/' || (1 + g % 10), now() - ((g + en.account_id % 7) || ' days')::interval, now()
           FROM enrolments en, generate_series(1, 30) g WHERE en.course_id = $1::int`,
      [courseId],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO sessions (id, account_id, expires_at) VALUES ($1, $2, now() + interval '12 hours')`, [createHash('sha256').update(token).digest('hex'), instructorId]);
    await db.query('ANALYZE');
    const [answers] = (await db.query(`SELECT count(*)::int AS n FROM answers a JOIN attempts t ON t.id = a.attempt_id WHERE t.course_id = $1`, [courseId])).rows;
    return { courseId, groupId: groups[0], exerciseId: exercises[Math.floor(exercises.length / 2)], cookie: `elp_sid=${token}`, answers: answers.n };
  } finally {
    await db.close();
  }
}

/** `calls` sequential GETs after one warm-up; the latencies. */
async function measure(url, headers) {
  const t0 = performance.now();
  const warm = await fetch(url, { headers });
  const first = performance.now() - t0;
  if (warm.status !== 200) throw new Error(`${url} answered ${warm.status}: ${(await warm.text()).slice(0, 300)}`);
  const body = await warm.json();
  const latencies = [];
  for (let i = 0; i < ANALYTICS.calls; i++) {
    const s = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    latencies.push(performance.now() - s);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return { body, first, median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
}

/** The calls measured, with a check that each answered the whole course. */
function scenarios({ courseId, groupId, exerciseId }) {
  const A = `/api/instructors`;
  const A_ = ANALYTICS;
  return [
    { name: 'typical errors, whole course', path: `${A}/analytics/Trainings/${courseId}/TypicalErrors`, check: (b) => b.questions.length === A_.lessons * A_.perLesson * A_.questions && b.attempts === A_.students * A_.lessons * A_.perLesson },
    { name: 'typical errors, one group', path: `${A}/analytics/Trainings/${courseId}/TypicalErrors?GroupId=${groupId}`, check: (b) => b.questions.length === A_.lessons * A_.perLesson * A_.questions },
    { name: 'typical errors, one exercise', path: `${A}/analytics/Trainings/${courseId}/TypicalErrors?exerciseId=${exerciseId}`, check: (b) => b.questions.length === A_.questions },
    { name: 'paths', path: `${A}/trainings/${courseId}/analytics/paths`, check: (b) => b.steps.length === A_.lessons * A_.perLesson && b.students === A_.students },
    { name: 'usage (30 days)', path: `${A}/trainings/${courseId}/analytics/usage`, check: (b) => b.students === A_.students && b.days.some((d) => d.answers > 0) },
  ];
}

/** On one database: seed, start ELP, measure, stop. Answers whether it met the limits. */
async function analyticsOn(name, limitMs, { root, logFile, dataDir, databaseUrl, startElp }) {
  const t0 = Date.now();
  const seeded = await seedAnalytics({ dataDir, databaseUrl, root, log: (m) => process.env.BENCH_VERBOSE && console.log(`  ${name}: ${m}`) });
  console.log(`  ${name}: seeded ${seeded.answers} answers in ${((Date.now() - t0) / 1000).toFixed(0)} s; starting ELP (log ${logFile}) ...`);
  const elp = await startElp(dataDir, logFile, undefined, { SEED_DEMO: 'false', DATABASE_URL: databaseUrl });
  const problems = [];
  try {
    for (const s of scenarios(seeded)) {
      const r = await measure(`${elp.url}${s.path}`, { cookie: seeded.cookie });
      console.log(`  ${name}: ${s.name}: first ${r.first.toFixed(0)} ms, median ${r.median.toFixed(0)} ms, max ${r.max.toFixed(0)} ms`);
      if (!s.check(r.body)) problems.push(`${s.name} did not answer the whole course`);
      if (r.median > limitMs) problems.push(`${s.name}: median ${r.median.toFixed(0)} ms is over ${limitMs} ms`);
    }
  } finally {
    elp.child.kill('SIGKILL');
  }
  for (const p of problems) console.error(`  ${name}: FAILED — ${p}`);
  return problems.length === 0;
}

/** The scenario as `npm run bench` runs it: ELP on PGlite and on PostgreSQL (DATABASE_URL, else a throwaway cluster, else skipped). */
export async function runAnalyticsBench({ root, logDir, tmp, startElp, freePort }) {
  const { onPostgres } = await import('./pg-cluster.mjs');
  const A = ANALYTICS;
  console.log(
    `\nCourse analytics: ${A.students} students × ${A.lessons * A.perLesson} exercises × ${A.questions} questions, every answer given; ${A.calls} calls of each after a warm-up; limits ${A.limitMs.postgres} ms on PostgreSQL, ${A.limitMs.pglite} ms on PGlite.`,
  );
  let ok = true;
  if (process.env.BENCH_ANALYTICS !== 'postgres') {
    const dataDir = mkdtempSync(join(tmp, 'elp-bench-analytics-'));
    try {
      ok = (await analyticsOn('PGlite', A.limitMs.pglite, { root, logFile: join(logDir, 'bench-analytics-pglite.log'), dataDir, databaseUrl: undefined, startElp })) && ok;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.BENCH_ANALYTICS === 'pglite') return ok;
  const logFile = join(logDir, 'bench-analytics-postgres.log');
  ok = (await onPostgres({ tmp, prefix: 'elp-bench-analytics-', freePort, startElp }, (label, url, start) =>
    analyticsOn(label, A.limitMs.postgres, { root, logFile, dataDir: undefined, databaseUrl: url, startElp: start }))) && ok;
  return ok;
}
