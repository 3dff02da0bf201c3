import { lazy, type ComponentType } from 'react';
import type { ScreenPath } from '../../shared/screens';
import { withTexts } from '../i18n/lazyTexts';

/** A learner page: a path of the screen table (shared/screens.ts, which holds its rule) and its page. */
export interface PageRoute {
  path: ScreenPath;
  Page: ComponentType;
}

/**
 * The learner journey's pages (catalogue, preview, my courses, folder, course page, exercise player,
 * favorites), each loaded on demand; spread into App.tsx's learnerRoutes.
 */
export const journeyRoutes: PageRoute[] = [
  { path: '/student-catalog', Page: lazy(() => import('./catalogue/CataloguePage')) },
  { path: '/student-catalog/catalog/course/:courseId', Page: lazy(() => withTexts('profile', import('./catalogue/CoursePreviewPage'))) },
  { path: '/my-courses', Page: lazy(() => import('./myCourses/MyCoursesPage')) },
  { path: '/my-courses/favorites', Page: lazy(() => import('./myCourses/FavoritesPage')) },
  { path: '/my-courses/course-folder/:courseGroupId', Page: lazy(() => import('./myCourses/CourseFolderPage')) },
  { path: '/my-courses/course/:courseId', Page: lazy(() => import('./course/CoursePage')) },
  { path: '/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId', Page: lazy(() => withTexts(['profile', 'player'], import('./player/PlayerPage'))) },
  { path: '/achievements', Page: lazy(() => import('./achievements/AchievementsPage')) },
  { path: '/competencies', Page: lazy(() => import('./competencies/CompetenciesPage')) },
  { path: '/profile/:attributeGroupId', Page: lazy(() => withTexts('profile', import('./profile/groups/AttributeGroupPage'))) },
  { path: '/physmath-breakthrough', Page: lazy(() => import('./physmath/PhysmathPage')) },
  { path: '/profile', Page: lazy(() => withTexts('profile', import('./profile/ProfilePage'))) },
  { path: '/profile/password', Page: lazy(() => withTexts('profile', import('./profile/PasswordPage'))) },
  { path: '/notifications', Page: lazy(() => import('../notifications/NotificationsPage')) },
  { path: '/knowledge-base', Page: lazy(() => import('../knowledgeBase/KnowledgeBasePage')) },
  { path: '/knowledge-base/:articleId', Page: lazy(() => import('../knowledgeBase/ArticlePage')) },
  { path: '/main', Page: lazy(() => import('../knowledgeBase/ContentPage').then((m) => ({ default: m.MainPage }))) },
  { path: '/academy', Page: lazy(() => import('../knowledgeBase/ContentPage').then((m) => ({ default: m.AcademyPage }))) },
  { path: '/accounts', Page: lazy(() => withTexts('profile', import('./accounts/AccountsPage'))) },
];
