import { z } from 'zod';
import { defineCalls } from '../http/call';

/** spec 2 §3.3: itemType Course (= program), Lesson, Training (= course), Exercise, Set (= course group) */
export const breadcrumbItemTypes = ['Course', 'Lesson', 'Training', 'Exercise', 'Set'] as const;
export type BreadcrumbItemType = (typeof breadcrumbItemTypes)[number];

export const breadcrumbLabel = z.object({ itemId: z.number(), itemType: z.enum(breadcrumbItemTypes), label: z.string() });
export type BreadcrumbLabel = z.infer<typeof breadcrumbLabel>;

/** Labels for the ids in a path (spec 3 §7.1 "breadcrumbs"; path chosen here), only for what the caller may see. Light: the layout imports it. */
export const breadcrumbCalls = defineCalls('account', {
  labels: {
    method: 'POST',
    path: '/api/breadcrumbs',
    rule: 'signedIn',
    body: z.object({
      inputModels: z.array(z.object({ itemId: z.coerce.number().int().positive(), itemType: z.enum(breadcrumbItemTypes) })).max(20),
    }),
    response: z.array(breadcrumbLabel),
  },
});
