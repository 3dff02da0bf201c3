import { and, count, desc, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { questionListQuery, type QuestionListQuery } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { requestLang, validationError, zodFieldErrors } from '../../errors.js';
import { sanitizeRichText } from '../../richtext/index.js';
import { listWhere, userOf, type BankTable } from './access.js';

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
