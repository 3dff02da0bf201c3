import type { ComponentType } from 'react';
import { lazyPage } from '../app/lazyPage';
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
  { path: '/student-catalog', Page: lazyPage(() => import('./catalogue/CataloguePage')) },
  { path: '/student-catalog/catalog/course/:courseId', Page: lazyPage(() => withTexts('profile', import('./catalogue/CoursePreviewPage'))) },
  { path: '/my-courses', Page: lazyPage(() => withTexts('pages', import('./myCourses/MyCoursesPage'))) },
  { path: '/my-courses/favorites', Page: lazyPage(() => import('./myCourses/FavoritesPage')) },
  { path: '/my-courses/course-folder/:courseGroupId', Page: lazyPage(() => import('./myCourses/CourseFolderPage')) },
  { path: '/my-courses/course/:courseId', Page: lazyPage(() => import('./course/CoursePage')) },
  { path: '/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId', Page: lazyPage(() => withTexts('player', import('./player/PlayerPage'))) },
  { path: '/achievements', Page: lazyPage(() => import('./achievements/AchievementsPage')) },
  { path: '/competencies', Page: lazyPage(() => import('./competencies/CompetenciesPage')) },
  { path: '/profile/:attributeGroupId', Page: lazyPage(() => withTexts('profile', import('./profile/groups/AttributeGroupPage'))) },
  { path: '/physmath-breakthrough', Page: lazyPage(() => withTexts('pages', import('./physmath/PhysmathPage'))) },
  { path: '/profile', Page: lazyPage(() => withTexts('profile', import('./profile/ProfilePage'))) },
  { path: '/profile/password', Page: lazyPage(() => withTexts('profile', import('./profile/PasswordPage'))) },
  { path: '/notifications', Page: lazyPage(() => import('../notifications/NotificationsPage')) },
  { path: '/knowledge-base', Page: lazyPage(() => withTexts('pages', import('../knowledgeBase/KnowledgeBasePage'))) },
  { path: '/knowledge-base/:articleId', Page: lazyPage(() => withTexts('pages', import('../knowledgeBase/ArticlePage'))) },
  { path: '/main', Page: lazyPage(() => withTexts('pages', import('../knowledgeBase/ContentPage')).then((m) => ({ default: m.MainPage }))) },
  { path: '/academy', Page: lazyPage(() => withTexts('pages', import('../knowledgeBase/ContentPage')).then((m) => ({ default: m.AcademyPage }))) },
  { path: '/accounts', Page: lazyPage(() => withTexts('profile', import('./accounts/AccountsPage'))) },
];
