import { cleanup, render, waitFor } from '@testing-library/react';
import { CoreAdminContext, HttpError, useGetOne, type AuthProvider } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createDataProvider, createHttpClient, UnsupportedOperationError } from '../../src/dataProvider';
import { defineCall } from '../../shared/http/call';
import { defineResource } from '../../shared/resources/define';
import { declarationGroups, declarations } from '../../shared/resources';
import { instructorNews } from '../../shared/resources/news';

/** The dataProvider maps react-admin calls for declared resources onto HTTP calls. */
afterEach(cleanup);

type Call = { url: string; method: string; body: unknown; headers: Headers; credentials?: RequestCredentials };

function fakeFetch(answer: (call: Call) => { status?: number; json?: unknown; headers?: Record<string, string> }) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(url), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers), credentials: init.credentials };
    calls.push(call);
    const a = answer(call);
    return new Response(a.json === undefined ? null : JSON.stringify(a.json), { status: a.status ?? 200, headers: a.headers });
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
}

const record = z.object({ id: z.number(), label: z.string(), note: z.string() });
const input = z.object({ label: z.string().min(1), note: z.string() });

const widgets = defineResource({
  name: 'widgets',
  schema: { record, create: input },
  api: { conventions: 'simple-rest', basePath: '/api/admin/widgets' },
  rule: 'staff',
  ui: { fields: {}, list: { columns: [{ source: 'label' }], filters: [{ source: 'q', op: 'search', fields: ['label'] }] } },
});

const gizmos = defineResource({
  name: 'gizmos',
  schema: { record, create: input },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: defineCall({ method: 'POST', path: '/api/Gizmos/List', rule: 'staff', tags: ['test'] }),
        request: (req) => ({ body: { pagination: { Offset: req.skip, Limit: req.take }, search: req.filter.q } }),
        response: (json) => ({ data: (json as { data: { gizmoId: number; label: string; note: string }[] }).data.map((g) => ({ id: g.gizmoId, label: g.label, note: g.note })), total: (json as { count: number }).count }),
      },
      getOne: { call: defineCall({ method: 'GET', path: '/api/Gizmos/{id}', rule: 'staff', tags: ['test'] }), response: (json) => { const g = json as { gizmoId: number; label: string; note: string }; return { id: g.gizmoId, label: g.label, note: g.note }; } },
      update: { call: defineCall({ method: 'PUT', path: '/api/Gizmos/{id}/Edit', rule: 'staff', tags: ['test'] }), request: (data) => ({ query: { label: data.label as string } }) },
      delete: { call: defineCall({ method: 'DELETE', path: '/api/Gizmos/{id}/Drop', rule: 'staff', tags: ['test'] }) },
    },
  },
  rule: 'staff',
  ui: { fields: {}, list: { columns: [{ source: 'label' }], filters: [{ source: 'q', op: 'search', fields: ['label'] }] } },
});

describe('simple-rest resources go through ra-data-simple-rest at their base path', () => {
  it('getList: sort, range, filter; total from Content-Range; credentials included', async () => {
    const { calls, fetchImpl } = fakeFetch(() => ({ json: [{ id: 1, label: 'a', note: '' }], headers: { 'Content-Range': 'widgets 0-0/31' } }));
    const dp = createDataProvider({ declarations: [widgets], httpClient: createHttpClient(fetchImpl) });
    const res = await dp.getList('widgets', { pagination: { page: 2, perPage: 5 }, sort: { field: 'label', order: 'ASC' }, filter: { q: 'a' } });
    expect(res).toEqual({ data: [{ id: 1, label: 'a', note: '' }], total: 31 });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/admin/widgets');
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([5, 9]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['label', 'ASC']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'a' });
    expect(calls[0].credentials).toBe('include');
  });

  it('create/update/delete use POST, PUT and DELETE', async () => {
    const { calls, fetchImpl } = fakeFetch((c) => ({ json: { id: 4, label: 'b', note: '', ...(c.body as object) } }));
    const dp = createDataProvider({ declarations: [widgets], httpClient: createHttpClient(fetchImpl) });
    await dp.create('widgets', { data: { label: 'b', note: '' } });
    await dp.update('widgets', { id: 4, data: { label: 'c' }, previousData: { id: 4 } });
    await dp.delete('widgets', { id: 4 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/admin/widgets', 'PUT /api/admin/widgets/4', 'DELETE /api/admin/widgets/4']);
  });
});

describe('spec-path resources map each operation from the declaration', () => {
  it('uses the declared method, path and request/response mappers', async () => {
    const { calls, fetchImpl } = fakeFetch((c) =>
      c.url.includes('List')
        ? { json: { data: [{ gizmoId: 9, label: 'g', note: 'n' }], count: 12 } }
        : c.method === 'GET'
          ? { json: { gizmoId: Number(c.url.split('/')[3]), label: 'one', note: '' } }
          : { status: 204 },
    );
    const dp = createDataProvider({ declarations: [gizmos], httpClient: createHttpClient(fetchImpl) });

    expect(await dp.getList('gizmos', { pagination: { page: 3, perPage: 4 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'g', bogus: 1 } })).toEqual({
      data: [{ id: 9, label: 'g', note: 'n' }],
      total: 12,
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/Gizmos/List', body: { pagination: { Offset: 8, Limit: 4 }, search: 'g' } });

    expect((await dp.getOne('gizmos', { id: 5 })).data).toEqual({ id: 5, label: 'one', note: '' });
    expect((await dp.getMany('gizmos', { ids: [1, 2] })).data.map((r) => r.id)).toEqual([1, 2]);

    // an empty (204) answer keeps what was sent
    const updated = await dp.update('gizmos', { id: 5, data: { id: 5, label: 'new', note: 'x', created: 'y' }, previousData: { id: 5, label: 'old', note: '' } });
    expect(updated.data).toEqual({ id: 5, label: 'new', note: 'x' });
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/Gizmos/5/Edit?label=new', body: undefined });

    await dp.delete('gizmos', { id: 5, previousData: { id: 5, label: 'new', note: 'x' } });
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/Gizmos/5/Drop' });
  });

  it('rejects operations the declaration does not offer, and unknown resources', async () => {
    const { fetchImpl } = fakeFetch(() => ({ json: {} }));
    const dp = createDataProvider({ declarations: [gizmos, instructorNews], httpClient: createHttpClient(fetchImpl) });
    await expect(dp.create('gizmos', { data: { label: 'x' } })).rejects.toBeInstanceOf(UnsupportedOperationError);
    await expect(dp.delete('instructors-news', { id: 1, previousData: { id: 1 } })).rejects.toBeInstanceOf(UnsupportedOperationError);
    await expect(dp.getList('nope', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(/Unknown resource/);
  });

  it('News: take/skip list answering ListAnswer, POST create and POST edit/{id} with only the input fields', async () => {
    const item = { id: 3, title: 'T', contentValue: '<p>x</p>', created: '2025-01-01T00:00:00.000Z' };
    const { calls, fetchImpl } = fakeFetch((c) => (c.method === 'GET' && !c.url.match(/\/\d+$/) ? { json: { result: [item], metadata: { filteredRecords: 21 } } } : { json: item }));
    const dp = createDataProvider({ declarations: [instructorNews], httpClient: createHttpClient(fetchImpl) });

    expect(await dp.getList('instructors-news', { pagination: { page: 3, perPage: 10 }, sort: { field: 'created', order: 'DESC' }, filter: {} })).toEqual({ data: [item], total: 21 });
    await dp.getOne('instructors-news', { id: 3 });
    await dp.create('instructors-news', { data: { title: 'T', contentValue: '<p>x</p>' } });
    await dp.update('instructors-news', { id: 3, data: item, previousData: item });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/api/instructors/NewsFeed?take=10&skip=20', undefined],
      ['GET', '/api/instructors/NewsFeed/3', undefined],
      ['POST', '/api/instructors/NewsFeed/create', { title: 'T', contentValue: '<p>x</p>' }],
      ['POST', '/api/instructors/NewsFeed/edit/3', { title: 'T', contentValue: '<p>x</p>' }],
    ]);
    expect(calls[2].headers.get('Content-Type')).toBe('application/json');
  });
});

describe('errors reach react-admin as HttpErrors', () => {
  it('a 400 carries the field errors in body.errors', async () => {
    const body = { ErrorCode: 'ValidationError', Title: 'Проверьте введённые данные', Description: 'x', errors: { title: 'Обязательное поле' } };
    const { fetchImpl } = fakeFetch(() => ({ status: 400, json: body }));
    const dp = createDataProvider({ declarations: [instructorNews], httpClient: createHttpClient(fetchImpl) });
    const error = await dp.create('instructors-news', { data: { title: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'Проверьте введённые данные', body: { errors: { title: 'Обязательное поле' } } });
  });

  it('a 401 makes react-admin call the authProvider checkError', async () => {
    const { fetchImpl } = fakeFetch(() => ({ status: 401, json: { ErrorCode: 'Unauthorized', Title: 'Требуется вход', Description: '' } }));
    const dataProvider = createDataProvider({ declarations: [instructorNews], httpClient: createHttpClient(fetchImpl) });
    const checkError = vi.fn(async () => Promise.reject(new Error('signed out')));
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError,
      getPermissions: async () => undefined,
    };
    function One() {
      const { error } = useGetOne('instructors-news', { id: 1 }, { retry: false });
      return <div>{error ? 'error' : 'loading'}</div>;
    }
    render(
      <CoreAdminContext dataProvider={dataProvider} authProvider={authProvider}>
        <One />
      </CoreAdminContext>,
    );
    await waitFor(() => expect(checkError).toHaveBeenCalled());
    expect((checkError.mock.calls[0] as unknown[])[0]).toMatchObject({ status: 401, body: { ErrorCode: 'Unauthorized' } });
  });
});

describe('declarations loaded on first use', () => {
  it('imports a group once, on the first call naming one of its resources', async () => {
    const { calls, fetchImpl } = fakeFetch(() => ({ json: { id: 5, label: 'x', note: '' } }));
    const load = vi.fn(async () => [gizmos]);
    const dp = createDataProvider({ declarations: [], groups: [{ names: ['gizmos'], load }], httpClient: createHttpClient(fetchImpl) });
    expect(load).not.toHaveBeenCalled();
    await Promise.all([dp.getOne('gizmos', { id: 5 }), dp.getOne('gizmos', { id: 6 })]);
    await dp.getOne('gizmos', { id: 7 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/Gizmos/5', '/api/Gizmos/6', '/api/Gizmos/7']);
  });

  it('tries a failed import again on the next call', async () => {
    const { fetchImpl } = fakeFetch(() => ({ json: { gizmoId: 5, label: 'x', note: '' } }));
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue([gizmos]);
    const dp = createDataProvider({ declarations: [], groups: [{ names: ['gizmos'], load }], httpClient: createHttpClient(fetchImpl) });
    await expect(dp.getOne('gizmos', { id: 5 })).rejects.toThrow('offline');
    expect((await dp.getOne('gizmos', { id: 5 })).data).toMatchObject({ id: 5 });
  });

  it("the app's groups name exactly the declarations they load, none declared eagerly too", async () => {
    const eager = new Set(declarations.map((d) => d.name));
    for (const group of declarationGroups) {
      expect((await group.load()).map((d) => d.name).sort()).toEqual([...group.names].sort());
      expect(group.names.filter((n) => eager.has(n))).toEqual([]);
    }
  });
});
