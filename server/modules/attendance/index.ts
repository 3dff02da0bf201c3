import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { attendanceCalls as calls } from '../../../shared/calls/attendance.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { journalCache } from '../visitJournal/cache.js';
import { CODE_VALID_SECONDS, codeContext, confirmCode, issueCode } from './codes.js';
import { confirmedCodes } from './journal.js';
import './messages.js';

/** Per-account request budget of a route (keyed by the caller, not the shared classroom IP). */
const perAccount = (name: string, max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `${name}:${req.user?.accountId ?? req.ip}`,
});

/**
 * Digital-code attendance (spec 3 §7.4 Attendance/Student/DigitalCode, §7.10 Attendance/DigitalCode/Confirm):
 * the student gets a 6-digit code valid 3 minutes and shows it; an instructor of the course types
 * it in, which records the visit in the visit journal. Guessing is rate-limited per instructor.
 */
export const attendanceModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;

  route(
    fastify,
    calls.studentCode,
    async (request) => {
      const ctx = await codeContext(db, currentUser(request), request.params.exerciseId, request.query.courseId);
      const row = await issueCode(db, ctx);
      // serverNow lets the page count down against the server clock whatever the device's clock says
      return { code: row.code, courseId: ctx.course.id, exerciseId: ctx.exercise.id, expiresAt: row.expiresAt.toISOString(), serverNow: row.createdAt.toISOString(), validSeconds: CODE_VALID_SECONDS };
    },
    { config: { rateLimit: perAccount('digital-code', 30) } },
  );

  route(
    fastify,
    calls.confirm,
    async (request) => {
      const user = currentUser(request);
      const { course } = courseOf(request);
      const { visit } = await confirmCode(db, user, { code: request.body.code, courseId: course.id, exerciseId: request.body.exerciseId ?? undefined });
      await journalCache(fastify).bump(course.id);
      return {
        message: translate(requestLang(request), 'attendance.confirmed', { name: `${visit.lastName} ${visit.firstName}`.trim() }),
        visit: { ...visit, markedAt: visit.markedAt.toISOString() },
      };
    },
    { config: { rateLimit: perAccount('digital-code-confirm', 60) } },
  );

  // the digital-code journal: the codes confirmed in the course (a tutor: of their students)
  route(fastify, calls.confirmedCodes, async (request) => confirmedCodes(db, courseOf(request), currentUser(request), request.query));
};
