import type { DataProvider, RaRecord } from 'ra-core';
import { fillPath, type CallSpec, type Identifier } from '../../shared/http/call';
import { recordIdParam, type HttpRequestParts, type ListResult, type ResourceDeclaration, type ResourceOperations } from '../../shared/resources/define';
import { fromListAnswer } from '../../shared/resources/paging';
import type { HttpClient } from '../http/fetchJson';
import { defaultListQuery, pickInput, toListRequest, toQueryString, toRecord } from './transforms';

type Ops = ResourceOperations<RaRecord>;

/** A call the declaration does not offer (e.g. deleting news: the spec has no such call). */
export class UnsupportedOperationError extends Error {
  constructor(resource: string, operation: string) {
    super(`${resource}: the API offers no "${operation}"`);
    this.name = 'UnsupportedOperationError';
  }
}

/** The scope values a screen passed (`meta: { scope: { courseId } }`), checked against the declaration. */
export function scopeOf(decl: ResourceDeclaration, meta: unknown): Record<string, Identifier> {
  const scope = ((meta as { scope?: Record<string, Identifier> } | undefined)?.scope ?? {}) as Record<string, Identifier>;
  for (const name of decl.scope ?? []) if (scope[name] === undefined || scope[name] === '') throw new Error(`${decl.name}: no value for the scope parameter "${name}"`);
  return scope;
}

/**
 * The dataProvider of one resource mapped onto declared calls: each react-admin method goes to
 * its operation's call, the path filled from the scope (`meta.scope`) and the record's id.
 */
export function callsDataProvider(decl: ResourceDeclaration, http: HttpClient, origin = ''): DataProvider {
  if (decl.api.conventions !== 'calls') throw new Error(`${decl.name}: not mapped onto calls`);
  const ops = decl.api.operations as Ops;
  const need = <K extends keyof Ops>(op: K): NonNullable<Ops[K]> => {
    const o = ops[op];
    if (!o) throw new UnsupportedOperationError(decl.name, op);
    return o as NonNullable<Ops[K]>;
  };
  const url = (call: CallSpec, meta: unknown, id?: Identifier, query?: HttpRequestParts['query']) => {
    const params = { ...scopeOf(decl, meta), ...(id === undefined ? {} : { [recordIdParam(decl, call)]: id }) };
    return `${origin}${fillPath(call.path, params)}${toQueryString(query)}`;
  };
  const send = (call: CallSpec, target: string, body: unknown, signal?: AbortSignal) =>
    http(target, { method: call.method, body: body === undefined ? undefined : JSON.stringify(body), signal });

  async function getOne(id: Identifier, meta: unknown, signal?: AbortSignal): Promise<RaRecord> {
    const op = need('getOne');
    const { json } = await send(op.call, url(op.call, meta, id), undefined, signal);
    return op.response ? op.response(json) : toRecord(json, decl.name);
  }

  async function getList(params: Parameters<DataProvider['getList']>[1]) {
    const op = need('getList');
    const req = { ...toListRequest(decl, params), scope: scopeOf(decl, params.meta) };
    const parts = (op.request ?? defaultListQuery)(req);
    const { json } = await send(op.call, url(op.call, params.meta, undefined, parts.query), parts.body, params.signal);
    // a total, or (react-admin's partial pagination) whether pages follow
    const { data, ...paging } = (op.response ?? fromListAnswer)(json, req) as ListResult<RaRecord>;
    return { data: data.map((r) => toRecord<RaRecord>(r, decl.name)), ...paging };
  }

  const provider: DataProvider = {
    getList: (_resource, params) => getList(params) as never,

    getOne: async (_resource, params) => ({ data: (await getOne(params.id, params.meta, params.signal)) as never }),

    getMany: async (_resource, params) => ({ data: (await Promise.all(params.ids.map((id) => getOne(id, params.meta, params.signal)))) as never }),

    getManyReference: (_resource, params) => getList({ ...params, filter: { ...params.filter, [params.target]: params.id } }) as never,

    create: async (_resource, params) => {
      const op = need('create');
      const input = pickInput(params.data as Record<string, unknown>, decl.schema.create);
      const parts = op.request ? op.request(input, scopeOf(decl, params.meta)) : { body: input };
      const { json } = await send(op.call, url(op.call, params.meta, undefined, parts.query), parts.body);
      return { data: (op.response ? op.response(json) : toRecord(json, decl.name)) as never };
    },

    update: async (_resource, params) => {
      const op = need('update');
      const input = pickInput(params.data as Record<string, unknown>, decl.schema.update);
      const parts = op.request ? op.request(input, params.id, scopeOf(decl, params.meta)) : { body: input };
      const { json } = await send(op.call, url(op.call, params.meta, params.id, parts.query), parts.body);
      // an empty answer (204) keeps what was sent
      const data = json === undefined ? { ...params.previousData, ...input, id: params.id } : op.response ? op.response(json) : toRecord(json, decl.name);
      return { data: data as never };
    },

    updateMany: async (resource, params) => {
      const ids: Identifier[] = [];
      for (const id of params.ids) {
        await provider.update(resource, { id, data: params.data, previousData: { id } as never, meta: params.meta });
        ids.push(id);
      }
      return { data: ids as never };
    },

    delete: async (_resource, params) => {
      const op = need('delete');
      const { json } = await send(op.call, url(op.call, params.meta, params.id), undefined);
      const deleted = op.response ? op.response(json) : json;
      return { data: (deleted && typeof deleted === 'object' ? deleted : params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      for (const id of params.ids) await provider.delete(resource, { id, meta: params.meta });
      return { data: params.ids as never };
    },
  };
  return provider;
}
