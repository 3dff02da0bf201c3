import { countDistinct, count, eq, gte } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { welcomeCalls, type WelcomeStats } from '../../../shared/calls/welcome.js';
import type { Db } from '../../db/client.js';
import { enrolments, feedback, programs } from '../../db/schema/index.js';
import { route } from '../../http/route.js';

/** A rating of 4 or 5 (of 5) on an exercise's feedback form counts as satisfied. */
const SATISFIED_RATING = 4;
const CACHE_MS = 60_000;

async function computeStats(db: Db): Promise<WelcomeStats> {
  const [trained] = await db.select({ n: countDistinct(enrolments.accountId) }).from(enrolments).where(eq(enrolments.completed, true));
  const [satisfied] = await db.select({ n: countDistinct(feedback.accountId) }).from(feedback).where(gte(feedback.rating, SATISFIED_RATING));
  const [ready] = await db.select({ n: count() }).from(programs).where(eq(programs.isReady, true));
  return { trained: Number(trained?.n ?? 0), satisfied: Number(satisfied?.n ?? 0), programs: Number(ready?.n ?? 0) };
}

/**
 * GET /api/welcome/stats — the welcome page's statistic cards (spec 1 §1), counted from
 * the platform's own data: participants who completed a course, participants who rated
 * an exercise 4 or 5, and programs marked ready. Public; cached for a minute.
 */
export const welcomeModule: FastifyPluginAsync = async (fastify) => {
  let cached: { at: number; stats: WelcomeStats } | null = null;
  route(fastify, welcomeCalls.stats, async () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) cached = { at: Date.now(), stats: await computeStats(fastify.db) };
    return cached.stats;
  });
};
