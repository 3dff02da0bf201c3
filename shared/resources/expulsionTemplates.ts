import { z } from 'zod';
import { defineResource, messages as m } from './define';

/**
 * Expulsion-application templates (spec 1 §2.10 /resources/templates; table expulsion_templates):
 * the texts a student's application to leave a course starts from. A plain resource over one
 * table, so its server routes come from this declaration (server/resources/plain.ts). The spec's
 * Templates calls (CreateTemplates, templates/all, …/selected) name condition templates (G7), so
 * these live at a path of their own in the spec's style, in ra-data-simple-rest's conventions.
 */
export const expulsionTemplates = defineResource({
  name: 'expulsion-templates',
  schema: {
    record: z.object({ id: z.number(), label: z.string(), body: z.string().nullable(), createdAt: z.string() }),
    create: z.object({
      label: z.string(m.type).trim().min(1, m.required).max(200, m.tooLong),
      body: z.string(m.type).trim().max(20_000, m.tooLong).nullish(),
    }),
  },
  api: { conventions: 'simple-rest', basePath: '/api/instructors/expulsion-templates' },
  rule: 'resources',
  ui: {
    recordRepresentation: 'label',
    fields: { label: { kind: 'text' }, body: { kind: 'longText' }, createdAt: { kind: 'dateTime', readOnly: true } },
    list: {
      columns: [{ source: 'label' }, { source: 'createdAt' }],
      filters: [{ source: 'q', op: 'search', fields: ['label', 'body'], alwaysOn: true }],
      sort: { field: 'label', order: 'ASC' },
    },
    inputs: ['label', 'body'],
  },
});
