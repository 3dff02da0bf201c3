import { z } from 'zod';
import { instructorCatalogCalls } from '../calls/instructorCatalog';
import { defineResource } from './define';

/** The catalogue is read here, never changed: no form. */
const noInput = z.object({});

/** The instructors' catalogue (/instructor-catalog): a read-only list over its call. */
export const instructorCatalog = defineResource({
  name: 'instructor-catalog',
  schema: {
    record: z.object({ id: z.number(), fullName: z.string(), email: z.string(), phone: z.string().nullable(), courses: z.string(), courseCount: z.number() }),
    create: noInput,
  },
  rule: 'staff',
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: instructorCatalogCalls.list,
        request: ({ take, skip, filter }) => ({ query: { take, skip, search: typeof filter.search === 'string' && filter.search.trim() ? filter.search.trim() : undefined } }),
      },
    },
  },
  ui: {
    recordRepresentation: 'fullName',
    fields: { fullName: { kind: 'text' }, email: { kind: 'text' }, phone: { kind: 'text' }, courses: { kind: 'longText' }, courseCount: { kind: 'number' } },
    list: {
      columns: [
        { source: 'fullName', sortable: false },
        { source: 'email', sortable: false },
        { source: 'phone', sortable: false },
        { source: 'courseCount', sortable: false },
        { source: 'courses', sortable: false },
      ],
      filters: [{ source: 'search', op: 'param', alwaysOn: true }],
      perPage: 25,
    },
  },
});
