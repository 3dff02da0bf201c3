import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { requestLang } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { CODE_VALID_SECONDS, codeContext, confirmCode, issueCode } from './codes.js';
import './messages.js';

const tags = ['Attendance'];
const intId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/).transform(Number)]);
const confirmBody = z.object({
  // a number loses its leading zeros on the way: pad it back
  code: z.union([z.string().trim(), z.number().int().nonnegative().transform((n) => String(n).padStart(6, '0'))]).pipe(z.string().regex(/^\d{6}$/, 'attendance.codeFormat')),
  courseId: intId,
  exerciseId: intId.optional().nullable(),
});

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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.db;

  app.post(
    '/api/Attendance/Student/DigitalCode/:exerciseId',
    {
      config: { rule: 'student', rateLimit: perAccount('digital-code', 30) },
      schema: { tags, params: z.object({ exerciseId: z.string() }), querystring: z.object({ courseId: z.string().optional() }) },
    },
    async (request) => {
      const ctx = await codeContext(db, currentUser(request), request.params.exerciseId, request.query.courseId);
      const row = await issueCode(db, ctx);
      // serverNow lets the page count down against the server clock whatever the device's clock says
      return { code: row.code, courseId: ctx.course.id, exerciseId: ctx.exercise.id, expiresAt: row.expiresAt, serverNow: row.createdAt, validSeconds: CODE_VALID_SECONDS };
    },
  );

  app.post(
    '/api/Attendance/DigitalCode/Confirm',
    {
      config: { rule: 'digitalCodeJournal', course: { action: 'attendance', from: 'body.courseId' }, rateLimit: perAccount('digital-code-confirm', 60) },
      schema: { tags, body: confirmBody },
    },
    async (request) => {
      const user = currentUser(request);
      const { course } = courseOf(request);
      const { visit } = await confirmCode(db, user, { code: request.body.code, courseId: course.id, exerciseId: request.body.exerciseId ?? undefined });
      return { message: translate(requestLang(request), 'attendance.confirmed', { name: `${visit.lastName} ${visit.firstName}`.trim() }), visit };
    },
  );
};
