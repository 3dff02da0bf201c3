import { courseGroupCalls } from '../calls/courseGroups';
import { courseGroupInput, courseGroupRecord, type CourseGroupRecord } from '../courseGroups';
import { defineResource } from './define';

/**
 * Course groups (spec 1 §2.9): the top-level groups on /courses, create at
 * /courses/course-group/create, the group's tree at /courses/course-group/{courseGroupId} and
 * its edit at .../edit. A group inside another is created by its own call (the tree's screens).
 */
export const courseGroups = defineResource({
  name: 'course-groups',
  schema: { record: courseGroupRecord, create: courseGroupInput },
  rule: 'staff',
  api: {
    conventions: 'calls',
    operations: {
      // every top-level group the caller sees, in one answer
      getList: { call: courseGroupCalls.list, request: () => ({}), response: (json) => ({ data: json as CourseGroupRecord[], total: (json as unknown[]).length }) },
      getOne: { call: courseGroupCalls.get },
      create: { call: courseGroupCalls.create },
      update: { call: courseGroupCalls.update },
      delete: { call: courseGroupCalls.remove },
    },
  },
  ui: {
    recordRepresentation: 'label',
    fields: { description: { kind: 'longText' }, begin: { kind: 'date' }, end: { kind: 'date' }, isPublished: { kind: 'boolean' }, coursesCount: { kind: 'number' } },
    list: { columns: [{ source: 'label' }, { source: 'coursesCount' }], perPage: 100 },
    inputs: ['label', 'description', 'begin', 'end', 'trainingIds', 'isPublished'],
  },
});
