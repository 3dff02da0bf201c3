import type { FastifyPluginAsync } from 'fastify';
import './messages.js';
import { registerCourseDataRoutes } from './data.js';
import { registerCourseDescriptionRoutes } from './description.js';
import { registerListRoutes } from './lists.js';
import { registerCourseGroupExportRoute } from './courseGroups/export.js';
import { registerCourseGroupRoutes } from './courseGroups/routes.js';
import { registerCourseGroupTaskHandlers, registerCourseGroupTaskRoutes } from './courseGroups/tasks.js';

export { courseNotFound, courseIdVisible, loadCourse, myCourseIds, visibleCourseIds, visibleCoursesWhere, type CourseRow } from './access.js';
export { canManageCourseGroup, loadCourseGroup, subtreeCourseIds, subtreeGroupIds } from './courseGroups/access.js';
export { recalculateCourse } from './data.js';

/**
 * Running courses (API "Training") and course groups (API "Set"): spec 3 §7.9 "Lists",
 * "Course data" and "Course groups (sets)". Every route has the rule 'staff' (the all-courses
 * list 'adminPanel'); every course lookup goes through access.ts, every group lookup through
 * courseGroups/access.ts (404 for what the caller may not see). The bulk by-set calls run as tasks
 * (server/jobs), whose handlers are registered here.
 */
export const coursesModule: FastifyPluginAsync = async (fastify) => {
  registerListRoutes(fastify);
  registerCourseDataRoutes(fastify);
  registerCourseDescriptionRoutes(fastify);
  registerCourseGroupRoutes(fastify);
  registerCourseGroupTaskRoutes(fastify);
  registerCourseGroupExportRoute(fastify);
  registerCourseGroupTaskHandlers(fastify.jobs);
};
