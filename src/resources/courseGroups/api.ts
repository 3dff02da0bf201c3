import type { QueryKey } from '@tanstack/react-query';
import { courseGroupPaths as P, type CourseGroupRecord } from '../../../shared/courseGroups';
import { apiPath, useApiQuery } from '../courses/api';

/** Everything of a course group sits under ['courseGroups', id]. */
export const groupKey = (id: string, part?: string): QueryKey => (part ? ['courseGroups', id, part] : ['courseGroups', id]);

export const useCourseGroup = (id: string) => useApiQuery<CourseGroupRecord>(groupKey(id), apiPath(P.set, { id }));

/** The base path of a course group's screens. */
export const groupPath = (id: string | number, rest = '') => `/courses/course-group/${id}${rest ? `/${rest}` : ''}`;
