import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AttributeGroupPage from './AttributeGroupPage';

/** /profile/{attributeGroupId}: the shared renderer, chains, and a save whose invalid field does not block the valid ones. */
afterEach(cleanup);

const i18nProvider: I18nProvider = {
  translate: (k: string, o?: Record<string, unknown>) => (o && Object.keys(o).length ? `${k} ${JSON.stringify(o)}` : k),
  changeLocale: async () => undefined,
  getLocale: () => 'ru',
};
const calls: { method: string; url: string; body: unknown }[] = [];
let answer: { status: number; body: unknown };

const item = (id: number, type: number, label: string, more: Record<string, unknown> = {}) => ({
  id, type, label, name: label, description: null, required: false, readonly: false, regex: null, min: null, max: null, options: [],
  isTextArea: false, isHasNoneAttribute: false, categoryId: null, attributeGroupId: 5, dictionaryId: null, hierarchyId: null, chain: null,
  requirement: 'optional', answer: null, ...more,
});
const group = {
  id: 5,
  label: 'Паспорт',
  description: null,
  attributes: [
    item(1, 3, 'Курс', { min: 1, max: 6 }),
    item(2, 20, 'Телефон', { answer: { value: '+7 (912) 345-67-89', valueJson: null, isHasNoneValue: false, fileId: null } }),
    item(3, 50, 'Гражданство', { options: [{ id: 'ru', label: 'РФ' }, { id: 'other', label: 'Другое' }], chain: { triggerValue: 'other', results: [{ chainResultAttributeId: 4, usage: 'required' }] } }),
    item(4, 1, 'Паспорт иностранца'),
  ],
};

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const res = url === '/api/Attribute/Groups/5' ? { status: 200, body: group } : answer;
    return new Response(JSON.stringify(res.body), { status: res.status });
  });
});

const renderPage = () =>
  render(
    <TestMemoryRouter initialEntries={['/profile/5']}>
      <AdminContext i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/profile/:attributeGroupId" element={<AttributeGroupPage />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );

describe('attribute group page', () => {
  it('a chain trigger shows its result as required; save sends every field even with an invalid one', async () => {
    answer = { status: 400, body: { ErrorCode: 'ValidationError', Title: 'x', errors: { 1: 'Пожалуйста, введите число меньше или равное 6' } } };
    renderPage();
    const page = await screen.findByTestId('attribute-group-page');
    expect(await within(page).findByTestId('attribute-2')).toHaveValue('+7 (912) 345-67-89');
    expect(within(page).queryByTestId('attribute-4')).toBeNull();
    fireEvent.change(within(page).getByTestId('attribute-3'), { target: { value: 'other' } });
    expect(await within(page).findByTestId('attribute-4')).toBeInTheDocument();
    expect(within(page).getByLabelText('Паспорт иностранца *')).toBeInTheDocument();
    fireEvent.change(within(page).getByTestId('attribute-1'), { target: { value: '9' } });
    fireEvent.change(within(page).getByTestId('attribute-4'), { target: { value: 'X1' } });
    fireEvent.click(within(page).getByTestId('save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/profile/fields',
      body: { fields: [{ attributeId: 1, value: '9' }, { attributeId: 2, value: '+7 (912) 345-67-89' }, { attributeId: 3, value: 'other' }, { attributeId: 4, value: 'X1' }] },
    });
    expect(await within(page).findByText('Пожалуйста, введите число меньше или равное 6')).toBeInTheDocument();
  });
});
