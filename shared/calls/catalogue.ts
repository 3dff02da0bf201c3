import { z } from 'zod';
import type { ListAnswer } from '../account';
import { attributeAnswers } from '../attributes/definition';
import { defineCalls, returns } from '../http/call';
import type { CourseCard, CoursePreview, JoinAnswer, UnfilledAttribute } from '../learning';

/** Catalogue page size (spec 2 §9: take 5, skip 0). */
export const CATALOGUE_TAKE = 5;

export const catalogueQuery = z.object({
  take: z.coerce.number().int().min(1).max(100).default(CATALOGUE_TAKE),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Search over label and keywords; filter: a CourseTabFilter code (default current). */
export const catalogueSearch = z
  .object({
    search: z.string().max(200).nullish(),
    filter: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).nullish(),
  })
  .nullish();

/** The answers of the 400.14 form (spec 2 §3.2 attribute answers). */
export const unfilledValuesInput = z.object({ values: attributeAnswers.min(1) });

/**
 * The catalogue (spec 1 §2.2–2.3, spec 3 §7.3): published courses for everyone (guests too), a
 * course's preview, joining (spec 3 §8.2), and the mandatory profile fields a join may ask for
 * (spec 3 §7.2, 400.14).
 */
export const catalogueCalls = defineCalls('catalogue', {
  list: { method: 'POST', path: '/api/catalog', rule: 'public', query: catalogueQuery, body: catalogueSearch, response: returns<ListAnswer<CourseCard>>() },
  preview: { method: 'GET', path: '/api/catalog/course/{courseId}', rule: 'public', response: returns<CoursePreview>() },
  join: { method: 'POST', path: '/api/students/trainings/{courseId}/join', rule: 'student', response: returns<JoinAnswer>(), idempotent: true },
  unfilled: { method: 'GET', path: '/api/Attribute/course/{courseId}/unfilled', rule: 'student', response: returns<UnfilledAttribute[]>() },
  saveUnfilled: {
    method: 'POST',
    path: '/api/Attribute/course/{courseId}/unfilled',
    rule: 'student',
    body: unfilledValuesInput,
    response: returns<{ unfilled: number[] }>(),
    summary: 'Save the answers of the course\'s attributes (valid ones even when others are refused: 400 with errors); answers those still unfilled',
  },
});
