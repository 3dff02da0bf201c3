import type { DataProvider, RaRecord } from 'ra-core';
import { fillPath, type Identifier, type ResourceDeclaration, type SpecOperations } from '../../shared/resources/define';
import { fromListAnswer } from '../../shared/resources/paging';
import type { HttpClient } from '../http/fetchJson';
import { defaultListQuery, pickInput, toListRequest, toQueryString, toRecord } from './transforms';

type Ops = SpecOperations<RaRecord>;

/** A call the declaration does not offer (e.g. deleting news: the spec has no such call). */
export class UnsupportedOperationError extends Error {
  constructor(resource: string, operation: string) {
    super(`${resource}: the API offers no "${operation}"`);
    this.name = 'UnsupportedOperationError';
  }
}

/**
 * The dataProvider of one resource declared with the spec's own paths: each react-admin
 * method maps onto the declared operation (method, path, request and response mappers).
 */
export function specDataProvider(decl: ResourceDeclaration, http: HttpClient, origin = ''): DataProvider {
  if (decl.api.conventions !== 'spec') throw new Error(`${decl.name}: not a spec-path resource`);
  const ops = decl.api.operations as Ops;
  const need = <K extends keyof Ops>(op: K): NonNullable<Ops[K]> => {
    const o = ops[op];
    if (!o) throw new UnsupportedOperationError(decl.name, op);
    return o as NonNullable<Ops[K]>;
  };
  const url = (path: string, params: Record<string, Identifier>, query?: Record<string, string | number | boolean | undefined>) =>
    `${origin}${fillPath(path, params)}${toQueryString(query)}`;
  const send = (method: string, target: string, body: unknown, signal?: AbortSignal) =>
    http(target, { method, body: body === undefined ? undefined : JSON.stringify(body), signal });

  async function getOne(id: Identifier, signal?: AbortSignal): Promise<RaRecord> {
    const op = need('getOne');
    const { json } = await send(op.method, url(op.path, { id }), undefined, signal);
    return op.response ? op.response(json) : toRecord(json, decl.name);
  }

  async function getList(params: Parameters<DataProvider['getList']>[1]) {
    const op = need('getList');
    const req = toListRequest(decl, params);
    const parts = op.request ? op.request(req) : defaultListQuery(req);
    const { json } = await send(op.method, url(op.path, {}, parts.query), parts.body, params.signal);
    const { data, total } = (op.response ?? fromListAnswer)(json) as { data: RaRecord[]; total: number };
    return { data: data.map((r) => toRecord<RaRecord>(r, decl.name)), total };
  }

  const provider: DataProvider = {
    getList: (_resource, params) => getList(params) as never,

    getOne: async (_resource, params) => ({ data: (await getOne(params.id, params.signal)) as never }),

    getMany: async (_resource, params) => ({ data: (await Promise.all(params.ids.map((id) => getOne(id, params.signal)))) as never }),

    getManyReference: (_resource, params) =>
      getList({ ...params, filter: { ...params.filter, [params.target]: params.id } }) as never,

    create: async (_resource, params) => {
      const op = need('create');
      const input = pickInput(params.data as Record<string, unknown>, decl.schema.create);
      const parts = op.request ? op.request(input) : { body: input };
      const { json } = await send(op.method, url(op.path, {}, parts.query), parts.body);
      return { data: (op.response ? op.response(json) : toRecord(json, decl.name)) as never };
    },

    update: async (_resource, params) => {
      const op = need('update');
      const input = pickInput(params.data as Record<string, unknown>, decl.schema.update);
      const parts = op.request ? op.request(input, params.id) : { body: input };
      const { json } = await send(op.method, url(op.path, { id: params.id }, parts.query), parts.body);
      // an empty answer (204) keeps what was sent
      const data = json === undefined ? { ...params.previousData, ...input, id: params.id } : op.response ? op.response(json) : toRecord(json, decl.name);
      return { data: data as never };
    },

    updateMany: async (resource, params) => {
      const ids: Identifier[] = [];
      for (const id of params.ids) {
        await provider.update(resource, { id, data: params.data, previousData: { id } as never });
        ids.push(id);
      }
      return { data: ids as never };
    },

    delete: async (_resource, params) => {
      const op = need('delete');
      const { json } = await send(op.method, url(op.path, { id: params.id }), undefined);
      const deleted = op.response ? op.response(json) : json;
      return { data: (deleted && typeof deleted === 'object' ? deleted : params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids as never };
    },
  };
  return provider;
}
