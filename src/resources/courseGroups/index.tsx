import type { ComponentType } from 'react';
import { CourseGroupBulkForm, CourseGroupBulkQueue } from './CourseGroupBulkForm';
import { CourseGroupCreate, CourseGroupEdit } from './CourseGroupForm';
import { CourseGroupShow } from './CourseGroupShow';
import { CourseGroupSort } from './CourseGroupSort';

export { courseGroupsEn, courseGroupsRu } from './i18n';
export { CourseGroupsBlock } from './CourseGroupsBlock';

const InstructorsAdd = () => <CourseGroupBulkForm kind="instructorsAdd" />;
const StudentsAdd = () => <CourseGroupBulkForm kind="studentsAdd" />;
const InstructorsRemove = () => <CourseGroupBulkForm kind="instructorsRemove" />;
const InstructorsAddQueue = () => <CourseGroupBulkQueue kind="instructorsAdd" />;
const StudentsAddQueue = () => <CourseGroupBulkQueue kind="studentsAdd" />;
const InstructorsRemoveQueue = () => <CourseGroupBulkQueue kind="instructorsRemove" />;

/**
 * Course-group screens (spec 1 §2.9), relative to /courses: the declared resource
 * 'course-groups' (shared/resources/courseGroups.ts) at the spec's paths. `course-group/create` (a top-level
 * group) is a literal segment and wins over `course-group/:courseGroupId`.
 */
export const courseGroupRoutes: ReadonlyArray<readonly [string, ComponentType]> = [
  ['course-group/create', CourseGroupCreate],
  ['course-group/:courseGroupId', CourseGroupShow],
  ['course-group/:courseGroupId/edit', CourseGroupEdit],
  ['course-group/:courseGroupId/create', CourseGroupCreate],
  ['course-group/:courseGroupId/sort', CourseGroupSort],
  ['course-group/:courseGroupId/instructors/add', InstructorsAdd],
  ['course-group/:courseGroupId/students/add', StudentsAdd],
  ['course-group/:courseGroupId/instructors/remove', InstructorsRemove],
  ['course-group/:courseGroupId/instructors/add/task-queue', InstructorsAddQueue],
  ['course-group/:courseGroupId/students/add/task-queue', StudentsAddQueue],
  ['course-group/:courseGroupId/instructors/remove/task-queue', InstructorsRemoveQueue],
];
