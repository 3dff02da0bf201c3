import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import './messages.js';
import { forgetAvailability, forgetOnWrite } from '../study/hotCache.js';
import { registerAuthorRoutes } from './authors.js';
import { registerConstraintRoutes } from './constraints.js';
import { registerCopyRoutes } from './copy.js';
import { registerExerciseRoutes } from './exercises.js';
import { registerFileRoutes } from './files.js';
import { registerKindRoutes } from './kinds.js';
import { registerLessonRoutes } from './lessons.js';
import { registerProgramRoutes } from './programs.js';
import { registerScheduleRoutes } from './schedule.js';
import { registerScormRoutes } from './scorm.js';
import { registerWebinarRoutes } from './webinar.js';

export { loadExercise, loadLesson, loadProgram, visibleProgramsWhere } from './access.js';
export { scormLimits } from './scormPackage.js';
export { exerciseFileLimits } from './files.js';
export { webinarSettings } from './webinar.js';

/**
 * Authoring of programs (API "Course"), lessons and exercises: spec 3 §7.6 (but slides,
 * uploads and question banks) and §7.7. Every route needs the 'programs' rule; every
 * lookup goes through access.ts (404 for programs the caller may not see).
 */
export const programsModule: FastifyPluginAsync = async (fastify) => {
  // Multipart for the SCORM package and exercise files, unless an outer scope has it already.
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  // lessons, exercises, their constraints and schedules decide availability: saves see a change at once
  forgetOnWrite(fastify, forgetAvailability);
  registerProgramRoutes(fastify);
  registerAuthorRoutes(fastify);
  registerCopyRoutes(fastify);
  registerLessonRoutes(fastify);
  registerExerciseRoutes(fastify);
  registerScormRoutes(fastify);
  registerWebinarRoutes(fastify);
  registerFileRoutes(fastify);
  registerKindRoutes(fastify);
  registerConstraintRoutes(fastify);
  registerScheduleRoutes(fastify);
};
