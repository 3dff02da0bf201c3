import { z } from 'zod';
import { courseCalls, type CourseGroupItem } from '../calls/courses';
import { groupCalls, groupInput, type GroupRecord } from '../calls/groups';
import { defineResource } from './define';
import { wholeList } from './wholeList';

/** A course's group as its list and its edit screen show it (one shape for both, as react-admin needs). */
export const groupRow = z.object({
  id: z.number(),
  label: z.string(),
  /** the lead's account id */
  lead: z.number().nullable(),
  leadName: z.string().nullable(),
  studentsCount: z.number(),
});
export type GroupRow = z.infer<typeof groupRow>;

const fromListItem = (g: CourseGroupItem): GroupRow => ({ id: g.id, label: g.label, lead: g.lead?.id ?? null, leadName: g.lead ? g.lead.name || g.lead.email : null, studentsCount: g.studentsCount });
const fromRecord = (g: GroupRecord): GroupRow => ({ id: g.id, label: g.label, lead: g.leadId, leadName: g.lead ? g.lead.initials || g.lead.email : null, studentsCount: g.students.length });

/** Groups of a course's students (/courses/{courseId}/student-management/groups; spec 3 §7.9 "Groups"). */
export const groupResource = defineResource({
  name: 'groups',
  schema: { record: groupRow, create: groupInput },
  rule: 'showStudents',
  scope: ['courseId'],
  course: { read: 'students', write: 'manageStudents' },
  api: {
    conventions: 'calls',
    operations: {
      getList: { call: courseCalls.groups, request: () => ({}), response: (json, req) => wholeList((json as CourseGroupItem[]).map(fromListItem), req) },
      getOne: { call: groupCalls.get, response: (json) => fromRecord(json as GroupRecord) },
      create: { call: groupCalls.create, response: (json) => fromRecord(json as GroupRecord) },
      update: { call: groupCalls.update, response: (json) => fromRecord(json as GroupRecord) },
      delete: { call: groupCalls.drop, response: () => undefined },
    },
  },
  ui: {
    recordRepresentation: 'label',
    fields: { label: { kind: 'text' }, lead: { kind: 'select' }, leadName: { kind: 'text' }, studentsCount: { kind: 'number' } },
    list: { columns: [{ source: 'label', sortable: true }, { source: 'leadName' }, { source: 'studentsCount', sortable: true }], sort: { field: 'label', order: 'ASC' } },
    inputs: ['label', 'lead'],
  },
});
