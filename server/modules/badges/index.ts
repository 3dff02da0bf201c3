import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { badgeCalls as calls, badgeClassId, type MyBadge } from '../../../shared/calls/badges.js';
import { AchievementKind } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import { accounts, achievements, badgeAssertions, courses, enrolments } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { assertion, badgeClass, badgeSvg, badgeUrls, hashedEmail, issuerProfile } from './openBadges.js';

// Badge texts are in Russian, the interface's first language: a badge is one document for every reader.
registerMessages({
  ru: {
    'badges.notFound': 'Значок не найден',
    'badges.issuer': 'ELP — учебная платформа',
    'badges.achievement.first_training': 'Первое занятие',
    'badges.achievement.profile_completed': 'Профиль заполнен',
    'badges.achievement.first_course_completed': 'Первый завершённый курс',
    'badges.achievementCriteria.first_training': 'Завершить первое упражнение курса в ELP.',
    'badges.achievementCriteria.profile_completed': 'Заполнить все обязательные поля профиля в ELP.',
    'badges.achievementCriteria.first_course_completed': 'Завершить первый курс в ELP.',
    'badges.course': 'Курс «{course}» завершён',
    'badges.courseCriteria': 'Выполнить условия завершения курса «{course}» в ELP.',
    'badges.description': 'Достижение учебной платформы ELP: {name}.',
  },
  en: {
    'badges.notFound': 'Badge not found',
    'badges.issuer': 'ELP learning platform',
    'badges.achievement.first_training': 'First training',
    'badges.achievement.profile_completed': 'Profile completed',
    'badges.achievement.first_course_completed': 'First course completed',
    'badges.achievementCriteria.first_training': 'Finish the first exercise of a course in ELP.',
    'badges.achievementCriteria.profile_completed': 'Fill in every required field of the ELP profile.',
    'badges.achievementCriteria.first_course_completed': 'Complete a first course in ELP.',
    'badges.course': 'Course “{course}” completed',
    'badges.courseCriteria': 'Meet the completion conditions of the course “{course}” in ELP.',
    'badges.description': 'An achievement of the ELP learning platform: {name}.',
  },
});

const badgeNotFound = () => notFound('BadgeNotFound', { title: 'badges.notFound', description: 'badges.notFound' });
const kinds = new Set<string>(Object.values(AchievementKind));
const classOf = (a: { achievementKind: string | null; courseId: number | null }) => (a.courseId !== null ? `course-${a.courseId}` : `achievement-${a.achievementKind}`);
const json = (reply: FastifyReply, body: unknown, status = 200) => reply.status(status).type('application/json; charset=utf-8').header('access-control-allow-origin', '*').send(body);

/** Open Badges 2.0 hosted assertions for achievements and completed courses (issue 30 item 4). */
export const badgesModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;
  const publicUrl = fastify.config.publicUrl;
  const urls = badgeUrls(publicUrl);

  /** A badge class's texts, or null for an id that names no badge (a course no one holds a badge of is not shown). */
  async function classTexts(raw: string) {
    const id = badgeClassId.safeParse(raw);
    if (!id.success) return null;
    const [kind, rest] = [id.data.slice(0, id.data.indexOf('-')), id.data.slice(id.data.indexOf('-') + 1)];
    if (kind === 'achievement') {
      if (!kinds.has(rest)) return null;
      const name = translate('ru', `badges.achievement.${rest}`);
      return { name, description: translate('ru', 'badges.description', { name }), criteria: translate('ru', `badges.achievementCriteria.${rest}`), course: false };
    }
    const [c] = await db
      .select({ label: courses.label })
      .from(courses)
      .where(and(eq(courses.id, Number(rest)), sql`exists (select 1 from ${badgeAssertions} b where b.course_id = ${courses.id})`));
    if (!c) return null;
    const name = translate('ru', 'badges.course', { course: c.label });
    return { name, description: translate('ru', 'badges.description', { name }), criteria: translate('ru', 'badges.courseCriteria', { course: c.label }), course: true };
  }

  route(fastify, calls.issuer, async (_request, reply) => json(reply, issuerProfile(urls, { name: translate('ru', 'badges.issuer'), url: publicUrl })));

  route(fastify, calls.badgeClass, async (request, reply) => {
    const texts = await classTexts(request.params.classId);
    if (!texts) throw badgeNotFound();
    return json(reply, badgeClass(urls, request.params.classId, texts));
  });

  route(fastify, calls.image, async (request, reply) => {
    const texts = await classTexts(request.params.classId);
    if (!texts) throw badgeNotFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(badgeSvg(texts.name, texts.course));
  });

  route(fastify, calls.assertion, async (request, reply) => {
    const [a] = await db.select().from(badgeAssertions).where(eq(badgeAssertions.publicId, request.params.assertionId));
    if (!a) throw badgeNotFound();
    const body = assertion(urls, { publicId: a.publicId, classId: classOf(a), salt: a.salt, identity: a.recipientIdentity, issuedOn: a.issuedOn, revokedAt: a.revokedAt, reason: a.revocationReason });
    // OB 2.0: a revoked hosted assertion answers 410 Gone with `revoked: true`
    return json(reply, body, a.revokedAt ? 410 : 200);
  });

  /** Issues what the student has earned and not yet got a badge for, then lists their badges. */
  route(fastify, calls.mine, async (request) => {
    const { accountId } = currentUser(request);
    const [me] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    const [earned, completed] = await Promise.all([
      db.select({ kind: achievements.kind, at: achievements.awardedAt }).from(achievements).where(eq(achievements.accountId, accountId)),
      db.select({ courseId: enrolments.courseId, at: enrolments.completedAt }).from(enrolments).where(and(eq(enrolments.accountId, accountId), isNotNull(enrolments.completedAt))),
    ]);
    const issue = (o: { achievementKind?: AchievementKind; courseId?: number; issuedOn: Date }) => {
      const salt = randomBytes(16).toString('hex');
      return { ...o, accountId, publicId: randomBytes(18).toString('base64url'), salt, recipientIdentity: hashedEmail(me.email, salt) };
    };
    const fresh = [
      ...earned.map((e) => issue({ achievementKind: e.kind, issuedOn: e.at })),
      ...completed.map((c) => issue({ courseId: c.courseId, issuedOn: c.at! })),
    ];
    // the partial unique indexes keep one badge per achievement and per course
    if (fresh.length) await db.insert(badgeAssertions).values(fresh).onConflictDoNothing();
    const rows = await db
      .select({ a: badgeAssertions, course: courses.label })
      .from(badgeAssertions)
      .leftJoin(courses, eq(courses.id, badgeAssertions.courseId))
      .where(eq(badgeAssertions.accountId, accountId))
      .orderBy(asc(badgeAssertions.issuedOn), asc(badgeAssertions.id));
    return rows.map(({ a, course }): MyBadge => ({
      assertionId: a.publicId,
      name: a.courseId !== null ? translate('ru', 'badges.course', { course: course ?? '' }) : translate('ru', `badges.achievement.${a.achievementKind}`),
      assertionUrl: urls.assertion(a.publicId),
      imageUrl: urls.image(classOf(a)),
      issuedOn: a.issuedOn.toISOString(),
      revoked: a.revokedAt !== null,
    }));
  });

  route(fastify, calls.revoke, async (request) => {
    const done = await db
      .update(badgeAssertions)
      .set({ revokedAt: new Date(), revocationReason: request.body.reason || null })
      .where(eq(badgeAssertions.publicId, request.params.assertionId))
      .returning({ id: badgeAssertions.id });
    if (!done.length) throw badgeNotFound();
    return { ok: true };
  });
};
