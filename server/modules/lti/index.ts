import type { FastifyPluginAsync } from 'fastify';
import { ltiCalls as calls } from '../../../shared/calls/lti.js';
import { route } from '../../http/route.js';
import { sweepLtiHourly } from './assertions.js';
import { registerDeepLinkReturn } from './deepLinkReturn.js';
import { registerLtiExerciseRoutes } from './exercises.js';
import { platformKey } from './keys.js';
import { registerLaunchRoutes } from './launch.js';
import { registerServiceRoutes } from './services.js';
import { registerToolRoutes } from './tools.js';

/** ELP as an LTI 1.3 platform (issue 30 item 1): see shared/calls/lti.ts and docs/decisions/lti.md. */
export const ltiModule: FastifyPluginAsync = async (fastify) => {
  route(fastify, calls.jwks, async (_request, reply) => {
    const key = await platformKey(fastify.db);
    return reply.header('cache-control', 'public, max-age=300').send({ keys: [key.publicJwk] });
  });
  registerToolRoutes(fastify);
  registerLtiExerciseRoutes(fastify);
  registerLaunchRoutes(fastify);
  registerDeepLinkReturn(fastify);
  registerServiceRoutes(fastify);
  sweepLtiHourly(fastify);
};
