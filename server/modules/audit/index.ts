import type { FastifyPluginAsync } from 'fastify';
import { auditCalls as calls } from '../../../shared/calls/audit.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import { attributeValueHistory } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { studentScope } from '../courses/access.js';
import { auditPage, auditTables, profileChanges, roleChanges } from './history.js';

/**
 * Audit and history (spec 3 §7.9 "Audit"; docs/decisions/audit.md): the audit journal and the
 * role changes for AdminPanelAccess, the profile change history for AdminPanelAccess (every
 * student) and for a course's staff (its students; a tutor, their own).
 */
export const auditModule: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, calls.tables, async () => auditTables(db));

  route(app, calls.view, async (request) => auditPage(db, request.query));

  route(app, calls.userRoles, async (request) => roleChanges(db, request.query));

  route(app, calls.profileView, async (request) => profileChanges(db, request.query));

  route(app, calls.courseProfile, async (request) => {
    const access = courseOf(request);
    return profileChanges(db, { ...request.query, courseId: access.course.id, scope: studentScope(access, currentUser(request), attributeValueHistory.accountId) });
  });
};
