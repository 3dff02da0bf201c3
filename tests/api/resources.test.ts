import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadUser, SESSION_COOKIE } from '../../server/auth/context.js';
import { registerErrorHandling } from '../../server/errors.js';
import { crudRoutes } from '../../server/resources/index.js';
import { defineResource, messages as m } from '../../shared/resources/define.js';
import { createTestApp, type SignedIn } from './support/app.js';

/**
 * A resource declared in this file, over a table created in this file, gets working CRUD
 * from the declaration alone (ARCHITECTURE §4): no route, validation or guard written by hand.
 */
const gadgetsTable = pgTable('test_gadgets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  price: integer('price').notNull(),
  active: boolean('active').notNull().default(true),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

const gadgets = defineResource({
  name: 'test-gadgets',
  schema: {
    record: z.object({ id: z.number(), name: z.string(), description: z.string(), price: z.number(), active: z.boolean(), created: z.string() }),
    create: z.object({
      name: z.string(m.type).trim().min(1, m.required).max(50, m.tooLong),
      description: z.string(m.type).max(2000, m.tooLong).default(''),
      price: z.number(m.type).int(m.type).min(0, m.tooSmall),
      active: z.boolean(m.type).optional(),
    }),
  },
  api: { conventions: 'simple-rest', basePath: '/api/test/gadgets' },
  rule: 'resources',
  ui: {
    fields: { description: { kind: 'richText' }, created: { kind: 'dateTime', readOnly: true } },
    list: {
      columns: [{ source: 'name' }, { source: 'price' }, { source: 'active' }, { source: 'description' }],
      filters: [
        { source: 'q', op: 'search', fields: ['name'], alwaysOn: true },
        { source: 'active', op: 'eq', field: 'active' },
        { source: 'price_gte', op: 'gte', field: 'price' },
      ],
      sort: { field: 'name', order: 'ASC' },
    },
  },
});

const t = await createTestApp();
await t.db.execute(sql`CREATE TABLE test_gadgets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created timestamptz NOT NULL DEFAULT now()
)`);

// A bare Fastify app with the project's error handling and session loading, and the
// generated routes: nothing else.
const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandling(app);
await app.register(cookie);
app.decorate('db', t.db);
app.decorateRequest('user', null);
app.addHook('onRequest', async (request) => {
  request.user = await loadUser(t.db, request.cookies[SESSION_COOKIE]);
});
await app.register(crudRoutes(gadgets, { table: gadgetsTable }));
await app.ready();

const B = '/api/test/gadgets';
let instructor: SignedIn;
let noFlags: SignedIn;
let student: SignedIn;

const q = (o: Record<string, unknown>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)])).toString();
const count = async () => ((await t.db.execute(sql`SELECT count(*)::int AS n FROM test_gadgets`)) as unknown as { rows: { n: number }[] }).rows[0];

async function post(payload: object, who: SignedIn = instructor) {
  return app.inject({ method: 'POST', url: B, headers: who.headers, payload });
}

beforeAll(async () => {
  instructor = await t.signIn('Instructors');
  noFlags = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students');
  for (const [name, price, active] of [['Молоток', 300, true], ['Отвёртка', 150, true], ['Пила', 900, false], ['Дрель', 4500, true]] as const) {
    const res = await post({ name, price, active });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});

describe('guard from the declared rule', () => {
  const calls = [
    ['GET', B],
    ['GET', `${B}/1`],
    ['POST', B],
    ['PUT', `${B}/1`],
    ['DELETE', `${B}/1`],
  ] as const;

  it.each(calls)('%s %s: 401 without a session, 403 for a student or an instructor without the flag', async (method, url) => {
    const before = await count();
    const payload = method === 'POST' || method === 'PUT' ? { name: 'x', price: 1 } : undefined;
    expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
    for (const who of [student, noFlags]) {
      const res = await app.inject({ method, url, payload, headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().ErrorCode).toBe('Forbidden');
    }
    expect(await count()).toEqual(before);
  });
});

describe('list', () => {
  it('answers an array with Content-Range, sorted and ranged', async () => {
    const res = await app.inject({ method: 'GET', url: `${B}?${q({ sort: ['price', 'DESC'], range: [0, 1] })}`, headers: instructor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('test-gadgets 0-1/4');
    expect(res.json().map((g: { name: string }) => g.name)).toEqual(['Дрель', 'Пила']);
    expect(res.json()[0]).toEqual({ id: expect.any(Number), name: 'Дрель', description: '', price: 4500, active: true, created: expect.any(String) });
  });

  it('uses the declared default sort', async () => {
    const res = await app.inject({ method: 'GET', url: B, headers: instructor.headers });
    expect(res.json().map((g: { name: string }) => g.name)).toEqual(['Дрель', 'Молоток', 'Отвёртка', 'Пила']);
  });

  it('filters by the declared filters: search, eq, gte, and ids (getMany)', async () => {
    const names = async (filter: object) =>
      (await app.inject({ method: 'GET', url: `${B}?${q({ filter })}`, headers: instructor.headers })).json().map((g: { name: string }) => g.name);
    expect(await names({ q: 'ОТВ' })).toEqual(['Отвёртка']);
    expect(await names({ q: '%' })).toEqual([]);
    expect(await names({ active: false })).toEqual(['Пила']);
    expect(await names({ price_gte: 900, active: true })).toEqual(['Дрель']);
    const all = (await app.inject({ method: 'GET', url: B, headers: instructor.headers })).json();
    expect(await names({ id: [all[0].id, all[2].id] })).toEqual([all[0].name, all[2].name]);
  });

  it('refuses undeclared filters, sorts and bad ranges with field errors', async () => {
    for (const [query, field] of [
      [q({ filter: { secret: 1 } }), 'filter.secret'],
      [q({ filter: { active: 'yes' } }), 'filter.active'],
      [q({ sort: ['description', 'ASC'] }), 'sort'],
      [q({ range: [5, 1] }), 'range'],
      ['range=notjson', 'range'],
    ]) {
      const res = await app.inject({ method: 'GET', url: `${B}?${query}`, headers: instructor.headers });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });
});

describe('get, create, update, delete', () => {
  it('runs the whole cycle', async () => {
    const created = await post({ name: '  Уровень ', price: 700, description: '<p>Точный<script>x()</script></p>', extra: 'ignored' });
    expect(created.statusCode).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({ name: 'Уровень', price: 700, active: true, description: '<p>Точный</p>' });

    const one = await app.inject({ method: 'GET', url: `${B}/${g.id}`, headers: instructor.headers });
    expect(one.json()).toEqual(g);

    const updated = await app.inject({ method: 'PUT', url: `${B}/${g.id}`, headers: instructor.headers, payload: { ...g, price: 750, active: false } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: g.id, price: 750, active: false, created: g.created });

    const deleted = await app.inject({ method: 'DELETE', url: `${B}/${g.id}`, headers: instructor.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(g.id);
    expect((await app.inject({ method: 'GET', url: `${B}/${g.id}`, headers: instructor.headers })).statusCode).toBe(404);
  });

  it.each([
    ['GET', `${B}/999999`],
    ['GET', `${B}/abc`],
    ['PUT', `${B}/999999`],
    ['DELETE', `${B}/999999`],
  ] as const)('%s %s → 404 NotFound', async (method, url) => {
    const res = await app.inject({ method, url, headers: instructor.headers, payload: method === 'PUT' ? { name: 'x', price: 1 } : undefined });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ErrorCode: 'NotFound', Title: expect.any(String), Description: expect.any(String) });
  });

  it.each([
    ['missing fields', {}, ['name', 'price']],
    ['wrong types', { name: 5, price: '10', active: 'yes' }, ['name', 'price', 'active']],
    ['out of range', { name: 'x'.repeat(51), price: -1 }, ['name', 'price']],
  ])('create with %s → 400 field errors, nothing written', async (_n, payload, fields) => {
    const before = await count();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('ValidationError');
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
    expect(await count()).toEqual(before);
  });

  it('update validates with the declaration too', async () => {
    const [first] = (await app.inject({ method: 'GET', url: B, headers: instructor.headers })).json();
    const res = await app.inject({ method: 'PUT', url: `${B}/${first.id}`, headers: instructor.headers, payload: { name: '', price: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Обязательное поле' });
  });
});
