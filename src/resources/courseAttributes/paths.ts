/** The course's attribute requirements (ELP's path under the course) and the spec's attribute template screen (spec 1 §2.8). */
export const COURSE_ATTRIBUTES = '/courses/:courseId/attributes';
export const ATTRIBUTE_TEMPLATE_CREATE = '/attribute-template/create';
