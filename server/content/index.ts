import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { attemptIsLive, contentKey, issueCapability, readCapability, type PackageGrant } from './capability.js';
import { appOrigin, separateHosts } from './host.js';
import { LAUNCHER_ASSETS_PATH, LAUNCHER_PATH, launcherBuild, launcherHtml, launcherPolicy } from './launcher.js';
import { contentFileNotFound, packagePolicy, sendPackageFile } from './packageFiles.js';
import './messages.js';

/**
 * The content origin (CONTENT_ORIGIN, default content.localhost on the app's port): SCORM
 * packages run here, away from the app's origin, so a package's script can neither read the
 * app's pages or cookies nor call the API as the student. It is served by the app's listener
 * for another host name; it reads no cookies — package files are authorised by a capability
 * in the path (capability.ts) — and talks to the app's player only by postMessage.
 */

const PACKAGE_PATH = '/scorm/package';
const config = { contentOrigin: true } as const;
const linkExpired = () => new AppError(403, 'ContentLinkExpired', { title: 'content.linkExpired' });

/** How long a package address works: as long as a signed-in session does. */
const capabilityTtlMs = (c: Config) => c.SESSION_TTL_HOURS * 3600_000;

/** The launcher page's address. */
export const launcherAddress = (c: Config) => `${c.contentOrigin}${LAUNCHER_PATH}`;

/** Expiries are rounded up to this step, so that launches of one attempt within it share addresses (and the browser's cache). */
export const CAPABILITY_STEP_MS = 6 * 3600_000;

/**
 * The address of `path` (a relative path inside the package, with its parameters) for the attempt's
 * grant: valid at least as long as a session, at most CAPABILITY_STEP_MS longer.
 */
export async function packageAddress(fastify: FastifyInstance, grant: PackageGrant, path: string, now = new Date()): Promise<string> {
  const expires = Math.ceil((now.getTime() + capabilityTtlMs(fastify.config)) / CAPABILITY_STEP_MS) * CAPABILITY_STEP_MS;
  const token = issueCapability(await contentKey(fastify.db), grant, new Date(expires));
  return `${fastify.config.contentOrigin}${PACKAGE_PATH}/${token}/${encodeURI(path)}`;
}

/** Headers of every content answer: no framing rule but the policy's, no referrer beyond this origin. */
function contentHeaders(reply: FastifyReply, policy: string): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply.header('content-security-policy', policy).header('referrer-policy', 'same-origin').header('cross-origin-resource-policy', 'same-origin');
}

/** Registers the host separation on the app (a root hook) and the content origin's routes. */
export function registerContentOrigin(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const c = fastify.config;
  const origin = appOrigin(c);
  const build = launcherBuild();
  app.addHook('onRequest', separateHosts(c));

  app.get(LAUNCHER_PATH, { config, schema: { hide: true } }, async (_request, reply) =>
    contentHeaders(reply, launcherPolicy(origin)).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(launcherHtml(origin, build.script)),
  );

  app.get(`${LAUNCHER_ASSETS_PATH}/:file`, { config, schema: { hide: true, params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const path = build.assets.get(request.params.file);
    if (!path) throw contentFileNotFound();
    return contentHeaders(reply, "default-src 'none'").header('cache-control', 'public, max-age=31536000, immutable').type('text/javascript; charset=utf-8').send(createReadStream(path));
  });

  app.get(`${PACKAGE_PATH}/:capability/*`, { config, schema: { hide: true, params: z.object({ capability: z.string().max(400), '*': z.string() }) } }, async (request, reply) => {
    const grant = readCapability(await contentKey(app.db), request.params.capability);
    if (!grant || !(await attemptIsLive(app.db, grant.attemptId))) throw linkExpired();
    return sendPackageFile(c, grant.packageKey, request.params['*'], request, contentHeaders(reply, packagePolicy(origin)));
  });
}
