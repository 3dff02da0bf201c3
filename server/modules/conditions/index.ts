import type { FastifyPluginAsync } from 'fastify';
import { onResultChanged } from '../../events/results.js';
import { registerConditionRoutes, registerConditionTasks } from './conditions.js';
import { onResult, reportTo, runDatedConditions } from './engine.js';
import './messages.js';
import { registerTemplateRoutes } from './templates.js';

/** How often a process looks for deadline conditions whose day has passed. */
const DATED_EVERY_MS = 60_000;

/**
 * A course's automation conditions (API "predicates") and the conditions templates
 * (docs/decisions/course-automation.md): the calls, the firing on a student's result (through
 * server/events/results.ts, so the study module does not import this one), the task that runs a
 * condition for a large course, and a timer for the deadline conditions.
 */
export const conditionsModule: FastifyPluginAsync = async (fastify) => {
  registerConditionRoutes(fastify);
  registerTemplateRoutes(fastify);
  registerConditionTasks(fastify);
  reportTo(fastify.log);
  onResultChanged('conditions', onResult);

  if (fastify.config.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  fastify.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      runDatedConditions(fastify.db)
        .catch((err: unknown) => fastify.log.error({ err }, 'deadline conditions failed'))
        .finally(() => {
          running = false;
        });
    }, DATED_EVERY_MS);
    timer.unref();
  });
  fastify.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};
