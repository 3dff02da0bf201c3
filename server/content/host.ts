import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/**
 * The content origin shares the app's listener: requests are told apart by host name. On the
 * content host only the content routes (route config `contentOrigin: true`) answer — no API,
 * no sign-in, no app pages — and the content routes answer on no other host.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a route of the content origin (server/content/) */
    contentOrigin?: boolean;
  }
}

/** The app's own origin (PUBLIC_URL without a path). */
export const appOrigin = (config: Config) => new URL(config.publicUrl).origin;

const hostnames = new WeakMap<Config, string>();
const contentHostname = (config: Config) => {
  let h = hostnames.get(config);
  if (!h) hostnames.set(config, (h = new URL(config.contentOrigin).hostname.toLowerCase()));
  return h;
};

/** Whether the request came to the content origin's host name (ports do not tell origins apart for cookies). */
export function isContentRequest(request: FastifyRequest, config: Config): boolean {
  // request.hostname without its split (this runs on every request): the name, then nothing or ":port"
  const name = contentHostname(config);
  const host = request.host;
  if (host.length !== name.length && host.charCodeAt(name.length) !== 58 /* : */) return false;
  return host.slice(0, name.length).toLowerCase() === name;
}

/** onRequest: each host answers only its own routes (404 otherwise). */
export function separateHosts(config: Config) {
  // a callback hook, not an async one: it runs on every request, and needs no promise
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const contentRoute = request.routeOptions.config?.contentOrigin === true;
    done(contentRoute === isContentRequest(request, config) ? undefined : new AppError(404, 'RouteNotFound', { title: 'error.routeNotFound' }));
  };
}
