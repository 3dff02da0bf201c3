import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, jwtVerify } from 'jose';
import { z } from 'zod';
import { ltiCalls as calls } from '../../../shared/calls/lti.js';
import { ltiLinks, ltiMessages, ltiTools } from '../../db/schema/index.js';
import { AppError, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { DL, LTI } from './claims.js';
import { toolVerificationKey } from './keys.js';
import { sendNotice } from './page.js';
import './messages.js';

const badResponse = (why: string) => new AppError(400, 'BadDeepLinkingResponse', { title: 'lti.badToken', description: why });

const contentItem = z.object({
  type: z.literal('ltiResourceLink'),
  url: z.url({ protocol: /^https?$/ }).max(2000).optional(),
  title: z.string().max(255).optional(),
  custom: z.record(z.string().max(255), z.string().max(2000)).optional(),
  iframe: z.object({}).passthrough().optional(),
  window: z.object({}).passthrough().optional(),
});

/**
 * The tool's LtiDeepLinkingResponse, posted by the instructor's browser from the tool's page (a
 * cross-site form: no ELP cookie is relied on). It is trusted because it is signed by the tool's
 * key and carries the `data` of a deep linking request ELP made, unanswered and not expired: the
 * picked resource link becomes the exercise's.
 */
export function registerDeepLinkReturn(fastify: FastifyInstance): void {
  const db = fastify.db;
  const publicUrl = fastify.config.publicUrl;
  route(
    fastify,
    calls.deepLinkReturn,
    async (request, reply) => {
      const jwt = (request.body as { JWT?: unknown } | undefined)?.JWT;
      if (typeof jwt !== 'string' || jwt.length > 50_000) throw badResponse('JWT');
      let clientId: string;
      try {
        clientId = String(decodeJwt(jwt).iss ?? '');
      } catch {
        throw badResponse('JWT');
      }
      const [tool] = await db.select().from(ltiTools).where(eq(ltiTools.clientId, clientId));
      if (!tool) throw badResponse('iss');
      let payload: Record<string, unknown>;
      try {
        const key = await toolVerificationKey(tool);
        ({ payload } = await jwtVerify(jwt, key as Parameters<typeof jwtVerify>[1], { issuer: clientId, audience: publicUrl, algorithms: ['RS256'], requiredClaims: ['exp', 'nonce'] }));
      } catch {
        throw badResponse('signature');
      }
      if (payload[`${LTI}message_type`] !== 'LtiDeepLinkingResponse' || payload[`${LTI}version`] !== '1.3.0') throw badResponse('message_type');
      if (payload[`${LTI}deployment_id`] !== tool.deploymentId) throw badResponse('deployment_id');
      const data = payload[`${DL}data`];
      if (typeof data !== 'string') throw badResponse('data');
      const [msg] = await db
        .update(ltiMessages)
        .set({ returnedAt: new Date() })
        .where(and(eq(ltiMessages.id, data), eq(ltiMessages.kind, 'deepLink'), eq(ltiMessages.toolId, tool.id), isNotNull(ltiMessages.usedAt), isNull(ltiMessages.returnedAt), gt(ltiMessages.expiresAt, new Date())))
        .returning();
      if (!msg) throw badResponse('data');
      const items = Array.isArray(payload[`${DL}content_items`]) ? (payload[`${DL}content_items`] as unknown[]) : [];
      const picked = items.map((i) => contentItem.safeParse(i)).find((r) => r.success)?.data;
      const lang = requestLang(request);
      if (picked) {
        const set = {
          url: picked.url ?? null,
          title: picked.title ?? null,
          custom: picked.custom ?? {},
          presentation: picked.window && !picked.iframe ? ('window' as const) : picked.iframe ? ('iframe' as const) : null,
          updatedAt: new Date(),
        };
        await db.update(ltiLinks).set(set).where(and(eq(ltiLinks.exerciseId, msg.exerciseId), eq(ltiLinks.toolId, tool.id)));
      }
      const title = picked?.title ?? picked?.url ?? '';
      return sendNotice(reply, {
        lang,
        title: translate(lang, 'lti.deepLinkedTitle'),
        text: translate(lang, 'lti.deepLinked', { title }),
        message: { type: 'elp:lti-deep-link', exerciseId: msg.exerciseId, picked: Boolean(picked) },
      });
    },
    { config: { bodyTypes: ['application/x-www-form-urlencoded'], crossSite: true } },
  );
}
