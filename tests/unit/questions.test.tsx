import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionRoutes } from '../../src/resources/questions';
import { QuestionBanks } from '../../src/resources/questions/list/QuestionBanks';
import { questionsEn, questionsRu } from '../../src/resources/questions/i18n';
import { catalogueKeys } from '../../src/i18n/catalogue';
import './support/cleanup';

/** Question-bank screens: list states per tab, forms sending the spec's calls, run all tests, the import's bad rows. */
vi.setConfig({ testTimeout: 30_000 });
const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };

type Answer = { status?: number; json?: unknown };
function mockFetch(route: (url: string, init?: RequestInit) => Answer) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status = 200, json } = route(String(input), init);
    return new Response(json === undefined ? '' : JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderAt(path: string) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/resources" element={<QuestionBanks />} />
          {questionRoutes.map(([p, Page]) => (
            <Route key={p} path={`/resources/${p}`} element={<Page />} />
          ))}
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const list = (result: unknown[]) => ({ json: { result, metadata: { filteredRecords: result.length } } });
const closed = { id: 5, label: 'Столица Франции', text: '<p>?</p>', courseId: null, choiceMode: 1, options: [{ id: 1, text: 'Париж', correct: true, sequence: 1 }, { id: 2, text: 'Лион', correct: false, sequence: 2 }] };
const programs = { json: [{ id: 3, label: 'Python' }] };

describe('catalogue', () => {
  it('has the same keys in Russian and English', () => {
    expect(catalogueKeys(questionsEn)).toEqual(catalogueKeys(questionsRu));
  });
});

describe('/resources lists', () => {
  it('shows loading, then the closed questions with their actions', async () => {
    mockFetch((url) => (url.includes('/api/instructors/courses') ? programs : list([closed])));
    renderAt('/resources');
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    expect(await screen.findByText('Столица Франции')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'resources.questions.actions.answers' })).toHaveAttribute('href', '/resources/closed-questions/5/answers');
  });

  it('shows the empty state of each tab and calls its list', async () => {
    const fetch = mockFetch((url) => (url.includes('/api/instructors/courses') ? programs : list([])));
    renderAt('/resources');
    expect(await screen.findByTestId('empty')).toHaveTextContent('resources.questions.messages.empty_closed');
    fireEvent.click(screen.getByTestId('tab-code'));
    expect(await screen.findByTestId('empty')).toHaveTextContent('resources.questions.messages.empty_code');
    expect(fetch.mock.calls.some(([u, init]) => String(u).startsWith('/api/questions/code/list') && init?.method === 'POST')).toBe(true);
    expect(sessionStorage.getItem('elp_resources_tab')).toBe('code');
  });

  it('shows the error state and retries', async () => {
    const fetch = mockFetch((url) => (url.includes('/api/instructors/courses') ? programs : { status: 500, json: { ErrorCode: 'InternalError', Title: 'Ошибка сервера' } }));
    renderAt('/resources?tab=sequence');
    expect(await screen.findByTestId('load-error', {}, { timeout: 10_000 })).toHaveTextContent('Ошибка сервера');
    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'resources.questions.actions.retry' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });

  it('shows where a question is used', async () => {
    mockFetch((url) => {
      if (url.includes('/api/instructors/courses')) return programs;
      if (url.includes('/used')) return { json: { used: true, slides: [{ slideId: 9, slideLabel: 'Слайд 1', exerciseId: 4, exerciseLabel: 'Тест', lessonId: 2, lessonLabel: 'Урок', programId: 3, programLabel: 'Python' }] } };
      return list([closed]);
    });
    renderAt('/resources');
    fireEvent.click(await screen.findByTestId('where-used'));
    const used = await screen.findByTestId('where-used-list');
    expect(used).toHaveTextContent('Python / Урок / Тест');
  });

  it('shows the server text when a question in use cannot be deleted', async () => {
    mockFetch((url, init) => {
      if (url.includes('/api/instructors/courses')) return programs;
      if (init?.method === 'DELETE') return { status: 409, json: { ErrorCode: 'QuestionInUse', Title: 'Вопрос используется на слайдах (1) и не может быть удалён', Description: 'Python / Урок' } };
      return list([closed]);
    });
    renderAt('/resources');
    fireEvent.click(await screen.findByTestId('delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(screen.getByText(/не может быть удалён/)).toBeInTheDocument());
  });
});

describe('closed questions', () => {
  it('creates a question with its options and goes to its answers', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.includes('/api/instructors/courses')) return programs;
      if (url === '/api/questions/answers' && init?.method === 'POST') return { status: 201, json: closed };
      return { json: closed };
    });
    renderAt('/resources/closed-questions/create');
    fireEvent.change(await screen.findByLabelText(/resources.questions.fields.label/), { target: { value: 'Столица Франции' } });
    const texts = screen.getAllByLabelText(/resources.questions.fields.optionText/);
    fireEvent.change(texts[0], { target: { value: 'Париж' } });
    fireEvent.change(texts[1], { target: { value: 'Лион' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/answers' && i?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u, i]) => u === '/api/questions/answers' && i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ label: 'Столица Франции', courseId: null, options: [{ text: 'Париж', correct: true }, { text: 'Лион', correct: false }] });
    expect(await screen.findByTestId('answers')).toHaveTextContent('Париж');
  });

  it('refuses an empty title without calling the server', async () => {
    const fetch = mockFetch((url) => (url.includes('/api/instructors/courses') ? programs : { json: closed }));
    renderAt('/resources/closed-questions/create');
    fireEvent.click(await screen.findByTestId('save'));
    await waitFor(() => expect(screen.getAllByText('ra.validation.required').length).toBeGreaterThan(0));
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(false);
  });

  it('moves an option up with the sequence call', async () => {
    const fetch = mockFetch((url) => (url.includes('/sequence/') ? { json: closed.options } : { json: closed }));
    renderAt('/resources/closed-questions/5/answers');
    const rows = within(await screen.findByTestId('answers')).getAllByRole('row');
    fireEvent.click(within(rows[2]).getByRole('button', { name: 'resources.questions.actions.up' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/5/answers/2/sequence/1' && i?.method === 'POST')).toBe(true));
  });
});

describe('free questions', () => {
  it('previews the typed input as the student sees it', async () => {
    mockFetch((url) => (url.includes('/api/instructors/courses') ? programs : { json: { id: 8, label: 'Сумма', text: '', courseId: null, inputType: 3, correctValues: ['5'], caseSensitive: false, min: null, max: null } }));
    renderAt('/resources/free-questions/8/edit');
    const preview = await screen.findByTestId('free-preview');
    expect(within(preview).getByRole('spinbutton')).toBeInTheDocument();
    expect(preview).toHaveTextContent('resources.questions.preview.integer');
  });
});

describe('code questions', () => {
  const code = {
    id: 11, label: 'Сумма', text: '', courseId: null, code: 'print(1)', language: 'python',
    files: [{ id: 40, name: 'data.txt', size: 5, mime: 'text/plain' }],
    testCases: [{ id: 1, inputValues: '1 2', outputValue: '3', sequence: 1, isHidden: false }],
  };

  it('runs all test cases of the form and shows each result', async () => {
    const fetch = mockFetch((url) => {
      if (url.includes('/api/instructors/courses')) return programs;
      if (url.includes('execAllTextCases')) {
        return { json: { passed: 0, total: 1, results: [{ sequence: 1, passed: false, stdout: '1\n', stderr: '', timedOut: false, exitCode: 0, outputTruncated: false, durationMs: 90, inputValues: '1 2', outputValue: '3' }] } };
      }
      return { json: code };
    });
    renderAt('/resources/code-questions/11/edit');
    fireEvent.click(await screen.findByTestId('run-all-tests'));
    const result = await screen.findByTestId('result-1');
    expect(result).toHaveTextContent('resources.questions.run.failed');
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('execAllTextCases'))!;
    const body = init!.body as FormData;
    expect(body.get('questionId')).toBe('11');
    expect(body.get('code')).toBe('print(1)');
    expect(JSON.parse(String(body.get('testCases')))).toEqual([{ inputValues: '1 2', outputValue: '3', sequence: 1, isHidden: false }]);
  });

  it('saves as a multipart form; a removed file is left out of FilesId', async () => {
    const fetch = mockFetch((url) => (url.includes('/api/instructors/courses') ? programs : { json: code }));
    renderAt('/resources/code-questions/11/edit');
    const files = await screen.findByTestId('saved-files');
    fireEvent.click(within(files).getByRole('button', { name: 'resources.questions.actions.removeFile' }));
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/questions/code/11/Edit');
    const body = init!.body as FormData;
    expect(body.getAll('FilesId')).toEqual(['']);
    expect(body.get('label')).toBe('Сумма');
    expect(body.get('CourseId')).toBe('');
  });
});

describe('import', () => {
  it('lists bad rows by number after the upload', async () => {
    mockFetch((url) => {
      if (url.includes('/api/instructors/courses')) return programs;
      if (url.includes('/list')) return list([]);
      return { json: { id: 3, lessons: [{ id: 2, label: 'Урок', exercises: [{ id: 4, label: 'Тест', kind: 'presentation' }] }] } };
    });
    class FakeXhr {
      status = 400;
      responseText = JSON.stringify({ ErrorCode: 'ImportValidation', Title: 'Вопросы не загружены', rows: [{ row: 3, messages: ['Название: не заполнено'] }] });
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      withCredentials = false;
      url = '';
      open(_m: string, url: string) { this.url = url; }
      setRequestHeader() {}
      send() {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt('/resources');
    fireEvent.click(await screen.findByTestId('open-import'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('download-template')).toHaveAttribute('href', '/api/Instructors/Templates/GetLoadQuestionsTemplate');
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Python' }));
    await waitFor(() => expect(within(dialog).getAllByRole('combobox')[1]).not.toHaveAttribute('aria-disabled', 'true'));
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1]);
    fireEvent.click(await screen.findByRole('option', { name: 'Урок / Тест' }));
    fireEvent.change(within(dialog).getByTestId('import-file'), { target: { files: [new File(['x'], 'q.xlsx')] } });
    fireEvent.click(within(dialog).getByTestId('start-import'));
    const rows = await within(dialog).findByTestId('import-rows');
    expect(rows).toHaveTextContent('Вопросы не загружены');
    expect(rows).toHaveTextContent('resources.questions.import.row');
    expect(rows).toHaveTextContent('Название: не заполнено');
  });
});
