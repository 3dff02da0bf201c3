import type { FastifyPluginAsync } from 'fastify';
import { registerCalendarRoutes } from './calendar.js';
import { registerCoursePageRoutes } from './coursePage.js';
import { registerFavoriteRoutes } from './favorites.js';
import { registerMyCoursesRoutes } from './myCourses.js';
import { registerPhysmathRoutes } from './physmath.js';

/**
 * A student's own learning (spec 1 §2.3, spec 3 §7.3–7.4): my courses and course folders,
 * the course page (description, lessons with statuses and availability, rating, next
 * exercise), favourites, links, the events calendar and achievements. Rule 'student' on
 * every call; a course the caller does not study in answers 404 'Training not found'.
 */
export const learningModule: FastifyPluginAsync = async (fastify) => {
  registerMyCoursesRoutes(fastify);
  registerCoursePageRoutes(fastify);
  registerFavoriteRoutes(fastify);
  registerCalendarRoutes(fastify);
  registerPhysmathRoutes(fastify); // rule 'physmath': students with accessToPhysical
};
