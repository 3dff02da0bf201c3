import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ltiCalls as calls, type LtiPlatformInfo, type LtiTool, type LtiToolInput } from '../../../shared/calls/lti.js';
import type { Db } from '../../db/client.js';
import { ltiLinks, ltiTools } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import './messages.js';

export type ToolRow = typeof ltiTools.$inferSelect;

export const toolNotFound = () => notFound('NotFound', { title: 'lti.toolNotFound' });

/** ELP's own addresses as a tool's administrator enters them (its issuer is PUBLIC_URL). */
export function platformInfo(publicUrl: string): LtiPlatformInfo {
  return {
    issuer: publicUrl,
    jwksUrl: `${publicUrl}/api/lti/jwks`,
    authUrl: `${publicUrl}/api/lti/auth`,
    tokenUrl: `${publicUrl}/api/lti/token`,
    deepLinkReturnUrl: `${publicUrl}/api/lti/deep-link-return`,
  };
}

const toolOut = (t: ToolRow): LtiTool => ({
  id: t.id,
  name: t.name,
  clientId: t.clientId,
  deploymentId: t.deploymentId,
  loginUrl: t.loginUrl,
  targetLinkUri: t.targetLinkUri,
  redirectUris: t.redirectUris,
  jwksUrl: t.jwksUrl,
  publicKey: t.publicKey,
  presentation: t.presentation,
  createdAt: t.createdAt.toISOString(),
});

const columns = (b: LtiToolInput) => ({
  name: b.name,
  clientId: b.clientId,
  deploymentId: b.deploymentId,
  loginUrl: b.loginUrl,
  targetLinkUri: b.targetLinkUri,
  redirectUris: b.redirectUris,
  jwksUrl: b.jwksUrl || null,
  publicKey: b.publicKey || null,
  presentation: b.presentation,
});

export async function loadTool(db: Db, rawId: string | number): Promise<ToolRow> {
  const id = parseIntId(rawId);
  if (id === null) throw toolNotFound();
  const [row] = await db.select().from(ltiTools).where(eq(ltiTools.id, id));
  if (!row) throw toolNotFound();
  return row;
}

const clientIdTaken = () => conflict('ClientIdTaken', { title: 'lti.clientIdTaken', fields: { clientId: 'lti.clientIdTaken' } });
async function assertClientIdFree(db: Db, clientId: string, except?: number) {
  const [other] = await db.select({ id: ltiTools.id }).from(ltiTools).where(eq(ltiTools.clientId, clientId));
  if (other && other.id !== except) throw clientIdTaken();
}

/** Root registers, edits and removes tools; instructors pick one for an exercise. */
export function registerToolRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  route(fastify, calls.platform, async () => platformInfo(fastify.config.publicUrl));
  route(fastify, calls.tools, async () => (await db.select().from(ltiTools).orderBy(asc(ltiTools.name), asc(ltiTools.id))).map(toolOut));
  route(fastify, calls.tool, async (request) => toolOut(await loadTool(db, request.params.id)));
  route(fastify, calls.createTool, async (request, reply) => {
    await assertClientIdFree(db, request.body.clientId);
    const [row] = await db.insert(ltiTools).values(columns(request.body)).returning();
    reply.status(201);
    return toolOut(row);
  });
  route(fastify, calls.saveTool, async (request) => {
    const tool = await loadTool(db, request.params.id);
    await assertClientIdFree(db, request.body.clientId, tool.id);
    const [row] = await db.update(ltiTools).set({ ...columns(request.body), updatedAt: new Date() }).where(eq(ltiTools.id, tool.id)).returning();
    return toolOut(row);
  });
  route(fastify, calls.dropTool, async (request) => {
    const tool = await loadTool(db, request.params.id);
    const [used] = await db.select({ id: ltiLinks.exerciseId }).from(ltiLinks).where(eq(ltiLinks.toolId, tool.id)).limit(1);
    if (used) throw conflict('ToolInUse', { title: 'lti.toolInUse' });
    await db.delete(ltiTools).where(eq(ltiTools.id, tool.id));
    return { id: tool.id };
  });
  route(fastify, calls.toolChoices, async () => db.select({ id: ltiTools.id, name: ltiTools.name }).from(ltiTools).orderBy(asc(ltiTools.name), asc(ltiTools.id)));
}
