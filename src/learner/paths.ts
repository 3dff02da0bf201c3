import type { Identifier } from '../../shared/http/call';

/** The learner's screens (spec 1 §2.3). */
export const coursePath = (courseId: Identifier) => `/my-courses/course/${courseId}`;
export const courseFolderPath = (courseGroupId: Identifier) => `/my-courses/course-folder/${courseGroupId}`;
export const coursePreviewPath = (courseId: Identifier) => `/student-catalog/catalog/course/${courseId}`;

/** The exercise player at its hello page. */
export const playerPath = (courseId: Identifier, lessonId: Identifier, exerciseId: Identifier) => `${coursePath(courseId)}/${lessonId}/${exerciseId}/start`;

/** An exercise's results (its final page in the player). */
export const resultsPath = (courseId: Identifier, lessonId: Identifier, exerciseId: Identifier) => `${coursePath(courseId)}/${lessonId}/${exerciseId}/end`;

/** A link address: a leading slash means the platform host (spec 2 §3.3). */
export const absoluteAddress = (address: string) => (address.startsWith('/') ? `${window.location.origin}${address}` : address);
