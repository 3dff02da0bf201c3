import type { CatalogueOf } from '../catalogue';
import type { errors as ru } from '../ru/errors';

export const errors: CatalogueOf<typeof ru> = {
  toCourses: 'Go to the course list',
  toPrograms: 'Go to the program list',
  toMyCourses: 'Go to my courses',
  notFound: {
    title: 'Page not found',
    text: 'The address is mistyped or the page has been removed.',
  },
  forbidden: {
    title: 'No access',
    student: 'You do not have access to this page',
    instructor: 'You do not have access to this page. If you need it for your work, contact the platform administrator.',
  },
  server: {
    title: 'Server error',
    text: 'There are problems on the server. Try reloading the page a little later.',
  },
  chunk: {
    title: 'The platform has been updated',
    text: 'A new version of the platform is available. Reload the page to continue.',
  },
  boundary: {
    title: 'An error occurred',
    text: 'The page could not be shown. Try again or go back to the home page.',
  },
  courseForbidden: { title: 'You do not have access to this page' },
  courseNotFound: { title: 'Course not found' },
  programNotFound: { title: 'Program not found' },
  courseFolderNotFound: { title: 'Training not found' },
  slideUnauthorized: { title: "The current user's account was not found" },
  slideNotFound: { title: 'No course, exercise, or session found' },
  noData: { title: 'No data' },
  inDevelopment: { title: 'In development', text: 'This section is coming soon.' },
  invitationInvalid: { title: 'The invitation is no longer valid', text: 'The invitation was valid until {{date}}' },
  invitationNotFound: { title: 'Invitation not found' },
  invitationUnavailable: { title: 'The invitation is unavailable' },
  courseUnavailable: { title: 'The course is unavailable' },
  lessonOrCourseUnavailable: { title: 'The lesson or course is unavailable' },
  courseOrExerciseNotFound: { title: 'Course or exercise not found' },
  sessionNotCompleted: {
    title: 'The attempt is not completed',
    text: 'Answers to required questions are missing.',
    action: 'Back to the start of the exercise',
  },
  alreadyInCourse: { title: 'You are already in this course' },
  noSsoConnection: {
    title: 'No connection to the single sign-on profile',
    action: 'Go to the profile',
  },
  exerciseNoAccess: { title: 'No access to the exercise', text: 'The exercise is locked now. The course page shows when it opens.' },
  certificateUnavailable: { title: 'The certificate is not available' },
};
