import type { FastifyPluginAsync } from 'fastify';
import { breadcrumbCalls, breadcrumbItemTypes, type BreadcrumbLabel } from '../../../shared/calls/breadcrumbs.js';
import { currentUser } from '../../auth/context.js';
import { route } from '../../http/route.js';
import { visibleLabels } from './visibility.js';

/** POST /api/breadcrumbs (shared/calls/breadcrumbs.ts): labels only for what the caller may see (visibility.ts). */
export const breadcrumbsModule: FastifyPluginAsync = async (fastify) => {
  route(fastify, breadcrumbCalls.labels, async (request) => {
    const user = currentUser(request);
    const out: BreadcrumbLabel[] = [];
    for (const type of breadcrumbItemTypes) {
      const ids = [...new Set(request.body.inputModels.filter((m) => m.itemType === type).map((m) => m.itemId))];
      const labels = await visibleLabels(fastify.db, user, type, ids);
      for (const id of ids) {
        const label = labels.get(id);
        if (label !== undefined) out.push({ itemId: id, itemType: type, label });
      }
    }
    return out;
  });
};
