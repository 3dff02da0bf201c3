import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request log lines, at the level they deserve. By default it writes two lines per
 * request at `info` (incoming, completed): in production that cost about a fifth of a light call.
 * Here every request is logged at `debug` (the development default), and at `info` (production)
 * only the ones worth reading: answers of 500 and over, errors of the answer stream and slow
 * requests (LOG_SLOW_MS). Handled errors are logged by the error handler as before. A route with
 * its own quieter level (logLevel: 'warn') stays quiet either way.
 */
export class RequestLog extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (debugOn(request.log)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request failed');
    else if (reply.elapsedTime >= this.slowMs) reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'slow request');
    else if (debugOn(reply.log)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Whether `debug` lines are written (the tests' silent logger has no isLevelEnabled). */
const debugOn = (log: FastifyBaseLogger) => (log as Partial<{ isLevelEnabled(level: string): boolean }>).isLevelEnabled?.('debug') === true;
