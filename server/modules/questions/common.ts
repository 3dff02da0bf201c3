import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { questionListQuery, type QuestionListQuery } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { requestLang, validationError, zodFieldErrors } from '../../errors.js';
import { sanitizeRichText } from '../../richtext/index.js';
import { listWhere, loadQuestion, userOf, type BankTable } from './access.js';

/** Rich-text question text, cleaned before it is stored. */
export const cleanText = (html: string) => (html ? sanitizeRichText(html) : '');

/** A new question's own fields as stored. */
export const newFields = (input: { label: string; text: string; programId: number | null }, createdBy: number | null) => ({
  label: input.label,
  text: cleanText(input.text),
  programId: input.programId,
  createdBy,
});

/** A question's own fields as an update stores them (the API's `courseId` is the program). */
export const ownFields = (input: { label: string; text: string; courseId: number | null }) => ({
  label: input.label,
  text: cleanText(input.text),
  programId: input.courseId,
  updatedAt: new Date(),
});

/**
 * One bank's lookups: a page of its list, a question the caller sees by its path id (else
 * 404), a stored question as its record, and a question by id as its record (after a write).
 */
export function bankOf<T extends BankTable, R>(db: Db, table: T, toRecords: (rows: T['$inferSelect'][]) => Promise<R[]>) {
  const record = async (row: T['$inferSelect']) => (await toRecords([row]))[0];
  return {
    list: (request: FastifyRequest) => listPage(db, request, table, toRecords),
    load: (request: FastifyRequest, id: string) => loadQuestion(db, userOf(request), table, id),
    record,
    byId: async (id: number) => {
      const [row] = await db.select().from(table as BankTable).where(eq(table.id, id)).limit(1);
      return record(row as T['$inferSelect']);
    },
  };
}

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
