/** A course's conditions (a path in the spec's style under the course) and the spec's conditions template screen (spec 1 §2.8). */
export const CONDITION_PATHS = {
  list: '/courses/:courseId/conditions',
  create: '/courses/:courseId/conditions/create',
  edit: '/courses/:courseId/conditions/:id',
} as const;

export const CONDITIONS_TEMPLATE_CREATE = '/conditions-template/create';

export const conditionsPath = (courseId: string | number) => CONDITION_PATHS.list.replace(':courseId', encodeURIComponent(String(courseId)));
