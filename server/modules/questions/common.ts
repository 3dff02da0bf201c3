import { and, count, desc, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RuleKey } from '../../../shared/permissions.js';
import { routePath } from '../../../shared/resources/define.js';
import { questionListQuery, usedRecord, type QuestionKind, type QuestionListQuery } from '../../../shared/questions.js';
import type { Db } from '../../db/client.js';
import { requestLang, validationError, zodFieldErrors } from '../../errors.js';
import { sanitizeRichText } from '../../richtext/index.js';
import { listWhere, userOf, type BankTable } from './access.js';
import { whereUsed } from './used.js';

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export const path = routePath;

/** Route options: the permission rule and an OpenAPI tag. */
export function opts<S extends Record<string, unknown>>(rule: RuleKey, schema: S, tag = 'question-banks') {
  return { config: { rule }, schema: { tags: [tag], ...schema } };
}

export const idParams = z.object({ id: z.string() });

/** Rich-text question text, cleaned before it is stored. */
export const cleanText = (html: string) => (html ? sanitizeRichText(html) : '');

/**
 * The list query of POST .../list: from the query string, and/or a JSON body with the same
 * fields (the query wins).
 */
export function listQueryOf(request: FastifyRequest): QuestionListQuery {
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  const parsed = questionListQuery.safeParse({ ...body, ...query });
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, requestLang(request)));
  return parsed.data;
}

/** One page of a bank, newest first, mapped to records. */
export async function listPage<T extends BankTable, R>(
  db: Db,
  request: FastifyRequest,
  table: T,
  toRecords: (rows: T['$inferSelect'][]) => Promise<R[]>,
  extra?: SQL,
): Promise<{ result: R[]; metadata: { filteredRecords: number } }> {
  const user = userOf(request);
  const query = listQueryOf(request);
  const where = await listWhere(db, user, table, query);
  const full = and(where, extra);
  const [{ total }] = await db.select({ total: count() }).from(table as BankTable).where(full);
  const rows = await db
    .select()
    .from(table as BankTable)
    .where(full)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(query.take)
    .offset(query.skip);
  return { result: await toRecords(rows as T['$inferSelect'][]), metadata: { filteredRecords: total } };
}

/** GET .../{id}/used for one kind (the question must be visible). */
export function registerUsedRoute(
  app: FastifyInstance,
  url: string,
  rule: RuleKey,
  kind: QuestionKind,
  load: (request: FastifyRequest, rawId: string) => Promise<{ id: number }>,
) {
  typed(app).get(path(url), opts(rule, { params: idParams, response: { 200: usedRecord } }), async (request) => {
    const q = await load(request, request.params.id);
    return whereUsed(app.db, kind, q.id);
  });
}
