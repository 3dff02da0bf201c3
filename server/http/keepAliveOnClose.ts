import type { FastifyInstance } from 'fastify';

/** How often, once closing, connections that have gone idle are ended. */
const SWEEP_MS = 100;

/**
 * Closing without waiting for keep-alive. Node's `server.close()` ends the connections that are
 * idle at that moment, but a connection whose request is still being answered stays open after
 * its answer for the whole keep-alive time (Fastify's default is 72 s). Each shutdown with a
 * request in flight (a restart during the day, every API test file's teardown) waited that long.
 * From the start of closing until the server has closed, connections that have gone idle are ended
 * as well. The answers in flight are still sent in full.
 */
export function endIdleConnectionsOnClose(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    sweep.unref();
  });
  // Fastify runs its own server close first: by the plugins' onClose the server has closed
  app.addHook('onClose', async () => clearInterval(sweep));
}
