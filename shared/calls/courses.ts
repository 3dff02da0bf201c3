import type { ListAnswer } from '../account';
import {
  allCoursesQuery,
  courseCreateInput,
  courseListQuery,
  courseSettingsInput,
  exercisesOfCoursesInput,
  groupsOfCoursesQuery,
  lessonsOfCoursesInput,
  type AllCoursesItem,
  type CourseDescription,
  type CourseOption,
  type CourseRecord,
  type DatesVisibility,
  type StaffRef,
} from '../courses';
import type { AttributeDataType, CourseRole, GradeAggregation } from '../enums';
import { defineCalls, returns } from '../http/call';
import type { LinkNode } from './courseLinks';
import type { IdLabel } from '../tasks';

/**
 * Courses (API "Training", spec 3 §7.9 "Lists", "Course data" and course create). Every call
 * is for staff; the all-courses list needs AdminPanelAccess; a call about one course checks
 * the caller's course role there (`course.action`).
 */
const T = '/api/instructors/trainings';
const C = `${T}/{courseId}`;
const view = { action: 'view' } as const;

export const courseCalls = defineCalls('courses', {
  // ------------------------------------------------------------ lists
  options: { method: 'GET', path: T, rule: 'staff', response: returns<CourseOption[]>(), summary: 'The caller’s courses as options' },
  all: {
    method: 'GET',
    path: `${T}/all`,
    rule: 'adminPanel',
    query: allCoursesQuery,
    response: returns<ListAnswer<AllCoursesItem>>(),
    summary: 'Every course of the platform (the /courses/list screen)',
  },
  list: {
    method: 'GET',
    path: '/api/instructors/Trainings/List',
    rule: 'staff',
    query: courseListQuery,
    response: returns<ListAnswer<CourseRecord>>(),
    summary: 'The caller’s courses by date filter and search, paged',
  },
  progressFilterExercises: { method: 'GET', path: `${C}/progress-filter/exercises`, rule: 'staff', course: view, response: returns<ProgressFilterExercise[]>() },
  attributes: { method: 'GET', path: `${T}/attributes`, rule: 'staff', response: returns<CourseAttributeItem[]>() },
  datesVisibility: { method: 'GET', path: '/api/instructors/dates-visibility', rule: 'staff', response: returns<IdLabel<DatesVisibility>[]>() },
  groupsOfCourses: { method: 'GET', path: `${T}/groups`, rule: 'staff', query: groupsOfCoursesQuery, response: returns<GroupOfCourse[]>() },
  lessonsOfCourses: { method: 'POST', reads: true, path: `${T}/lessons`, rule: 'staff', body: lessonsOfCoursesInput, response: returns<LessonOfCourse[]>() },
  exercisesOfCourses: { method: 'POST', reads: true, path: `${T}/lessons/exercises`, rule: 'staff', body: exercisesOfCoursesInput, response: returns<ExerciseOfCourse[]>() },

  // ------------------------------------------------------------ course data
  create: { method: 'POST', path: `${T}/create`, rule: 'staff', body: courseCreateInput, status: 201, response: returns<CourseRecord>(), summary: 'A course from a program' },
  description: { method: 'GET', path: `${C}/description`, rule: 'staff', course: view, response: returns<CourseDescription>() },
  settings: { method: 'GET', path: `${C}/settings`, rule: 'staff', course: view, response: returns<CourseRecord>() },
  updateSettings: { method: 'PUT', path: `${C}/settings`, rule: 'staff', course: { action: 'settings' }, body: courseSettingsInput, response: returns<CourseRecord>() },
  recalculate: {
    method: 'POST',
    path: `${C}/success/execute`,
    rule: 'staff',
    course: { action: 'settings' },
    response: returns<RecalculateAnswer>(),
    summary: 'Recalculates progress and completion of the course’s students',
  },
  instructorsDescription: { method: 'GET', path: `${C}/instructors/description`, rule: 'staff', course: view, response: returns<CourseInstructorItem[]>() },
  linksDescription: { method: 'GET', path: `${C}/links/description`, rule: 'staff', course: view, response: returns<LinkNode[]>() },
  lessonsDescription: { method: 'GET', path: `${C}/lessons/description`, rule: 'staff', course: view, response: returns<CourseLessonItem[]>() },
  lessonExercisesDescription: {
    method: 'GET',
    path: `${C}/lessons/{lessonId}/exercises/description`,
    rule: 'staff',
    course: view,
    response: returns<CourseExerciseItem[]>(),
  },
  grades: { method: 'GET', path: `${C}/grades`, rule: 'staff', course: view, response: returns<CourseGrades>() },
  groups: { method: 'GET', path: `${C}/groups`, rule: 'staff', course: view, response: returns<CourseGroupItem[]>() },
});

// ------------------------------------------------------------ answers

/** GET .../progress-filter/exercises: the exercises of the course's program, with their lessons. */
export interface ProgressFilterExercise {
  id: number;
  label: string;
  exerciseType: number;
  lessonId: number;
  lessonLabel: string;
}

/** GET .../trainings/attributes: the profile attributes a course may filter and constrain by. */
export interface CourseAttributeItem {
  id: number;
  label: string;
  name: string;
  type: AttributeDataType;
  options: { id: number | string; label: string }[];
  regex: string | null;
}

/** GET .../trainings/groups: the training groups of the given courses. */
export interface GroupOfCourse {
  id: number;
  label: string;
  trainingId: number;
}

/** POST .../trainings/lessons: the lessons of the given courses' programs, per course. */
export interface LessonOfCourse {
  id: number;
  label: string;
  programId: number;
  sequence: number;
  trainingId: number;
}

/** POST .../trainings/lessons/exercises: the exercises of the given courses' programs, per course. */
export interface ExerciseOfCourse {
  id: number;
  label: string;
  lessonId: number;
  programId: number;
  exerciseType: number;
  sequence: number;
  trainingId: number;
}

export interface CourseInstructorItem {
  accountId: number;
  firstName: string;
  lastName: string;
  eMail: string;
  picture: string | null;
  role: CourseRole;
  isHidden: boolean;
}

export interface CourseLessonItem {
  id: number;
  label: string;
  description: string | null;
  sequence: number;
  exercisesCount: number;
}

export interface CourseExerciseItem {
  id: number;
  lessonId: number;
  label: string;
  kind: string;
  exerciseType: number;
  sequence: number;
}

export interface CourseGroupItem {
  id: number;
  courseId: number;
  label: string;
  lead: StaffRef | null;
  studentsCount: number;
}

export interface CourseGrades {
  gradeAggregation: GradeAggregation;
  passingScore: number | null;
  /** exercises that count (tests, tasks) with their type */
  exercises: { id: number; label: string; exerciseType: number }[];
}

export interface RecalculateAnswer {
  students: number;
  completed: number;
}
