// Learner-scale data for the benchmark (issue 5): 10,000 published courses and 100,000
// enrolments (10,000 students in 10 courses each), plus the demo student in 20 of the
// courses, written straight into the stopped server's database with set-based SQL.
import { join } from 'node:path';

export const LOAD = { courses: 10_000, students: 10_000, perStudent: 10, demoStudentCourses: 20 };

const statements = (demoEmail) => [
  `INSERT INTO courses (program_id, label, keywords, description, is_published, begin, "end", join_mode)
     SELECT (SELECT min(id) FROM programs), 'Нагрузочный курс ' || g, 'нагрузка тема' || (g % 100),
            'Курс для замеров производительности', true,
            now() - ((g % 40) || ' days')::interval, now() + ((g % 80) - 20 || ' days')::interval, 'direct'
       FROM generate_series(1, ${LOAD.courses}) g`,
  `INSERT INTO accounts (subject, issuer, email, first_name, last_name, role)
     SELECT 'bench-' || g, 'bench', 'bench' || g || '@bench.local', 'Нагрузка', 'Студент ' || g, 'Students'
       FROM generate_series(1, ${LOAD.students}) g`,
  // distinct courses per student: (n * perStudent + k) mod courses differs for each k
  `INSERT INTO enrolments (course_id, account_id)
     SELECT c.first + ((s.n * ${LOAD.perStudent} + k) % ${LOAD.courses}), a.first + s.n
       FROM (SELECT min(id) AS first FROM courses WHERE label LIKE 'Нагрузочный курс %') c,
            (SELECT min(id) AS first FROM accounts WHERE issuer = 'bench') a,
            generate_series(0, ${LOAD.students - 1}) s(n), generate_series(0, ${LOAD.perStudent - 1}) k`,
  `INSERT INTO enrolments (course_id, account_id)
     SELECT c.id, (SELECT id FROM accounts WHERE email = '${demoEmail}' ORDER BY id LIMIT 1)
       FROM courses c WHERE c.label LIKE 'Нагрузочный курс %' ORDER BY c.id LIMIT ${LOAD.demoStudentCourses}
     ON CONFLICT DO NOTHING`,
  'ANALYZE',
];

/** Seeds the load into the server's database (PGlite in DATA_DIR/db, or BENCH_DATABASE_URL). */
export async function seedLearnerLoad({ dataDir, databaseUrl, demoEmail }) {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const sql of statements(demoEmail)) await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm'); // the catalogue's trigram index
  const db = new PGlite({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
  try {
    for (const sql of statements(demoEmail)) await db.exec(sql);
  } finally {
    await db.close();
  }
}
