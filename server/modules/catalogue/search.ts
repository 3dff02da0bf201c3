import { ilike, type SQL } from 'drizzle-orm';
import { courses, courseSearchText } from '../../db/schema/index.js';

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Search by course name and keywords (ILIKE '%term%', LIKE wildcards escaped) on one
 * expression, the one its trigram index is built on (migration 0001), so the planner can use it.
 */
export function searchCondition(search: string | null | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? ilike(courseSearchText(courses), likePattern(term)) : undefined;
}
