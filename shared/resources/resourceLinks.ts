import { z } from 'zod';
import { LINK_ADDRESS_RE } from '../calls/courseLinks';
import { defineResource, messages as m } from './define';

/**
 * Artifact links of the platform (spec 1 §2.10 /resources/links; no call in the spec, summary
 * #36): the links of no course (course_links rows without a course), which every course's link
 * list and every student's links already show beside a course's own. A plain resource over that
 * table, served by the CRUD generator at a path in the spec's style; a course's own links stay
 * at /courses/{courseId}/links.
 */
export const resourceLinks = defineResource({
  name: 'resource-links',
  schema: {
    record: z.object({ id: z.number(), text: z.string(), address: z.string().nullable(), sequence: z.number() }),
    create: z.object({
      text: z.string(m.type).trim().min(1, m.required).max(500, m.tooLong),
      address: z.string(m.type).trim().max(2000, m.tooLong).regex(LINK_ADDRESS_RE, 'validation.invalid'),
      sequence: z.coerce.number(m.type).int('validation.invalid').min(0, m.tooSmall).max(100_000, m.tooBig).default(0),
    }),
  },
  api: { conventions: 'simple-rest', basePath: '/api/instructors/resources/links' },
  rule: 'resources',
  ui: {
    recordRepresentation: 'text',
    fields: { text: { kind: 'text' }, address: { kind: 'text', helperText: 'resources.resource-links.addressHint' }, sequence: { kind: 'number' } },
    list: {
      // in the links' order (as courses show them); the order is set on the form
      columns: [{ source: 'text', sortable: false }, { source: 'address', sortable: false }],
      filters: [{ source: 'q', op: 'search', fields: ['text', 'address'], alwaysOn: true }],
      sort: { field: 'sequence', order: 'ASC' },
    },
    inputs: ['text', 'address', 'sequence'],
  },
});
