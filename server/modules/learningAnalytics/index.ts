import type { FastifyPluginAsync } from 'fastify';
import { learningAnalyticsCalls as calls } from '../../../shared/calls/learningAnalytics.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { route } from '../../http/route.js';
import { courseStudentAttributes } from './attributes.js';
import { journalAnalytics } from './journalAnalytics.js';
import { pathsAnalytics, pathsLessons } from './paths.js';
import { programPathsAnalytics } from './programPaths.js';
import { usageAnalytics } from './usage.js';

/**
 * Paths and usage analytics of a course (ExportStudentActions, the student-journal panel
 * permission 2), the students journal's analytics (ShowStudents, 2) and the attributes of a
 * course's students (ExportStudentActions, panel 1), and a program's paths across its courses;
 * shared/calls/learningAnalytics.ts. A tutor sees their assigned students only.
 */
export const learningAnalyticsModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;
  route(fastify, calls.pathsLessons, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return pathsLessons(db, courseOf(request));
  });
  route(fastify, calls.paths, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return pathsAnalytics(db, courseOf(request), currentUser(request), request.query);
  });
  // a program's paths across its courses: the courses it reads are decided in programPaths.ts
  route(fastify, calls.programPaths, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return programPathsAnalytics(db, currentUser(request), request.params.programId);
  });
  route(fastify, calls.usage, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return usageAnalytics(db, courseOf(request), currentUser(request), request.query);
  });
  route(fastify, calls.studentAttributes, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return courseStudentAttributes(db, courseOf(request), currentUser(request));
  });
  route(fastify, calls.journalAnalytics, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return journalAnalytics(db, courseOf(request), currentUser(request), request.query);
  });
};
