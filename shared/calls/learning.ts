import { z } from 'zod';
import type { ListAnswer } from '../account';
import { defineCalls, returns } from '../http/call';
import type {
  Achievements,
  CalendarEvent,
  CourseDescription,
  CourseFolder,
  CourseLesson,
  CourseListItem,
  CourseStaffMember,
  FavoriteExercise,
  MyCourses,
  MyLink,
  NextExercise,
  PhysmathSection,
} from '../learning';

/** Paging of the favourites lists (the rest of the body is accepted and ignored). */
export const favoritesListBody = z
  .object({ take: z.number().int().min(1).max(100).optional(), skip: z.number().int().min(0).optional() })
  .passthrough()
  .nullish();

const B = '/api/students/trainings';
const E = '/api/trainings/{courseId}/exercises/{exerciseId}';

/**
 * A student's own learning (spec 1 §2.3, spec 3 §7.3–7.4): my courses and course folders, the
 * course page, the events calendar, achievements and the Physmath section. A course the caller
 * does not study in answers 404 'Training not found'.
 */
export const learningCalls = defineCalls('learning', {
  myCourses: { method: 'GET', path: B, rule: 'student', response: returns<MyCourses>() },
  courseFolder: { method: 'GET', path: '/api/students/sets/{courseGroupId}', rule: 'student', response: returns<CourseFolder>() },
  myLinks: { method: 'GET', path: `${B}/links`, rule: 'student', response: returns<MyLink[]>() },
  achievements: { method: 'GET', path: '/api/Achievements', rule: 'student', response: returns<Achievements>() },
  description: { method: 'GET', path: `${B}/{courseId}/description`, rule: 'student', response: returns<CourseDescription>() },
  lessons: { method: 'GET', path: `${B}/{courseId}/lessons`, rule: 'student', response: returns<CourseLesson[]>() },
  staff: { method: 'GET', path: '/api/trainings/{courseId}/instructors/description', rule: 'student', response: returns<CourseStaffMember[]>() },
  /** the first open exercise not completed; 204 (undefined) when there is none */
  nextExercise: { method: 'GET', path: '/api/trainings/{courseId}/NextExercise', rule: 'student', response: returns<NextExercise | undefined>() },
  /** the next open exercise after this one; 204 (undefined) when there is none */
  nextExerciseAfter: { method: 'GET', path: `${E}/NextExercise`, rule: 'student', response: returns<NextExercise | undefined>() },
  /** the days (YYYY-MM-DD, UTC) of a month {YYYY-MM} with events of my courses */
  calendarMonth: { method: 'GET', path: `${B}/{month}/highlight`, rule: 'student', response: returns<string[]>() },
  /** one day's {YYYY-MM-DD} events of my courses */
  calendarDay: { method: 'GET', path: `${B}/{date}`, rule: 'student', response: returns<CalendarEvent[]>() },
  physmath: { method: 'GET', path: '/api/students/physmath', rule: 'physmath', response: returns<PhysmathSection>() },
});

/** Favourites (spec 3 §7.3): courses and exercises of courses the caller studies in. */
export const favoriteCalls = defineCalls('favorites', {
  courses: { method: 'POST', path: '/api/Favorites/Trainings/List', rule: 'student', body: favoritesListBody, response: returns<ListAnswer<CourseListItem>>() },
  exercises: { method: 'POST', path: '/api/Favorites/Exercises/List', rule: 'student', body: favoritesListBody, response: returns<ListAnswer<FavoriteExercise>>() },
  toggleCourse: { method: 'POST', path: '/api/Favorites/Training/{courseId}', rule: 'student', response: returns<{ isFavorite: boolean }>() },
  toggleExercise: { method: 'POST', path: '/api/Favorites/Training/{courseId}/Exercise/{exerciseId}', rule: 'student', response: returns<{ isFavorite: boolean }>() },
});
