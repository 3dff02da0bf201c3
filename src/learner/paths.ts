import type { TrainingKind } from '../../shared/enums';
import type { Identifier } from '../../shared/http/call';
import type { CourseListItem } from '../../shared/learning';

/** The learner's screens (spec 1 §2.3). */
export const coursePath = (courseId: Identifier) => `/my-courses/course/${courseId}`;
export const courseFolderPath = (courseGroupId: Identifier) => `/my-courses/course-folder/${courseGroupId}`;
export const coursePreviewPath = (courseId: Identifier) => `/student-catalog/catalog/course/${courseId}`;

/** TrainingKind.courseGroup, tied to the enum by its type only: the enums module stays out of the learner's first load. */
const COURSE_GROUP: (typeof TrainingKind)['courseGroup'] = 2;

/** A card of my courses or of a folder is a course group (a folder) rather than a course. */
export const isCourseGroup = (item: Partial<Pick<CourseListItem, 'type'>>) => item.type === COURSE_GROUP;

/** Where a card of my courses or of a folder leads: a folder, a course I study in, or the preview of one I could join. */
export const courseItemPath = (item: Pick<CourseListItem, 'id' | 'type' | 'isJoined'>) =>
  isCourseGroup(item) ? courseFolderPath(item.id) : item.isJoined === false ? coursePreviewPath(item.id) : coursePath(item.id);

/** The exercise player at its hello page. */
export const playerPath = (courseId: Identifier, lessonId: Identifier, exerciseId: Identifier) => `${coursePath(courseId)}/${lessonId}/${exerciseId}/start`;

/** An exercise's results (its final page in the player). */
export const resultsPath = (courseId: Identifier, lessonId: Identifier, exerciseId: Identifier) => `${coursePath(courseId)}/${lessonId}/${exerciseId}/end`;

/** A link address: a leading slash means the platform host (spec 2 §3.3). */
export const absoluteAddress = (address: string) => (address.startsWith('/') ? `${window.location.origin}${address}` : address);
