import Class from '@mui/icons-material/Class';
import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import type { ResourceEntry } from '..';
import { courseGroupRoutes } from '../courseGroups';
import { VisitStatTaskQueue } from '../tasks';
import { CourseCreate } from './forms/CourseCreate';
import { CourseEdit } from './forms/CourseEdit';
import { AllCoursesList } from './list/AllCoursesList';
import { CourseList } from './list/CourseList';
import { CourseShow } from './show/CourseShow';
import { courseSubRoutes } from '../runningCourses/routes';

export { coursesEn, coursesRu } from './i18n';
export { courseMenu, type CourseMenuItem } from './menu';

/**
 * Instructor screens of courses and course groups (spec 1 §2.9), under /courses. The list
 * (the instructors' landing) and create are react-admin's own routes; the rest are routes of
 * this resource. Literal segments (list, course-group, visit-stat-download) come before
 * `:courseId`. Screens of a course's sub-sections add their routes to `courseRoutes`.
 */
export const courseRoutes: ReadonlyArray<readonly [string, ComponentType]> = [
  ['list', AllCoursesList],
  ['visit-stat-download/task-queue', VisitStatTaskQueue],
  ...courseGroupRoutes,
  [':courseId', CourseShow],
  [':courseId/edit', CourseEdit],
  ...courseSubRoutes,
];

export const courses: ResourceEntry = {
  name: 'courses',
  list: CourseList,
  create: CourseCreate,
  icon: Class,
  recordRepresentation: 'label',
  children: courseRoutes.map(([path, Page]) => <Route key={path} path={path} element={<Page />} />),
};
