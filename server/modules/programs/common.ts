import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../../shared/resources/define.js';

/** The Fastify instance with zod types, as every routes file of this module uses it. */
export type ProgramsApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Route options: the 'programs' rule (TrainingSettings, OnlyEditSettings or CreateGroupLessons), an OpenAPI tag. */
export function opts<S extends Record<string, unknown>>(schema: S, tag = 'programs') {
  return { config: { rule: 'programs' as const }, schema: { tags: [tag], ...schema } };
}

/** `{x}` → `:x`. */
export const path = routePath;

export const idParams = z.object({ id: z.string() });
export const programParams = z.object({ programId: z.string() });
export const programIdParams = z.object({ programId: z.string(), id: z.string() });
export const lessonParams = z.object({ programId: z.string(), lessonId: z.string() });

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** isAgree=true in the query or the body (spec 3 §7.6 Delete). */
export const agreeQuery = z.object({ isAgree: z.string().optional() });
export const isAgreed = (v: unknown) => v === true || (typeof v === 'string' && v.toLowerCase() === 'true');
