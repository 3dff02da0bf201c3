import { z } from 'zod';
import { courseInstructorCalls, staffMemberInput } from '../calls/courseInstructors';
import { defineResource } from './define';
import { wholeList } from './wholeList';

export const COURSE_STAFF_ROLES = ['instructor', 'tutor', 'moderator'] as const;

/** A member of a course's staff (the list adds the creator mark and a tutor's student count). */
export const staffRecord = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  courseRole: z.enum(COURSE_STAFF_ROLES),
  panelPermissions: z.array(z.number()),
  isHidden: z.boolean(),
  isCreator: z.boolean().optional(),
  studentsCount: z.number().optional(),
});

/** Instructors, tutors and moderators of a course (/courses/{courseId}/instructors; spec 3 §7.9 "Instructors"). */
export const courseInstructorResource = defineResource({
  name: 'course-instructors',
  schema: { record: staffRecord, create: staffMemberInput },
  rule: 'courseInstructors',
  scope: ['courseId'],
  course: { read: 'instructors', write: 'instructors' },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: courseInstructorCalls.list,
        request: (req) => ({ query: { search: typeof req.filter.search === 'string' ? req.filter.search : undefined } }),
        response: wholeList,
      },
      getOne: { call: courseInstructorCalls.get },
      update: { call: courseInstructorCalls.update },
      delete: { call: courseInstructorCalls.remove, response: () => undefined },
    },
  },
  ui: {
    recordRepresentation: 'name',
    fields: {
      name: { kind: 'text' },
      email: { kind: 'text' },
      courseRole: { kind: 'select', choices: COURSE_STAFF_ROLES.map((r) => ({ id: r, name: `resources.course-instructors.roles.${r}` })) },
      panelPermissions: { kind: 'text' },
    },
    list: {
      columns: [{ source: 'name', sortable: true }, { source: 'email', sortable: true }, { source: 'courseRole', sortable: true }],
      filters: [{ source: 'search', op: 'search', fields: ['name', 'email'], alwaysOn: true }],
      sort: { field: 'name', order: 'ASC' },
    },
    inputs: ['courseRole', 'panelPermissions'],
  },
});
