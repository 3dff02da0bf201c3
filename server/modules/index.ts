import type { FastifyPluginAsync } from 'fastify';

/**
 * Feature modules, one folder each under server/modules (routes + service + schema).
 * Registered in this order by buildApp.
 */
export const modules: FastifyPluginAsync[] = [];
