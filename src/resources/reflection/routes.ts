import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

/** The course's feedback and reflection answers (not in spec 1: docs/decisions/running-a-course.md). */
export const feedbackRoutes: ScreenRoute[] = [['/courses/:courseId/feedback', lazy(() => import('./FeedbackPage'))]];

/** The exercise's reflection questions, among the program's authoring screens (a programs route, relative to /programs). */
export const ReflectionQuestionsScreen = lazy(() => import('./ReflectionQuestionsPage'));
