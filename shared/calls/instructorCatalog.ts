import { z } from 'zod';
import type { ListAnswer } from '../account';
import { defineCalls, returns } from '../http/call';

/** One instructor of the catalogue: contacts and the courses where they are staff (labels, in order). */
export interface CatalogueInstructor {
  /** the account's id */
  id: number;
  fullName: string;
  email: string;
  phone: string | null;
  /** the courses' labels, comma-separated, alphabetical */
  courses: string;
  courseCount: number;
}

export const instructorCatalogQuery = z.object({
  /** words matched in the name, the e-mail or a course's label (each word somewhere) */
  search: z.string().trim().max(200).optional(),
  take: z.coerce.number().int().min(1).max(100).default(25),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * The instructors' catalogue (spec 1 §2.10 /instructor-catalog; the spec names no call, so the
 * path is ELP's, in the spec's style): every instructor account and every course staff member,
 * for any staff member.
 */
export const instructorCatalogCalls = defineCalls('instructorCatalog', {
  list: {
    method: 'GET',
    path: '/api/instructors/instructor-catalog',
    rule: 'staff',
    query: instructorCatalogQuery,
    response: returns<ListAnswer<CatalogueInstructor>>(),
    summary: 'Instructors with their courses and contacts, searchable',
  },
});
