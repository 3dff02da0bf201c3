import { courseCalls } from '../calls/courses';
import { allCoursesItem, courseCreateInput, courseRecord, courseSettingsInput, type CourseDescription, type CourseRecord } from '../courses';
import { CourseTabFilter, DEFAULT_COURSE_TAB_FILTER } from '../enums';
import { defineResource, type ListRequest } from './define';
import { fromListAnswer } from './paging';

/**
 * Courses (spec 1 §2.9): the instructor's list at /courses (date tabs and search), create at
 * /courses/create, the course page at /courses/{courseId} and its settings at .../edit; and the
 * platform's every course at /courses/list (AdminPanelAccess), the same list on another call.
 */

/** The list calls' query: the date tab (CourseTabFilter), the search text, the page. */
const listQuery = (defaultTab: CourseTabFilter) => (req: ListRequest) => ({
  query: {
    dateFilter: Number(req.filter.dateFilter ?? defaultTab),
    search: typeof req.filter.search === 'string' ? req.filter.search : undefined,
    take: req.take,
    skip: req.skip,
  },
});

/** The date tab filters by the course's dates; the search by title or id. */
const filters = [
  { source: 'search', op: 'search', fields: ['label'], alwaysOn: true },
  { source: 'dateFilter', op: 'eq', field: 'begin', alwaysOn: true },
] as const;

const f = (name: string) => `resources.courses.fields.${name}`;

/** Create and settings answer the record; the course page's has the spec's `group` beside it (the same text). */
const pageRecord = (json: unknown): CourseDescription => ({ ...(json as CourseRecord), group: (json as CourseRecord).groupLabel });

export const courses = defineResource({
  name: 'courses',
  schema: { record: courseRecord, create: courseCreateInput, update: courseSettingsInput },
  rule: 'staff',
  api: {
    conventions: 'calls',
    operations: {
      getList: { call: courseCalls.list, request: listQuery(DEFAULT_COURSE_TAB_FILTER), response: fromListAnswer },
      // the course page's record: the settings' record plus the spec's `group`
      getOne: { call: courseCalls.description },
      create: { call: courseCalls.create, response: pageRecord },
      update: { call: courseCalls.updateSettings, response: pageRecord },
    },
  },
  ui: {
    recordRepresentation: 'label',
    fields: {
      programLabel: { kind: 'text', label: f('program') },
      begin: { kind: 'date', label: f('dates') },
      dateStatus: { kind: 'text', label: f('status') },
      studentsCount: { kind: 'number' },
    },
    list: {
      columns: [{ source: 'label' }, { source: 'programLabel' }, { source: 'begin' }, { source: 'dateStatus' }, { source: 'studentsCount' }, { source: 'myRole' }],
      filters: [...filters],
      perPage: 20,
    },
  },
});

export const allCourses = defineResource({
  name: 'all-courses',
  schema: { record: allCoursesItem, create: courseCreateInput },
  rule: 'adminPanel',
  api: { conventions: 'calls', operations: { getList: { call: courseCalls.all, request: listQuery(CourseTabFilter.all), response: fromListAnswer } } },
  ui: {
    label: 'resources.courses.titles.all',
    recordRepresentation: 'label',
    fields: {
      id: { kind: 'number', label: f('id') },
      label: { kind: 'text', label: f('label') },
      programLabel: { kind: 'text', label: f('program') },
      begin: { kind: 'date', label: f('dates') },
      studentsCount: { kind: 'number', label: f('studentsCount') },
      createdBy: { kind: 'text', label: f('createdBy') },
    },
    list: {
      columns: [{ source: 'id' }, { source: 'label' }, { source: 'programLabel' }, { source: 'begin' }, { source: 'studentsCount' }, { source: 'createdBy' }],
      filters: [...filters],
      perPage: 20,
    },
  },
});
