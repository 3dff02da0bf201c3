import type { ComponentType } from 'react';
import { BySetForm, BySetTaskQueue } from './BySetForm';
import { CourseGroupCreate, CourseGroupEdit } from './CourseGroupForm';
import { CourseGroupShow } from './CourseGroupShow';
import { CourseGroupSort } from './CourseGroupSort';

export { courseGroupsEn, courseGroupsRu } from './i18n';
export { CourseGroupsBlock } from './CourseGroupsBlock';

const InstructorsAdd = () => <BySetForm kind="instructorsAdd" />;
const StudentsAdd = () => <BySetForm kind="studentsAdd" />;
const InstructorsRemove = () => <BySetForm kind="instructorsRemove" />;
const InstructorsAddQueue = () => <BySetTaskQueue kind="instructorsAdd" />;
const StudentsAddQueue = () => <BySetTaskQueue kind="studentsAdd" />;
const InstructorsRemoveQueue = () => <BySetTaskQueue kind="instructorsRemove" />;

/**
 * Course-group screens (spec 1 §2.9), relative to /courses. `course-group/create` (a top-level
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
