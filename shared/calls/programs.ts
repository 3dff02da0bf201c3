import { defineCalls, returns } from '../http/call';
import {
  agreeQuery,
  authorsInclude,
  lessonConstraintsInput,
  lessonInput,
  multiplyCopyInput,
  ordersBody,
  ordersQuery,
  programInput,
  programListQuery,
  programRecord,
  type AuthorRecord,
  type ExerciseSummary,
  type LessonConstraints,
  type LessonRecord,
  type ProgramView,
} from '../programs';
import type { ExerciseKind } from '../enums';
import { listAnswerOf } from '../resources/paging';

/** A program to choose (the copy source, a course's program). */
export interface ProgramChoice {
  id: number;
  label: string;
  /** ready to use; a draft may still change (the course form warns) */
  isReady: boolean;
}

/** A lesson offered by the copy screen, with its exercises. */
export interface CopyLesson {
  id: number;
  label: string;
  exercises: { id: number; label: string; kind: ExerciseKind; exerciseType: number }[];
}

/** What a copy made in the target program. */
export interface CopyResult {
  courseId: number;
  lessons: { lessonId: number; label: string; exerciseIds: number[] }[];
  exercisesCount: number;
}

/** A lesson or exercise in the order the sort screens show (the exercise one also has kind and type). */
export interface OrderItem {
  id: number;
  label: string;
  sequence: number;
}
export interface ExerciseOrderItem extends OrderItem {
  kind: ExerciseKind;
  exerciseType: number;
}

/** A lesson's constraints, with the program's courses to choose course constraints from. */
export interface LessonConstraintsView extends LessonConstraints {
  courseOptions: { id: number; label: string }[];
}

const C = '/api/Instructors/Courses';
const L = `${C}/{programId}/Lessons/{lessonId}`;
const rule = 'programs';

/**
 * Programs (API "Course"), their authors, copying and lessons: spec 3 §7.6. Every call needs
 * the 'programs' rule (TrainingSettings, OnlyEditSettings or CreateGroupLessons); paths the spec
 * does not show are chosen (marked so).
 */
export const programCalls = defineCalls('programs', {
  list: { method: 'GET', path: `${C}/View`, rule, query: programListQuery, response: listAnswerOf(programRecord), summary: 'Programs the caller may edit (search, ready)' },
  view: { method: 'GET', path: `${C}/{id}/View`, rule, response: returns<ProgramView>(), summary: 'A program with its lessons and their exercises' },
  create: { method: 'POST', path: `${C}/Create`, rule, body: programInput, status: 201, response: programRecord },
  edit: { method: 'PUT', path: `${C}/{id}/Edit`, rule, body: programInput, response: programRecord },
  drop: { method: 'DELETE', path: `${C}/{id}/Drop`, rule, response: returns<{ id: number }>(), summary: 'Drop a program no course runs (409 otherwise)' },
  hasCourses: { method: 'GET', path: '/api/instructors/courses/{programId}/isExistTrainings', rule, response: returns<boolean>() },
  /** every program the caller may copy from or run a course of */
  choices: { method: 'GET', path: '/api/instructors/courses', rule, response: returns<ProgramChoice[]>() },

  authors: { method: 'GET', path: '/api/instructors/courses/{id}/authors', rule, response: returns<AuthorRecord[]>() },
  includeAuthors: { method: 'POST', path: `${C}/{id}/Authors/Include`, rule, body: authorsInclude, response: returns<AuthorRecord[]>() },
  excludeAuthor: { method: 'POST', path: `${C}/{id}/Authors/{accountId}/Exclude`, rule, response: returns<AuthorRecord[]>(), summary: 'Exclude an author (never the last one)' },

  lessonsToCopy: { method: 'GET', path: '/api/instructors/courses/{id}/get-lessons-to-copy', rule, response: returns<CopyLesson[]>() },
  copyLessons: { method: 'POST', path: '/api/instructors/courses/multiply-copy-lessons', rule, body: multiplyCopyInput, status: 201, response: returns<CopyResult>() },

  /** chosen: the lesson order of a program */
  lessonOrder: { method: 'GET', path: `${C}/{programId}/SortLessons`, rule, response: returns<OrderItem[]>() },
  saveLessonOrder: { method: 'POST', path: `${C}/{programId}/SortLessons`, rule, query: ordersQuery, body: ordersBody, response: returns<OrderItem[]>() },
});

/** Lessons of a program (chosen paths), their constraints and their exercises' order. */
export const lessonCalls = defineCalls('programs', {
  create: { method: 'POST', path: `${C}/{programId}/Lessons/Create`, rule, body: lessonInput, status: 201, response: returns<LessonRecord>() },
  view: { method: 'GET', path: `${L}/View`, rule, response: returns<LessonRecord>() },
  edit: { method: 'PUT', path: `${L}/Edit`, rule, body: lessonInput, response: returns<LessonRecord>() },
  drop: { method: 'DELETE', path: `${L}/Drop`, rule, query: agreeQuery, response: returns<{ id: number }>(), summary: 'Drop a lesson with its exercises (isAgree=true)' },
  constraints: { method: 'GET', path: `${L}/Constraints`, rule, response: returns<LessonConstraintsView>() },
  saveConstraints: { method: 'PUT', path: `${L}/Constraints`, rule, body: lessonConstraintsInput, response: returns<LessonConstraints>() },
  exerciseOrder: { method: 'GET', path: `${L}/SortExercises`, rule, response: returns<ExerciseOrderItem[]>() },
  saveExerciseOrder: { method: 'POST', path: `${L}/SortExercises`, rule, query: ordersQuery, body: ordersBody, response: returns<ExerciseOrderItem[]>() },
  exercises: { method: 'GET', path: '/api/Instructors/Course/{programId}/Lessons/{lessonId}/exercises/view', rule, response: returns<ExerciseSummary[]>() },
}, 'lessons');
