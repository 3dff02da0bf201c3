import { z } from 'zod';
import { conditionCalls } from '../calls/conditions';
import { defineResource } from './define';
import { wholeList } from './wholeList';

/** A row of a course's conditions list (the record of …/predicate/description). */
export const conditionRow = z.object({
  id: z.number(),
  label: z.string(),
  kind: z.string(),
  eventType: z.string(),
  description: z.string(),
  sequence: z.number(),
  fired: z.number(),
});

/**
 * A course's automation conditions (/courses/{courseId}/conditions; API "predicates"), in their
 * order. Creating and editing take the call of the condition's kind: screens of their own.
 */
export const courseConditionResource = defineResource({
  name: 'course-conditions',
  schema: { record: conditionRow, create: z.object({}) },
  rule: 'programs',
  scope: ['courseId'],
  course: { read: 'view', write: 'settings' },
  api: {
    conventions: 'calls',
    operations: {
      getList: { call: conditionCalls.description, request: () => ({}), response: wholeList },
      getOne: { call: conditionCalls.info },
      delete: { call: conditionCalls.remove, response: () => undefined },
    },
  },
  ui: {
    recordRepresentation: 'label',
    fields: { label: { kind: 'text' }, kind: { kind: 'text' }, description: { kind: 'longText' }, fired: { kind: 'number' }, sequence: { kind: 'number' } },
    list: { columns: [{ source: 'sequence' }, { source: 'label' }, { source: 'description' }, { source: 'fired' }], sort: { field: 'sequence', order: 'ASC' }, perPage: 50 },
  },
});
