import {
  courseGroupTaskInput,
  courseGroupInput,
  reorderInput,
  type CourseGroupTaskAnswer,
  type CourseGroupChild,
  type CourseGroupRecord,
  type HierarchyNode,
} from '../courseGroups';
import { defineCalls, returns } from '../http/call';

/**
 * Course groups (API "Set", spec 3 §7.9 "Course groups (sets)"): a tree of groups and courses.
 * Every call is for staff; who sees and who manages a group is checked by the server. The
 * by-set calls queue a task per call (the task queue: shared/calls/tasks.ts) and need what the
 * direct calls of each course need.
 */
const S = '/api/instructors/sets';
const byId = `${S}/{id}`;

export const courseGroupCalls = defineCalls('course-groups', {
  list: { method: 'GET', path: S, rule: 'staff', response: returns<CourseGroupRecord[]>(), summary: 'The top-level course groups the caller sees' },
  create: { method: 'POST', path: S, rule: 'staff', body: courseGroupInput, status: 201, response: returns<CourseGroupRecord>(), summary: 'A top-level course group' },
  createChild: { method: 'POST', path: `${byId}/child`, rule: 'staff', body: courseGroupInput, status: 201, response: returns<CourseGroupRecord>(), summary: 'A course group inside another' },
  get: { method: 'GET', path: byId, rule: 'staff', response: returns<CourseGroupRecord>() },
  update: { method: 'PUT', path: byId, rule: 'staff', body: courseGroupInput, response: returns<CourseGroupRecord>() },
  remove: { method: 'DELETE', path: byId, rule: 'staff', response: returns<{ id: number }>(), summary: 'Drops a group with the groups inside it (the courses stay)' },
  children: { method: 'GET', path: '/api/Instructors/Sets/{id}/list', rule: 'staff', response: returns<CourseGroupChild[]>(), summary: 'The group’s direct children, in order' },
  parents: { method: 'GET', path: '/api/instructors/parent-sets-for/{id}', rule: 'staff', response: returns<CourseGroupParent[]>(), summary: 'The groups above a group, top first' },
  hierarchy: { method: 'GET', path: `${byId}/trainings-hierarchy`, rule: 'staff', response: returns<HierarchyNode>(), summary: 'The whole subtree' },
  order: { method: 'GET', path: '/api/Sets/{id}/Reorder', rule: 'staff', response: returns<CourseGroupChild[]>(), summary: 'The order of the group’s children' },
  reorder: { method: 'PUT', path: '/api/Sets/{id}/Reorder', rule: 'staff', body: reorderInput, response: returns<CourseGroupChild[]>() },
  instructorsInclude: {
    method: 'POST',
    path: '/api/Instructors/Trainings/Instructors/Include/by-set',
    rule: 'courseInstructors',
    body: courseGroupTaskInput,
    response: returns<CourseGroupTaskAnswer>(),
    summary: 'Adds instructors to every course of the subtree (a task)',
  },
  instructorsRemove: {
    method: 'POST',
    path: '/api/Instructors/Trainings/Instructors/Remove/by-set',
    rule: 'courseInstructors',
    body: courseGroupTaskInput,
    response: returns<CourseGroupTaskAnswer>(),
    summary: 'Removes instructors from every course of the subtree (a task)',
  },
  studentsInclude: {
    method: 'POST',
    path: '/api/Instructors/Trainings/Students/Include/by-set',
    rule: 'showStudents',
    body: courseGroupTaskInput,
    response: returns<CourseGroupTaskAnswer>(),
    summary: 'Enrols students in every course of the subtree (a task)',
  },
  export: { method: 'GET', path: '/api/instructors/trainings/export/sets/{id}', rule: 'staff', summary: 'An Excel file of the courses of the subtree (a download)' },
});

/** A group above another (GET parent-sets-for). */
export interface CourseGroupParent {
  id: number;
  label: string;
  parentId: number | null;
}
