import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CourseAction, RuleKey } from '../../../shared/permissions.js';
import { routePath } from '../../../shared/resources/define.js';

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * Route options: a rule (default 'staff': any instructor, no flag), an OpenAPI tag and, for a
 * call about one course (its id in the path), what the call does there (shared/permissions.ts).
 */
export function opts<S extends Record<string, unknown>>(schema: S, tag = 'courses', rule: RuleKey = 'staff', course?: CourseAction) {
  return { config: { rule, ...(course ? { course: { action: course } } : {}) }, schema: { tags: [tag], ...schema } };
}

/** `{x}` → `:x`. */
export const path = routePath;

export const courseParams = z.object({ courseId: z.string() });
export const courseLessonParams = z.object({ courseId: z.string(), lessonId: z.string() });
export const idParams = z.object({ id: z.string() });

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** LIKE pattern for a user's search text (wildcards escaped). */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const fullName = (a: { firstName: string | null; lastName: string | null }) => `${a.lastName ?? ''} ${a.firstName ?? ''}`.trim();
