import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profileCalls as calls, type ProfileCourseValues } from '../../../shared/calls/profile.js';
import { StudentStatusInGroup } from '../../../shared/enums.js';
import { currentUser, forgetAccount } from '../../auth/context.js';
import { accounts, courses, enrolments } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';

const LANG_COOKIE = 'elp_lang';

/** GET /api/profile/progress and /api/profile/finalScore (the courses the caller studies), POST /api/profile/language/{lang}. */
export function progressRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  async function perCourse(accountId: number, pick: (e: { progress: number; finalScore: number | null }) => number | null): Promise<ProfileCourseValues> {
    const rows = await db
      .select({ trainingId: courses.id, label: courses.label, progress: enrolments.progress, finalScore: enrolments.finalScore, completed: enrolments.completed })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(and(eq(enrolments.accountId, accountId), eq(enrolments.status, StudentStatusInGroup.studying)))
      .orderBy(desc(enrolments.joinedAt), desc(enrolments.id));
    const list = rows.map((r) => ({ trainingId: r.trainingId, label: r.label, value: pick(r), completed: r.completed }));
    const values = list.map((c) => c.value).filter((v): v is number => v !== null);
    const total = values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
    return { total, courses: list };
  }

  route(fastify, calls.progress, async (request) => perCourse(currentUser(request).accountId, (e) => e.progress));
  route(fastify, calls.finalScore, async (request) => perCourse(currentUser(request).accountId, (e) => e.finalScore));

  route(fastify, calls.setLanguage, async (request, reply) => {
    const user = currentUser(request);
    const lang = request.params.lang.toLowerCase();
    // spec 3 §8.3b: an unknown language is 400 'Bad request', localized
    if (lang !== 'ru' && lang !== 'en') throw new AppError(400, 'BadLanguage', { title: 'profile.badLanguage' });
    await db.update(accounts).set({ language: lang }).where(eq(accounts.id, user.accountId));
    forgetAccount(db, user.accountId);
    reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600, secure: fastify.config.publicUrl.startsWith('https:') });
    return { language: lang as 'ru' | 'en' };
  });
}
