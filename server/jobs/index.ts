import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Jobs } from './runner.js';

/**
 * Background tasks (pg-boss 12). Other modules use `fastify.jobs`:
 *  - `jobs.handle(TaskType.x, async (ctx) => { ... await ctx.checkpoint(i, n) ... })` at registration;
 *  - `await jobs.ready()` then, in a transaction, `jobs.enqueueTask(tx, { type, courseId, payload, createdBy })`
 *    (or `jobs.enqueue(input)` with its own transaction);
 *  - `jobs.stopTasks(db, ids)`;
 *  - `jobs.every(name, cron, run)` at registration: a periodic job on pg-boss's schedule, one run per occurrence.
 *
 * pg-boss starts when the app is ready and stops when it closes. Under NODE_ENV=test it starts on
 * first use instead, so test files that never enqueue do not pay for it.
 */
declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export const jobsModule: FastifyPluginAsync = async (fastify: FastifyInstance) => {
  const jobs = new Jobs(fastify.database, fastify.log, () => (fastify.hasDecorator('storage') ? fastify.storage : undefined));
  fastify.decorate('jobs', jobs);
  if (fastify.config.NODE_ENV !== 'test') fastify.addHook('onReady', async () => jobs.ready());
  fastify.addHook('onClose', async () => jobs.close());
};
// not encapsulated: `jobs` is visible to every module registered after this one
(jobsModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export { Jobs, TaskStopped, ShuttingDown, TASK_QUEUE } from './runner.js';
export type { TaskContext, TaskHandler, TaskOutcome, TaskRow, EnqueueInput, Tx } from './runner.js';
export { sheetValue, xlsxFileName } from './xlsx.js';
