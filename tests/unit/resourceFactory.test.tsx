import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError, ResourceContextProvider, TestMemoryRouter, testDataProvider, type DataProvider, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { resourceFromDeclaration } from '../../src/resources/factory';
import { issueMessage, zodFormResolver } from '../../src/resources/factory/zodFormResolver';
import { resources, resourceRoutes } from '../../src/resources';
import { defineCall } from '../../shared/http/call';
import { defineResource } from '../../shared/resources/define';

/** The factory turns a throwaway declaration into working react-admin screens. */
afterEach(cleanup);
// screens render the whole MUI tree in jsdom: slow on a shared two-core machine
vi.setConfig({ testTimeout: 30_000 });

const gadgets = defineResource({
  name: 'gadgets',
  schema: {
    record: z.object({ id: z.number(), name: z.string(), price: z.number(), notes: z.string() }),
    create: z.object({ name: z.string().trim().min(1).max(20), price: z.number().min(0), notes: z.string().max(200).default('') }),
  },
  api: { conventions: 'simple-rest', basePath: '/api/gadgets' },
  rule: 'staff',
  ui: {
    fields: { price: { kind: 'number' }, notes: { kind: 'longText' } },
    list: { columns: [{ source: 'name' }, { source: 'price' }], filters: [{ source: 'q', op: 'search', fields: ['name'], alwaysOn: true }] },
  },
});

// keys come back as they are (with their arguments), so the test reads what was asked for
const i18nProvider: I18nProvider = {
  translate: (key: string, options?: { _?: string; max?: number }) => (options?.max !== undefined ? `${key}:${options.max}` : key),
  changeLocale: async () => undefined,
  getLocale: () => 'ru',
};

const rows = [
  { id: 1, name: 'Молоток', price: 300, notes: '' },
  { id: 2, name: 'Пила', price: 900, notes: '' },
];

function renderAt(path: string, element: React.ReactElement, dataProvider: DataProvider, routePath = path) {
  let location = '';
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => { location = l.pathname; }}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={routePath} element={<ResourceContextProvider value="gadgets">{element}</ResourceContextProvider>} />
          <Route path="*" element={<div>elsewhere</div>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

describe('resourceFromDeclaration', () => {
  it('offers screens for the operations the API offers', () => {
    const r = resourceFromDeclaration(gadgets);
    expect(r.entry).toMatchObject({ name: 'gadgets', options: { label: 'resources.gadgets.name' } });
    expect(r.entry.list && r.entry.create && r.entry.edit).toBeTruthy();
    expect(r.routes).toEqual([]);

    const readOnly = defineResource({ ...gadgets, name: 'feed', api: { conventions: 'calls', operations: { getList: { call: defineCall({ method: 'GET', path: '/api/feed', rule: 'staff', tags: ['test'] }) } } } });
    const ro = resourceFromDeclaration(readOnly);
    expect(ro.entry.list).toBeTruthy();
    expect(ro.entry.create).toBeUndefined();
    expect(ro.entry.edit).toBeUndefined();
  });

  it('moves create/edit to custom routes when the resource has its own paths', () => {
    const r = resourceFromDeclaration(gadgets, { paths: { create: '/shop/gadgets/new', edit: '/shop/gadgets/edit/:id' } });
    expect(r.entry.create).toBeUndefined();
    expect(r.entry.edit).toBeUndefined();
    expect(r.routes.map((x) => x.path)).toEqual(['/shop/gadgets/new', '/shop/gadgets/edit/:id']);
  });

  it('News is registered at the spec routes', () => {
    expect(resources.map((r) => r.name)).toContain('instructors-news');
    expect(resourceRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/instructors/news/create', '/instructors/news/edit/:id']));
  });

  it('the default list shows the declared columns and links rows to the edit path', async () => {
    const getList = vi.fn(async () => ({ data: rows, total: 2 }));
    const dp = testDataProvider({ getList } as never);
    const { entry } = resourceFromDeclaration(gadgets, { paths: { edit: '/shop/gadgets/edit/:id' } });
    const List = entry.list as React.ComponentType;
    const nav = renderAt('/gadgets', <List />, dp);
    await screen.findByText('Молоток');
    expect(screen.getByText('resources.gadgets.fields.name')).toBeInTheDocument();
    expect(screen.getByText('resources.gadgets.fields.price')).toBeInTheDocument();
    expect(screen.queryByText('resources.gadgets.fields.notes')).toBeNull();
    expect(getList).toHaveBeenCalledWith('gadgets', expect.objectContaining({ pagination: { page: 1, perPage: 20 } }));
    fireEvent.click(screen.getByText('Пила'));
    await waitFor(() => expect(nav.location()).toBe('/shop/gadgets/edit/2'), { timeout: 10_000 });
  });

  it('the default create form validates with the declared schema before calling the server', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: object }) => ({ data: { id: 7, ...data } }));
    const dp = testDataProvider({ create } as never);
    const { entry } = resourceFromDeclaration(gadgets);
    const Create = entry.create as React.ComponentType;
    renderAt('/gadgets/create', <Create />, dp);

    const name = await screen.findByLabelText(/resources.gadgets.fields.name/);
    fireEvent.change(name, { target: { value: 'x'.repeat(21) } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    expect(await screen.findByText('ra.validation.maxLength:20')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Дрель' } });
    fireEvent.change(screen.getByLabelText(/resources.gadgets.fields.price/), { target: { value: '4500' } });
    fireEvent.change(screen.getByLabelText(/resources.gadgets.fields.notes/), { target: { value: 'мощная' } });
    // the form re-validates on change; submit once it has
    await waitFor(() => expect(screen.queryByText(/ra\.validation/)).toBeNull(), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    await waitFor(() => expect(create).toHaveBeenCalled(), { timeout: 10_000 });
    expect(create.mock.calls[0][1].data).toEqual({ name: 'Дрель', price: 4500, notes: 'мощная' });
  });

  it('shows the server field errors (400 errors) next to the inputs', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('Проверьте введённые данные', 400, { ErrorCode: 'ValidationError', errors: { name: 'Такое название уже есть' } });
    });
    const dp = testDataProvider({ create } as never);
    const Create = resourceFromDeclaration(gadgets).entry.create as React.ComponentType;
    renderAt('/gadgets/create', <Create />, dp);
    fireEvent.change(await screen.findByLabelText(/resources.gadgets.fields.name/), { target: { value: 'Молоток' } });
    fireEvent.change(screen.getByLabelText(/resources.gadgets.fields.price/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    const message = await screen.findByText('Такое название уже есть', {}, { timeout: 10_000 });
    expect(within(message.closest('.MuiFormControl-root') as HTMLElement).getByLabelText(/fields.name/)).toBeInTheDocument();
  });

  it('the default edit form loads the record and has no delete button when the API offers none', async () => {
    const newsLike = defineResource({
      ...gadgets,
      name: 'gadgets',
      api: { conventions: 'calls', operations: { getOne: { call: defineCall({ method: 'GET', path: '/api/g/{id}', rule: 'staff', tags: ['test'] }) }, update: { call: defineCall({ method: 'POST', path: '/api/g/edit/{id}', rule: 'staff', tags: ['test'] }) } } },
    });
    const getOne = vi.fn(async () => ({ data: rows[1] }));
    const dp = testDataProvider({ getOne } as never);
    const Edit = resourceFromDeclaration(newsLike).entry.edit as React.ComponentType;
    renderAt('/gadgets/2', <Edit />, dp, '/gadgets/:id');
    expect(await screen.findByDisplayValue('Пила')).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledWith('gadgets', expect.objectContaining({ id: '2' }));
    expect(screen.queryByRole('button', { name: 'ra.action.delete' })).toBeNull();
  });
});

describe('form messages by zod issue', () => {
  it('maps codes to react-admin validation keys', () => {
    expect(issueMessage({ code: 'invalid_type', path: [], expected: 'string' }, undefined)).toBe('ra.validation.required');
    expect(issueMessage({ code: 'invalid_type', path: [], expected: 'number' }, 'abc')).toBe('ra.validation.number');
    expect(issueMessage({ code: 'too_small', path: [], origin: 'string', minimum: 1 }, '')).toBe('ra.validation.required');
    expect(issueMessage({ code: 'too_small', path: [], origin: 'number', minimum: 0 }, -1)).toBe('@@react-admin@@{"message":"ra.validation.minValue","args":{"min":0}}');
  });
});

describe('the form resolver', () => {
  const schema = z.object({ values: z.array(z.string()) }).superRefine((v, ctx) => {
    if (!v.values.length) ctx.addIssue({ code: 'custom', path: ['values'], message: 'validation.required' });
    if (v.values.includes('x')) ctx.addIssue({ code: 'custom', path: ['values'], message: 'area.noX' });
  });
  const run = (resolver: ReturnType<typeof zodFormResolver>, values: Record<string, unknown>) => resolver(values, undefined, {} as never);

  it('checks what the form sends (transform) and names custom rules by the area\'s keys', async () => {
    const resolver = zodFormResolver(schema, {
      transform: (v) => ({ values: String(v.lines).split('\n').filter(Boolean) }),
      customMessage: (key) => (key.startsWith('area.') ? `resources.area.validation.${key.slice(5)}` : undefined),
    });
    expect((await run(resolver, { lines: '' })).errors).toEqual({ values: { type: 'custom', message: 'ra.validation.required' } });
    expect((await run(resolver, { lines: 'x' })).errors).toEqual({ values: { type: 'custom', message: 'resources.area.validation.noX' } });
    expect(await run(resolver, { lines: 'a\nb' })).toEqual({ values: { lines: 'a\nb' }, errors: {} });
  });

  it('shows an issue at the form field the area names', async () => {
    const resolver = zodFormResolver(z.object({ values: z.array(z.string().min(2)) }), { fieldOf: (path) => (path[0] === 'values' ? ['values'] : path) });
    expect((await run(resolver, { values: ['ok', 'x'] })).errors).toEqual({ values: { type: 'too_small', message: expect.stringContaining('ra.validation.minLength') } });
  });
});
