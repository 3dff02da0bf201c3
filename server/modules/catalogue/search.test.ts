import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../db/schema/index.js';
import { createTestApp } from '../../../tests/api/support/app.js';
import { searchCondition } from './search.js';

/**
 * The catalogue search must keep the shape its trigram index serves (same expression,
 * ILIKE '%term%'): with sequential scans priced out, the plan names the index. A change of
 * the condition's expression (e.g. two ILIKEs again) leaves the index unusable and this fails.
 */
const t = await createTestApp();

async function plan(search: string): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
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

  it('a blank term adds no condition', () => {
    expect(searchCondition('  ')).toBeUndefined();
    expect(searchCondition(null)).toBeUndefined();
  });
});
