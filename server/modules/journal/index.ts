import type { FastifyPluginAsync } from 'fastify';
import { journalCalls as calls } from '../../../shared/calls/journal.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { route } from '../../http/route.js';
import { registerExportHandlers, registerExportRoutes } from './exports.js';
import './messages.js';
import { progressCheck } from './progressCheck.js';
import { studentsJournal } from './query.js';
import { registerResponsesRoutes } from './responses.js';

/**
 * The students journal and its progress check, the course's exports through the task queue and
 * the responses upload (issue 12; shared/calls/journal.ts). Reading needs ShowStudents and the
 * course's student-journal panel permission (2); a tutor sees their assigned students only.
 */
export const journalModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  route(fastify, calls.journal, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return studentsJournal(db, courseOf(request), currentUser(request), request.query);
  });

  route(fastify, calls.progressCheck, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return progressCheck(db, courseOf(request), currentUser(request), request.params.exerciseId, request.query);
  });

  registerExportRoutes(fastify);
  registerExportHandlers(fastify.jobs);
  registerResponsesRoutes(fastify);
};
