import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, programs } from '../../db/schema/index.js';
import { createTestApp } from '../../../tests/api/support/app.js';
import { searchCondition } from './search.js';

/**
 * The catalogue search must keep the shape its trigram index serves (same expression,
 * ILIKE '%term%'): with sequential scans priced out, the plan names the index. A change of
 * the condition's expression (e.g. two ILIKEs again) leaves the index unusable and this fails.
 */
const t = await createTestApp();

async function plan(search: string, { seqscan = false } = {}): Promise<string> {
  return t.db.transaction(async (tx) => {
    if (!seqscan) await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const res = await tx.execute(sql`EXPLAIN ${tx.select({ id: courses.id }).from(courses).where(searchCondition(search))}`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, string>[];
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('catalogue search index', () => {
  it('the search condition is served by the trigram index (Latin and Cyrillic terms)', async () => {
    expect(await plan('python')).toContain('courses_search_trgm_idx');
    expect(await plan('нагрузка тема4')).toContain('courses_search_trgm_idx');
  });

  it('after a bulk insert the planner itself picks the index for a name (no pending list to scan)', async () => {
    const [p] = await t.db.insert(programs).values({ label: 'p', isReady: true }).returning();
    await t.db.execute(sql`INSERT INTO courses (program_id, label, keywords, is_published)
      SELECT ${p.id}, 'Курс ' || g, 'тема' || (g % 50), true FROM generate_series(1, 3000) g`);
    await t.db.execute(sql`ANALYZE courses`);
    expect(await plan('Курс 1234', { seqscan: true })).toContain('courses_search_trgm_idx');
  });

  it('a blank term adds no condition', () => {
    expect(searchCondition('  ')).toBeUndefined();
    expect(searchCondition(null)).toBeUndefined();
  });
});
