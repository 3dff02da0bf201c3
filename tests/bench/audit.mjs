// The audit journal at scale (issue 28): 1,000,000 rows of audit_log written straight into the
// database (60 actors in three roles, 30 entities, a course on a third of them, a year of dates),
// then the journal call asked for the newest 50 through the built server, unfiltered and with each
// filter, on PGlite and on PostgreSQL. Measured: the median of 5 calls of each after one of every view.
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from './exam-storm.mjs';

export const AUDIT = { rows: 1_000_000, batch: 100_000, actors: 60, tables: 30, courses: 20, take: 50, calls: 5, limitMs: { pglite: 1000, postgres: 200 } };

/** Seeds the journal into a database the server is not using yet; answers Root's cookie and the filters' values. */
export async function seedAudit({ dataDir, databaseUrl, root }) {
  const db = await openDb({ dataDir, databaseUrl, root, migrate: true });
  const run = randomBytes(4).toString('hex');
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];
  try {
    const { id: rootId } = await one(
      `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role) VALUES ($1, 'bench-audit', $2, 'Нагрузка', 'Администратор', 'Root') RETURNING id`,
      [`audit-root-${run}`, `audit-root-${run}@bench.local`],
    );
    const actors = (
      await db.query(
        `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role)
           SELECT 'audit-' || $1::text || '-' || g, 'bench-audit', 'audit' || g || '-' || $1::text || '@bench.local', 'Сотрудник', 'Фамилия ' || g,
                  (ARRAY['Instructors', 'Instructors', 'Root', 'Students'])[1 + g % 4]
             FROM generate_series(1, $2::int) g RETURNING id, role`,
        [run, AUDIT.actors],
      )
    ).rows;
    const { id: programId } = await one(`INSERT INTO programs (label, is_ready) VALUES ('Аудит (нагрузка)', true) RETURNING id`);
    const courses = (
      await db.query(`INSERT INTO courses (program_id, label, is_published) SELECT $1, 'Аудит ' || g, true FROM generate_series(1, $2::int) g RETURNING id`, [programId, AUDIT.courses])
    ).rows.map((r) => r.id);
    const ids = actors.map((a) => a.id);
    const roles = actors.map((a) => a.role);
    // a bulk load: the journal's indexes (as the migrations made them) are built once after the rows, not row by row
    const indexes = (await db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'audit_log' AND indexname <> 'audit_log_pkey'`)).rows;
    for (const { indexname } of indexes) await db.query(`DROP INDEX "${indexname}"`);
    // each batch one statement: row g gets its actor, entity, course and time from g (a year back, newest last)
    for (let from = 1; from <= AUDIT.rows; from += AUDIT.batch) {
      const to = Math.min(AUDIT.rows, from + AUDIT.batch - 1);
      await db.query(
        `INSERT INTO audit_log (account_id, actor_role, action, call_name, table_name, record_id, course_id, before, after, address, at)
           SELECT ($3::int[])[1 + g % $5::int], ($4::text[])[1 + g % $5::int],
                  (ARRAY['create', 'update', 'update', 'delete', 'action'])[1 + g % 5],
                  'bench.call' || (g % $6::int), 'entity-' || (g % $6::int), (g % 5000)::text,
                  CASE WHEN g % 3 = 0 THEN ($7::int[])[1 + g % array_length($7::int[], 1)] END,
                  jsonb_build_object('label', 'было ' || g), jsonb_build_object('label', 'стало ' || g), '10.0.' || (g % 256) || '.' || (g % 200),
                  now() - interval '365 days' * (1 - g::float8 / $8::int)
             FROM generate_series($1::int, $2::int) g`,
        [from, to, ids, roles, ids.length, AUDIT.tables, courses, AUDIT.rows],
      );
    }
    for (const { indexdef } of indexes) await db.query(indexdef);
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO sessions (id, account_id, expires_at) VALUES ($1, $2, now() + interval '12 hours')`, [createHash('sha256').update(token).digest('hex'), rootId]);
    await db.query('ANALYZE');
    return { cookie: `elp_sid=${token}`, actor: ids[7], actorEmail: `audit8-${run}@bench.local`, courseId: courses[3] };
  } finally {
    await db.close();
  }
}

/** One call, checked (the warm-up). */
async function warm(url, headers) {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

/** `calls` sequential GETs of `url`: the median and the worst latency, and the last answer. */
async function measure(url, headers) {
  const latencies = [];
  let body;
  for (let i = 0; i < AUDIT.calls; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    body = await res.json();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return { body, median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
}

/** On one database: seed, start ELP, measure each view, stop. Answers whether it met the limit. */
async function auditOn(name, limitMs, { root, logFile, dataDir, databaseUrl, startElp }) {
  const t0 = Date.now();
  const seeded = await seedAudit({ dataDir, databaseUrl, root });
  console.log(`  ${name}: seeded ${AUDIT.rows.toLocaleString('en')} journal rows in ${((Date.now() - t0) / 1000).toFixed(1)} s; starting ELP (log ${logFile}) ...`);
  const elp = await startElp(dataDir, logFile, undefined, { SEED_DEMO: 'false', DATABASE_URL: databaseUrl });
  const H = `${elp.url}/api/instructors/history/audit`;
  const views = [
    ['newest 50', `${H}/view?take=${AUDIT.take}`],
    ['by entity', `${H}/view?take=${AUDIT.take}&table=entity-7`],
    ['by user (account)', `${H}/view?take=${AUDIT.take}&accountId=${seeded.actor}`],
    ['by user (e-mail text)', `${H}/view?take=${AUDIT.take}&user=${encodeURIComponent(seeded.actorEmail)}`],
    ['by role', `${H}/view?take=${AUDIT.take}&role=Root`],
    ['by course', `${H}/view?take=${AUDIT.take}&courseId=${seeded.courseId}`],
    ['by dates (a month, half a year ago)', `${H}/view?take=${AUDIT.take}&from=${iso(-190)}&to=${iso(-160)}`],
    ['entity and dates', `${H}/view?take=${AUDIT.take}&table=entity-7&from=${iso(-190)}&to=${iso(-160)}`],
    ['page 20 (skip 950)', `${H}/view?take=${AUDIT.take}&skip=950`],
    ['the entities present', `${H}/tables`],
  ];
  const problems = [];
  try {
    // every view once first: a just-started server (PGlite: one connection) is still reading its pages and starting its queue
    for (const [, url] of views) await warm(url, { cookie: seeded.cookie });
    for (const [what, url] of views) {
      const r = await measure(url, { cookie: seeded.cookie });
      const n = Array.isArray(r.body) ? r.body.length : r.body.result.length;
      console.log(`  ${name}: ${what.padEnd(38)} ${String(n).padStart(3)} rows: median ${r.median.toFixed(0)} ms, max ${r.max.toFixed(0)} ms`);
      if (n === 0) problems.push(`${what}: no rows`);
      if (r.median > limitMs) problems.push(`${what}: median ${r.median.toFixed(0)} ms is over ${limitMs} ms`);
    }
  } finally {
    elp.child.kill('SIGKILL');
  }
  for (const p of problems) console.error(`  ${name}: FAILED — ${p}`);
  return problems.length === 0;
}

const iso = (days) => encodeURIComponent(new Date(Date.now() + days * 86_400_000).toISOString());

/** The scenario as `npm run bench` runs it: ELP on PGlite and on PostgreSQL (DATABASE_URL, else a throwaway cluster, else skipped). */
export async function runAuditBench({ root, logDir, tmp, startElp, freePort }) {
  const { onPostgres } = await import('./pg-cluster.mjs');
  console.log(
    `\nAudit journal: ${AUDIT.rows.toLocaleString('en')} rows, the newest ${AUDIT.take} unfiltered and by each filter, ${AUDIT.calls} calls of each after one of every view; limits ${AUDIT.limitMs.postgres} ms on PostgreSQL, ${AUDIT.limitMs.pglite} ms on PGlite.`,
  );
  let ok = true;
  const dataDir = mkdtempSync(join(tmp, 'elp-bench-audit-'));
  try {
    ok = (await auditOn('PGlite', AUDIT.limitMs.pglite, { root, logFile: join(logDir, 'bench-audit-pglite.log'), dataDir, databaseUrl: undefined, startElp })) && ok;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const logFile = join(logDir, 'bench-audit-postgres.log');
  ok = (await onPostgres({ tmp, prefix: 'elp-bench-audit-', freePort, startElp }, (label, url, start) =>
    auditOn(label, AUDIT.limitMs.postgres, { root, logFile, dataDir: undefined, databaseUrl: url, startElp: start }))) && ok;
  return ok;
}
