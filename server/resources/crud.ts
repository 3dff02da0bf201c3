import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { getTableColumns, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FilterSpec, ResourceDeclaration } from '../../shared/resources/define.js';
import { crudCalls, sortableFields } from '../../shared/resources/define.js';
import { guard } from '../auth/context.js';
import { route } from '../http/route.js';
import { notFound, requestLang, validationError } from '../errors.js';
import { translate } from '../i18n/messages.js';
import { parseIntId, sanitizeInput, toRecord } from './records.js';

/**
 * Plain CRUD routes generated from a resource declaration and a Drizzle table
 * (ARCHITECTURE §4), in ra-data-simple-rest's conventions at the declared basePath:
 *
 *   GET    base?sort=["f","ASC"]&range=[0,9]&filter={...}   array + Content-Range
 *   GET    base/{id}                                        record or 404 NotFound
 *   POST   base                                             201 record, 400 field errors
 *   PUT    base/{id}                                        record, 400, 404
 *   DELETE base/{id}                                        the deleted record, 404
 *
 * The routes are the declaration's calls (`crudCalls`), registered like every other call:
 * guarded by its rule at onRequest (before parsing, so a caller without access learns nothing
 * from 400s), its course scope checked before validation, validated with its schemas, failures
 * in the spec's error shape, listed in OpenAPI. A base path under scope parameters (e.g.
 * `/api/…/trainings/{courseId}/…`) keeps each scope's rows apart: the row's column for it is
 * matched on every read and write and set on create. Record fields are the table's column keys.
 */
export interface CrudOptions {
  table: PgTable;
  /** values the server adds on create (owner, author ...) */
  onCreate?: (values: Record<string, unknown>, request: FastifyRequest) => Record<string, unknown>;
  /** values the server adds on update (e.g. updated: new Date()) */
  onUpdate?: (values: Record<string, unknown>, request: FastifyRequest) => Record<string, unknown>;
  /** a condition limiting the rows the caller may see and change (others answer 404) */
  scope?: (request: FastifyRequest) => SQL | undefined;
  /** the column of each scope parameter of the base path (default: the column named like the parameter) */
  scopeColumns?: Record<string, Column>;
  /** largest page a list call may ask for */
  maxPageSize?: number;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function crudRoutes(decl: ResourceDeclaration, options: CrudOptions): FastifyPluginAsync {
  if (decl.api.conventions !== 'simple-rest') throw new Error(`${decl.name}: crudRoutes serves simple-rest resources only`);
  const calls = crudCalls(decl);
  const columns = getTableColumns(options.table) as Record<string, Column>;
  const scopeColumns = Object.fromEntries(
    (decl.scope ?? []).map((name) => {
      const column = options.scopeColumns?.[name] ?? columns[name];
      if (!column) throw new Error(`${decl.name}: no column for the scope parameter "${name}"`);
      return [name, column];
    }),
  );
  const recordFields = Object.keys(decl.schema.record.shape);
  for (const f of recordFields) {
    if (!columns[f]) throw new Error(`${decl.name}: record field "${f}" is not a column of the table`);
  }
  if (!columns.id) throw new Error(`${decl.name}: the table needs an "id" column`);
  const idColumn = columns.id;
  const sortable = new Set(sortableFields(decl));
  const filters = new Map<string, FilterSpec>((decl.ui.list.filters ?? []).map((f) => [f.source, f]));
  const maxPage = options.maxPageSize ?? 500;
  const recordSchema = decl.schema.record;

  /** The scope values of the request's path (checked by the course scope, or 404 when malformed). */
  function scopeOf(request: FastifyRequest): Record<string, number> {
    const params = request.params as Record<string, string>;
    const out: Record<string, number> = {};
    for (const name of Object.keys(scopeColumns)) {
      const v = parseIntId(params[name]);
      if (v === null) throw notFound();
      out[name] = v;
    }
    return out;
  }
  const scopeWhere = (request: FastifyRequest) => and(options.scope?.(request), ...Object.entries(scopeOf(request)).map(([n, v]) => eq(scopeColumns[n], v)));

  const fieldSchema = (field: string) => (recordSchema.shape[field] as z.ZodType | undefined) ?? z.unknown();

  /** filter {...} → SQL, or field errors */
  function whereOf(filter: Record<string, unknown>, request: FastifyRequest): SQL | undefined {
    const lang = requestLang(request);
    const errors: Record<string, string> = {};
    const parts: (SQL | undefined)[] = [scopeWhere(request)];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === '' || value === null) continue;
      if (key === 'id') {
        // getMany: filter={"id":[1,2,3]}
        const ids = (Array.isArray(value) ? value : [value]).map((v) => parseIntId(v as string));
        parts.push(inArray(idColumn, ids.filter((v): v is number => v !== null)));
        continue;
      }
      const spec = filters.get(key);
      if (!spec || spec.op === 'param') {
        errors[`filter.${key}`] = translate(lang, 'validation.invalid');
        continue;
      }
      if (spec.op === 'search') {
        if (typeof value !== 'string') { errors[`filter.${key}`] = translate(lang, 'validation.invalidType'); continue; }
        const pattern = `%${escapeLike(value.trim())}%`;
        parts.push(or(...spec.fields.map((f) => ilike(columns[f], pattern))));
        continue;
      }
      const values = Array.isArray(value) ? value : [value];
      const parsed = values.map((v) => fieldSchema(spec.field).safeParse(v));
      if (parsed.some((p) => !p.success)) { errors[`filter.${key}`] = translate(lang, 'validation.invalidType'); continue; }
      const data = parsed.map((p) => {
        const d = p.data as unknown;
        return columns[spec.field].dataType === 'date' && typeof d === 'string' ? new Date(d) : d;
      });
      const column = columns[spec.field];
      if (spec.op === 'eq') parts.push(data.length === 1 ? eq(column, data[0]) : inArray(column, data));
      else if (spec.op === 'gte') parts.push(gte(column, data[0]));
      else parts.push(lte(column, data[0]));
    }
    if (Object.keys(errors).length) throw validationError(errors);
    return and(...parts);
  }

  /** values for insert/update: declared fields only, date strings as Dates */
  function toValues(input: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      if (!columns[k] || k === 'id') continue;
      out[k] = columns[k].dataType === 'date' && typeof v === 'string' ? new Date(v) : v;
    }
    return out;
  }

  const rowWhere = (id: number, request: FastifyRequest) => and(eq(idColumn, id), scopeWhere(request));

  return async function plugin(fastify) {
    // an explicit guard besides the declared rule: the routes stay guarded in any Fastify app
    const extras = { onRequest: guard(decl.rule) };
    const table = options.table;

    route(fastify, calls.list, async (request, reply) => {
      const { sort, range, filter = {} } = request.query;
      const [start, end] = range ?? [0, 24];
      if (end < start || end - start + 1 > maxPage) {
        throw validationError({ range: translate(requestLang(request), 'validation.invalid') });
      }
      const [field, order] = sort ?? [decl.ui.list.sort?.field ?? 'id', decl.ui.list.sort?.order ?? 'ASC'];
      if (!sortable.has(field)) throw validationError({ sort: translate(requestLang(request), 'validation.invalid') });
      const where = whereOf(filter, request);
      const db = fastify.db;
      const [{ total }] = await db.select({ total: count() }).from(table).where(where);
      const orderBy = [order === 'DESC' ? desc(columns[field]) : asc(columns[field])];
      if (field !== 'id') orderBy.push(asc(idColumn));
      const rows = await db.select().from(table).where(where).orderBy(...orderBy).limit(end - start + 1).offset(start);
      const last = rows.length ? start + rows.length - 1 : start;
      reply.header('Content-Range', `${decl.name} ${start}-${last}/${total}`);
      reply.header('Access-Control-Expose-Headers', 'Content-Range');
      return rows.map((r) => toRecord(decl, r as Record<string, unknown>));
    }, extras);

    route(fastify, calls.get, async (request) => {
      const id = parseIntId(request.params.id);
      if (id === null) throw notFound();
      const [row] = await fastify.db.select().from(table).where(rowWhere(id, request)).limit(1);
      if (!row) throw notFound();
      return toRecord(decl, row as Record<string, unknown>);
    }, extras);

    route(fastify, calls.create, async (request, reply) => {
      const input = sanitizeInput(decl, request.body as Record<string, unknown>, decl.schema.create, request);
      let values = { ...toValues(input), ...scopeOf(request) };
      if (options.onCreate) values = options.onCreate(values, request);
      const [row] = await fastify.db.insert(table).values(values as never).returning();
      reply.status(201);
      return toRecord(decl, row as Record<string, unknown>);
    }, extras);

    route(fastify, calls.update, async (request) => {
      const id = parseIntId(request.params.id);
      if (id === null) throw notFound();
      const input = sanitizeInput(decl, request.body as Record<string, unknown>, decl.schema.update, request);
      let values = toValues(input);
      if (options.onUpdate) values = options.onUpdate(values, request);
      if (Object.keys(values).length === 0) {
        const [row] = await fastify.db.select().from(table).where(rowWhere(id, request)).limit(1);
        if (!row) throw notFound();
        return toRecord(decl, row as Record<string, unknown>);
      }
      const [row] = await fastify.db.update(table).set(values as never).where(rowWhere(id, request)).returning();
      if (!row) throw notFound();
      return toRecord(decl, row as Record<string, unknown>);
    }, extras);

    route(fastify, calls.delete, async (request) => {
      const id = parseIntId(request.params.id);
      if (id === null) throw notFound();
      const [row] = await fastify.db.delete(table).where(rowWhere(id, request)).returning();
      if (!row) throw notFound();
      return toRecord(decl, row as Record<string, unknown>);
    }, extras);
  };
}
