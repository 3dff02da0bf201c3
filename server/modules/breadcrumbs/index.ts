import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/context.js';
import { itemTypes, visibleLabels } from './visibility.js';

const body = z.object({
  inputModels: z
    .array(z.object({ itemId: z.coerce.number().int().positive(), itemType: z.enum(itemTypes) }))
    .max(20),
});
const answer = z.array(z.object({ itemId: z.number(), itemType: z.enum(itemTypes), label: z.string() }));

/**
 * POST /api/breadcrumbs — labels for the ids in a path (spec 3 §7.1 "breadcrumbs"; path chosen
 * here), only for what the caller may see (visibility.ts).
 */
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
        const labels = await visibleLabels(app.db, user, type, ids);
        for (const id of ids) {
          const label = labels.get(id);
          if (label !== undefined) out.push({ itemId: id, itemType: type, label });
        }
      }
      return out;
    },
  );
};
