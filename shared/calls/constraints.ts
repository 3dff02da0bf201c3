import { defineCalls, returns } from '../http/call';
import {
  attributeConstraintInput,
  attributeConstraintValues,
  scheduleInput,
  trainingConstraintsInput,
  type ConstraintUnion,
  type ScheduleRecord,
} from '../programs';

/** A profile attribute constraints may use. */
export interface ConstraintAttribute {
  id: number;
  label: string;
  /** AttributeDataType code */
  type: number;
}
/** A value to choose for an attribute constraint (the attribute's options, or what students entered). */
export interface AttributeValueOption {
  value: string;
  label: string;
}
/** An attribute constraint of an exercise: it opens to students whose attribute holds one of the values. */
export interface AttributeConstraint {
  /** the constraint's own id (the calls name a constraint by its attributeId) */
  id: number;
  attributeId: number;
  /** the attribute's label and type */
  label: string;
  type: number;
  values: string[];
}
/** A course constraint of an exercise: it shows only in the listed courses of its program. */
export interface CourseConstraint {
  id: number;
  courseId: number;
  label: string;
}
/** A course of the program, chosen or not as a course constraint. */
export interface CourseConstraintOption {
  courseId: number;
  label: string;
  isSelected: boolean;
  constraintId: number | null;
}
export interface ConstraintSummary {
  union: ConstraintUnion;
  constraints: AttributeConstraint[];
  trainingConstraints: CourseConstraint[];
}

const E = '/api/instructors/Exercises/{id}';
const X = '/api/courses/{programId}/exercises/{exerciseId}';
const rule = 'programs';

/** Exercise constraints (spec 3 §7.7): by profile attributes, how they combine, by courses. */
export const constraintCalls = defineCalls('constraints', {
  attributeConstraints: { method: 'GET', path: `${E}/Constraints`, rule, response: returns<AttributeConstraint[]>() },
  createAttributeConstraint: { method: 'POST', path: `${E}/Constraints/Create`, rule, body: attributeConstraintInput, status: 201, response: returns<AttributeConstraint>() },
  attributeConstraint: { method: 'GET', path: `${E}/Constraints/Attributes/{attributeId}`, rule, response: returns<AttributeConstraint>() },
  saveAttributeConstraint: { method: 'PUT', path: `${E}/Constraints/Attributes/{attributeId}`, rule, body: attributeConstraintValues, response: returns<AttributeConstraint>() },
  dropAttributeConstraint: { method: 'DELETE', path: `${E}/Constraints/Attributes/{attributeId}/Drop`, rule, response: returns<AttributeConstraint[]>() },
  setUnion: { method: 'POST', path: `${X}/constraints/union/{union}`, rule, response: returns<{ union: ConstraintUnion }>(), summary: 'How the attribute constraints combine: and | or' },
  summary: { method: 'GET', path: `${X}/constraints`, rule, response: returns<ConstraintSummary>() },

  attributes: { method: 'GET', path: '/api/courses/exercises/constraints/attributes', rule, response: returns<ConstraintAttribute[]>() },
  attributeValues: { method: 'GET', path: '/api/courses/exercises/constraints/attributes/{attributeId}/values', rule, response: returns<AttributeValueOption[]>() },

  courseOptions: { method: 'GET', path: `${X}/trainingConstraints`, rule, response: returns<CourseConstraintOption[]>() },
  courseConstraints: { method: 'GET', path: `${E}/TrainingConstraints`, rule, response: returns<CourseConstraint[]>() },
  saveCourseConstraints: { method: 'PUT', path: `${E}/TrainingConstraints`, rule, body: trainingConstraintsInput, response: returns<CourseConstraint[]>() },
  dropCourseConstraint: { method: 'DELETE', path: `${E}/TrainingConstraints/Drop/{constraintId}`, rule, response: returns<CourseConstraint[]>() },
});

/**
 * The schedule calls of an exercise or a lesson in one course (spec 3 §7.7): GET (null when
 * none), /create (409 when one exists), /edit and /delete (404 when none). Reading needs staff of
 * the course, setting it (a schedule can block access) the course's syllabus permission.
 */
function scheduleCalls<const B extends string>(base: B, area: string) {
  const read = { action: 'view' } as const;
  const write = { action: 'syllabus' } as const;
  return defineCalls('schedule', {
    get: { method: 'GET', path: base, rule, course: read, response: returns<ScheduleRecord | null>() },
    create: { method: 'POST', path: `${base}/create`, rule, course: write, body: scheduleInput, status: 201, response: returns<ScheduleRecord>() },
    edit: { method: 'PUT', path: `${base}/edit`, rule, course: write, body: scheduleInput, response: returns<ScheduleRecord>() },
    delete: { method: 'DELETE', path: `${base}/delete`, rule, course: write, response: returns<ScheduleRecord>() },
  }, area);
}

export const exerciseScheduleCalls = scheduleCalls('/api/schedule/trainings/{courseId}/exercises/{exerciseId}/schedule', 'exercise-schedule');
export const lessonScheduleCalls = scheduleCalls('/api/schedule/trainings/{courseId}/lessons/{lessonId}/schedule', 'lesson-schedule');
