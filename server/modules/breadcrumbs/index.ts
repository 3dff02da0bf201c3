import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { courseGroups, courses, enrolments, exercises, lessons, programs } from '../../db/schema/index.js';

/** spec 2 §3.3: itemType Course (= program), Lesson, Training (= course), Exercise, Set (= course group) */
const itemTypes = ['Course', 'Lesson', 'Training', 'Exercise', 'Set'] as const;
type ItemType = (typeof itemTypes)[number];

const body = z.object({
  inputModels: z
    .array(z.object({ itemId: z.coerce.number().int().positive(), itemType: z.enum(itemTypes) }))
    .max(20),
});
const answer = z.array(z.object({ itemId: z.number(), itemType: z.enum(itemTypes), label: z.string() }));

type Labels = Map<number, string>;

async function labelsFor(db: Db, type: ItemType, ids: number[]): Promise<Labels> {
  if (ids.length === 0) return new Map();
  const table = { Course: programs, Lesson: lessons, Training: courses, Exercise: exercises, Set: courseGroups }[type];
  const rows = await db.select({ id: table.id, label: table.label }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.label]));
}

/**
 * Which items a student may see labels of: sets (folders are public), courses
 * they are enrolled in or that are published, and lessons/exercises of the
 * programs behind their courses. Programs themselves are staff-only.
 */
async function studentVisible(db: Db, accountId: number, type: ItemType, ids: number[]): Promise<Set<number>> {
  if (type === 'Set') return new Set(ids);
  if (type === 'Course') return new Set();
  const mine = await db
    .select({ courseId: courses.id, programId: courses.programId, published: courses.isPublished, enrolled: enrolments.id })
    .from(courses)
    .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, accountId)))
    .where(type === 'Training' ? inArray(courses.id, ids) : eq(enrolments.accountId, accountId));
  if (type === 'Training') return new Set(mine.filter((r) => r.enrolled || r.published).map((r) => r.courseId));
  const programIds = [...new Set(mine.filter((r) => r.enrolled).map((r) => r.programId))];
  if (programIds.length === 0) return new Set();
  const table = type === 'Lesson' ? lessons : exercises;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), inArray(table.programId, programIds)));
  return new Set(rows.map((r) => r.id));
}

/** POST /api/breadcrumbs — labels for the ids in a path (spec 3 §7.1 "breadcrumbs"; path chosen here). */
export const breadcrumbsModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/breadcrumbs',
    { config: { rule: 'signedIn' }, schema: { tags: ['account'], body, response: { 200: answer } } },
    async (request) => {
      const user = currentUser(request);
      const out: z.infer<typeof answer> = [];
      for (const type of itemTypes) {
        const ids = [...new Set(request.body.inputModels.filter((m) => m.itemType === type).map((m) => m.itemId))];
        if (ids.length === 0) continue;
        const labels = await labelsFor(app.db, type, ids);
        const visible = user.role === 'Students' ? await studentVisible(app.db, user.accountId, type, ids) : null;
        for (const id of ids) {
          const label = labels.get(id);
          if (label !== undefined && (!visible || visible.has(id))) out.push({ itemId: id, itemType: type, label });
        }
      }
      return out;
    },
  );
};
