import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import {
  cleanFilter,
  defaultListQuery,
  pickInput,
  splitBasePath,
  toListRequest,
  toQueryString,
  toRecord,
  toTakeSkip,
} from '../../src/dataProvider/transforms';
import { errorCodeOf, toHttpError } from '../../src/http/errors';
import { fillPath, routePath } from '../../shared/resources/define';
import { fromListAnswer } from '../../shared/resources/paging';
import { instructorNews, newsInput } from '../../shared/resources/news';

describe('paging', () => {
  it('turns page/perPage into take/skip', () => {
    expect(toTakeSkip({ page: 1, perPage: 10 })).toEqual({ take: 10, skip: 0 });
    expect(toTakeSkip({ page: 3, perPage: 25 })).toEqual({ take: 25, skip: 50 });
  });

  it('falls back to the default take and the first page', () => {
    expect(toTakeSkip(undefined)).toEqual({ take: 10, skip: 0 });
    expect(toTakeSkip({ page: 0, perPage: 0 }, 5)).toEqual({ take: 5, skip: 0 });
  });
});

describe('filters', () => {
  const declared = [
    { source: 'q', op: 'search', fields: ['title'] },
    { source: 'active', op: 'eq', field: 'active' },
  ] as const;

  it('keeps declared filters and ids, drops empty values and unknown keys, trims search text', () => {
    expect(cleanFilter({ q: '  сессия ', active: false, other: 1, empty: '', id: [1, 2] }, declared)).toEqual({ q: 'сессия', active: false, id: [1, 2] });
    expect(cleanFilter({ q: '   ', active: null, id: [] }, declared)).toEqual({});
    expect(cleanFilter(undefined, declared)).toEqual({});
  });

  it('builds the list request and its default take/skip query', () => {
    const req = toListRequest(instructorNews, { pagination: { page: 2, perPage: 10 }, sort: { field: 'created', order: 'DESC' }, filter: { junk: 1 } });
    expect(req).toEqual({ take: 10, skip: 10, sort: { field: 'created', order: 'DESC' }, filter: {} });
    expect(defaultListQuery(req)).toEqual({ query: { take: 10, skip: 10 } });
    expect(defaultListQuery({ take: 5, skip: 0, filter: { q: 'x', ids: [1, 2] } })).toEqual({ query: { take: 5, skip: 0, q: 'x', ids: '[1,2]' } });
  });
});

describe('paths and query strings', () => {
  it('fills {id} (encoded) and converts to Fastify syntax', () => {
    expect(fillPath('/api/instructors/NewsFeed/edit/{id}', { id: 5 })).toBe('/api/instructors/NewsFeed/edit/5');
    expect(fillPath('/api/x/{id}', { id: 'a/b' })).toBe('/api/x/a%2Fb');
    expect(() => fillPath('/api/x/{id}', {})).toThrow(/no value/);
    expect(routePath('/api/x/{id}/y/{other}')).toBe('/api/x/:id/y/:other');
  });

  it('writes query strings without undefined values', () => {
    expect(toQueryString({ take: 10, skip: 0, q: undefined, flag: true })).toBe('?take=10&skip=0&flag=true');
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ q: 'a b&c' })).toBe('?q=a+b%26c');
    // a list repeats its key, as the spec's repeated parameters
    expect(toQueryString({ type: [3, 16], status: [], take: 20 })).toBe('?type=3&type=16&take=20');
  });

  it('splits a simple-rest base path into ra-data-simple-rest apiUrl and resource', () => {
    expect(splitBasePath('/api/admin/link-templates')).toEqual({ apiUrl: '/api/admin', resource: 'link-templates' });
    expect(splitBasePath('/api/groups/', 'http://h')).toEqual({ apiUrl: 'http://h/api', resource: 'groups' });
  });
});

describe('record shapes', () => {
  it('reads a ListAnswer into data and total', () => {
    expect(fromListAnswer({ result: [{ id: 1 }], metadata: { filteredRecords: 7 } })).toEqual({ data: [{ id: 1 }], total: 7 });
    expect(fromListAnswer({ result: [{ id: 1 }] })).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(() => fromListAnswer([{ id: 1 }])).toThrow(/list answer/);
  });

  it('sends only the input schema fields (no id, no created)', () => {
    expect(pickInput({ id: 3, title: 'T', contentValue: '<p>x</p>', created: '2024-01-01' }, newsInput)).toEqual({ title: 'T', contentValue: '<p>x</p>' });
  });

  it('insists on an id', () => {
    expect(toRecord({ id: 0, title: 'x' }, 'r')).toEqual({ id: 0, title: 'x' });
    expect(() => toRecord({ title: 'x' }, 'r')).toThrow(/id/);
    expect(() => toRecord(null, 'r')).toThrow(/id/);
  });
});

describe('errors', () => {
  const body = { ErrorCode: 'ValidationError', Title: 'Проверьте введённые данные', Description: '…', errors: { title: 'Обязательное поле' } };

  it('keeps the spec error body for forms and uses its Title as the message', () => {
    const e = toHttpError(400, 'Bad Request', body);
    expect(e).toBeInstanceOf(HttpError);
    expect(e.status).toBe(400);
    expect(e.message).toBe('Проверьте введённые данные');
    expect(e.body.errors).toEqual({ title: 'Обязательное поле' });
  });

  it('falls back to the status text when the body is not JSON', () => {
    const e = toHttpError(502, 'Bad Gateway', undefined);
    expect(e.message).toBe('Bad Gateway');
    expect(e.body).toBeNull();
  });

  it('derives the spec error code (status.ErrorCode or status.Redirect)', () => {
    expect(errorCodeOf(toHttpError(400, '', body))).toBe('400.ValidationError');
    expect(errorCodeOf(toHttpError(401, '', { ErrorCode: 'Unauthorized', Redirect: '/x' }))).toBe('401.Redirect');
    expect(errorCodeOf(toHttpError(500, '', null))).toBe('500');
    expect(errorCodeOf(new Error('x'))).toBeUndefined();
  });
});
