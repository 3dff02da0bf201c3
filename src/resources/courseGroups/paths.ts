/** The base path of a course group's screens (spec 1 §2.9). */
export const groupPath = (id: string | number, rest = '') => `/courses/course-group/${id}${rest ? `/${rest}` : ''}`;
