import type { FastifyPluginAsync } from 'fastify';
import { ANALYSED_KINDS, analyticsCalls as calls } from '../../../shared/calls/analytics.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { registerAnalyticsExportHandlers, registerAnalyticsExportRoutes } from './exports.js';
import { followAnswers } from './live.js';
import './messages.js';
import { typicalErrors } from './typicalErrors.js';

/**
 * Answer analytics of a course (issue 28 items 1 and 5; shared/calls/analytics.ts): typical
 * errors, live over /hubs/analytics, and the answers and questions exports. Every call needs
 * ExportStudentActions and the course's student-journal panel permission (2); a tutor's
 * figures and files cover their assigned students only.
 */
export const analyticsModule: FastifyPluginAsync = async (fastify) => {
  route(fastify, calls.typicalErrors, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const q = request.query;
    return typicalErrors(fastify.db, courseOf(request), currentUser(request), { groupId: q.GroupId, lessonId: q.lessonId, exerciseId: q.exerciseId });
  });

  route(fastify, calls.questionTypes, async (request) => {
    const lang = requestLang(request);
    return ANALYSED_KINDS.map((id) => ({ id, label: translate(lang, `analytics.kind.${id}`) }));
  });

  registerAnalyticsExportRoutes(fastify);
  registerAnalyticsExportHandlers(fastify.jobs);
  followAnswers(fastify);
};
