import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { slideRoutes, slidesEn, slidesRu } from '../../src/resources/slides';
import { parseFontSize } from '../../src/resources/slides/RichTextEditor';
import { formValuesOf } from '../../src/resources/slides/SlideScreens';
import { catalogueKeys } from '../../src/i18n/catalogue';
import { EDITOR_FONT_SIZE } from '../../shared/slides';
import './support/cleanup';
import { mockFetch } from './support/mockFetch';

/** Slide screens: list states, typed and generic routes, the code-question form, font sizes. */
vi.setConfig({ testTimeout: 30_000 });
const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };


function renderAt(path: string, entries: string[] = [path]) {
  return render(
    <TestMemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <AdminContext i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/back" element={<div data-testid="went-back" />} />
          {slideRoutes.map(([p, Page]) => (
            <Route key={p} path={`/programs/${p}`} element={<Page />} />
          ))}
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const slide = (id: number, type: string, label: string) => ({
  id, exerciseId: 3, sequence: id, type, apiKind: 'Content', contentKind: 1, pageType: 1, label, duration: null, required: false,
  downloadPermission: false, maxScore: 1, page: null, question: null, html: '<p>x</p>', description: null, address: null, fileId: null,
  file: null, attributeIds: [], maxFiles: null, allowedExtensions: [], maxFileSizeMb: null, link: null, videoId: null,
});
const LIST = '/programs/1/2/3/slides';

describe('slide list', () => {
  it('shows the slides in order with their kinds', async () => {
    mockFetch(() => ({ json: { result: [slide(1, 'content', 'Введение'), slide(2, 'video', 'Ролик')], metadata: { filteredRecords: 2 } } }));
    renderAt(LIST);
    const rows = await screen.findAllByTestId('slide-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Введение'), expect.stringContaining('Ролик')]);
    expect(rows[1]).toHaveTextContent('resources.slides.kinds.video');
  });

  it('has a loading state', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    renderAt(LIST);
    expect(await screen.findByTestId('loading')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    mockFetch(() => ({ json: { result: [], metadata: { filteredRecords: 0 } } }));
    renderAt(LIST);
    expect(await screen.findByTestId('empty')).toHaveTextContent('resources.slides.empty');
  });

  it('has an error state with retry', async () => {
    let fail = true;
    mockFetch(() => (fail ? { status: 500, json: { ErrorCode: 'InternalError', Title: 'x' } } : { json: { result: [slide(1, 'content', 'A')], metadata: { filteredRecords: 1 } } }));
    renderAt(LIST);
    const error = await screen.findByTestId('load-error', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(error.querySelector('button')!);
    expect(await screen.findByTestId('slide-row')).toBeInTheDocument();
  });

  it('offers every kind in the add menu', async () => {
    mockFetch(() => ({ json: { result: [], metadata: { filteredRecords: 0 } } }));
    renderAt(LIST);
    fireEvent.click(await screen.findByText('resources.slides.add'));
    expect(screen.getAllByRole('menuitem')).toHaveLength(14);
    expect(screen.getByText('resources.slides.kinds.code-question').closest('a')).toHaveAttribute('href', `${LIST}/code-question/create`);
  });
});

describe('slide forms', () => {
  it('the code-question screen is titled after its kind and requires the question', async () => {
    const fetch = mockFetch((url) => (url.includes('/questions/types/code') ? { json: [{ id: 5, label: 'Эхо', programId: 1 }] } : { status: 404, json: {} }));
    renderAt(`${LIST}/code-question/create`);
    expect(await screen.findByRole('heading', { name: 'resources.slides.kinds.code-question' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    await waitFor(() => expect(screen.getAllByText('ra.validation.required').length).toBeGreaterThan(0));
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });

  it('the code-question edit saves with PUT, toasts and goes back one step', async () => {
    const record = { ...slide(9, 'code-question', 'Код'), apiKind: 'Code', page: 5, question: { id: 5, label: 'Эхо' } };
    const fetch = mockFetch((url, init) => {
      if (url.includes('/questions/types/')) return { json: [{ id: 5, label: 'Эхо', programId: 1 }] };
      if (init?.method === 'PUT') return { json: record };
      return { json: record };
    });
    renderAt(`${LIST}/code-question/9/edit`, ['/back', `${LIST}/code-question/9/edit`]);
    expect(await screen.findByDisplayValue('Код')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    expect(await screen.findByTestId('went-back')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/instructors/Exercises/3/Pages/9/Edit/Code');
    expect(JSON.parse(String((put[1] as RequestInit).body))).toMatchObject({ label: 'Код', page: 5 });
  });

  it('the generic routes take the kind from the path; an unknown kind says so', async () => {
    mockFetch(() => ({ json: {} }));
    renderAt(`${LIST}/web/create`);
    expect(await screen.findByTestId('slide-form-web')).toBeInTheDocument();
  });

  it('an unknown kind shows the spec’s message', async () => {
    mockFetch(() => ({ json: {} }));
    renderAt(`${LIST}/hologram/create`);
    expect(await screen.findByTestId('slide-unknown-kind')).toHaveTextContent('resources.slides.unknownKind');
  });

  it('form values keep only the kind’s fields, without nulls', () => {
    const v = formValuesOf('video', { ...slide(1, 'video', 'V'), fileId: 4, file: { id: 4, name: 'a.mp4', mime: 'video/mp4', size: 1, address: '/api/files/4' } } as never);
    expect(v).toMatchObject({ label: 'V', fileId: 4, downloadPermission: false, required: false });
    expect(v).not.toHaveProperty('description');
    expect(v).not.toHaveProperty('html');
  });
});

describe('editor font sizes (spec 2 §6)', () => {
  it('accepts integers 1..72 only; presets and default as the spec lists them', () => {
    expect(EDITOR_FONT_SIZE.presets).toEqual([8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 36, 48, 72]);
    expect(EDITOR_FONT_SIZE.default).toBe(16);
    expect([1, '72', '16px', 36].map(parseFontSize)).toEqual([1, 72, 16, 36]);
    expect([0, 73, 1.5, 'abc', '', null].map(parseFontSize)).toEqual([null, null, null, null, null, null]);
  });
});

describe('catalogue', () => {
  it('ru and en have the same keys', () => {
    expect(catalogueKeys(slidesEn)).toEqual(catalogueKeys(slidesRu));
  });
});
