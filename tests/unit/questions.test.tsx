import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionBanks } from '../../shared/resources/questions';
import { dataProvider } from '../../src/dataProvider';
import { catalogueKeys } from '../../src/i18n/catalogue';
import { questionBankRoutes } from '../../src/resources/questions';
import { questionBankResourcesEn, questionBankResourcesRu, questionBanksEn, questionBanksRu } from '../../src/resources/questions/i18n';
import { bankSegments, questionBankRoutePaths } from '../../src/resources/questions/paths';
import './support/cleanup';

/**
 * Question-bank screens on the declared resources (react-admin List/Create/Edit through the
 * app's dataProvider onto the spec's calls): list states per tab, filters, forms sending the
 * spec's calls, run all tests, the import's bad rows.
 */
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
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Routes>
          {questionBankRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
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
const isPrograms = (url: string) => url.startsWith('/api/instructors/courses');

describe('catalogue and routes', () => {
  it('has the same keys in Russian and English', () => {
    expect(catalogueKeys(questionBanksEn)).toEqual(catalogueKeys(questionBanksRu));
    expect(catalogueKeys(questionBankResourcesEn)).toEqual(catalogueKeys(questionBankResourcesRu));
  });

  it('serves every screen path the app registers, each kind under its resource name', () => {
    expect(questionBankRoutes.map((r) => r.path).sort()).toEqual([...questionBankRoutePaths].sort());
    for (const [kind, segment] of Object.entries(bankSegments)) expect(questionBanks[kind as keyof typeof bankSegments].name).toBe(segment);
    expect(questionBankRoutePaths.every((p) => p === '/resources' || p.startsWith('/resources/'))).toBe(true);
  });
});

describe('/resources lists', () => {
  it('shows loading, then the closed questions with their actions', async () => {
    mockFetch((url) => (isPrograms(url) ? programs : list([closed])));
    renderAt('/resources');
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    expect(await screen.findByText('Столица Франции')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'questionBanks.actions.answers' })).toHaveAttribute('href', '/resources/closed-questions/5/answers');
    expect(screen.getByRole('link', { name: 'Столица Франции' })).toHaveAttribute('href', '/resources/closed-questions/5/edit');
  });

  it('shows the empty state of each tab and calls its list', async () => {
    const fetch = mockFetch((url) => (isPrograms(url) ? programs : list([])));
    renderAt('/resources');
    expect(await screen.findByTestId('empty')).toHaveTextContent('questionBanks.messages.empty_closed');
    fireEvent.click(screen.getByTestId('tab-code'));
    expect(await screen.findByTestId('empty')).toHaveTextContent('questionBanks.messages.empty_code');
    expect(fetch.mock.calls.some(([u, init]) => String(u).startsWith('/api/questions/code/list') && init?.method === 'POST')).toBe(true);
    expect(sessionStorage.getItem('elp_resources_tab')).toBe('code');
  });

  it('searches by title and filters by program through the list call (the program as courseId)', async () => {
    const fetch = mockFetch((url) => (isPrograms(url) ? programs : list([closed])));
    renderAt('/resources?tab=free');
    await screen.findByText('Столица Франции');
    fireEvent.change(screen.getByPlaceholderText('ra.action.search'), { target: { value: 'Сумма' } });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).startsWith('/api/questions/free/list?') && String(u).includes('search=%D0%A1%D1%83%D0%BC%D0%BC%D0%B0'))).toBe(true), { timeout: 5000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /questionBanks.filters.program/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Python' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('courseId=3') && String(u).includes('search='))).toBe(true), { timeout: 5000 });
  });

  it('shows the error state and retries', async () => {
    const fetch = mockFetch((url) => (isPrograms(url) ? programs : { status: 500, json: { ErrorCode: 'InternalError', Title: 'Ошибка сервера' } }));
    renderAt('/resources?tab=sequence');
    expect(await screen.findByTestId('load-error', {}, { timeout: 10_000 })).toHaveTextContent('Ошибка сервера');
    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'app.common.retry' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });

  it('shows where a question is used', async () => {
    mockFetch((url) => {
      if (isPrograms(url)) return programs;
      if (url.includes('/used')) return { json: { used: true, slides: [{ slideId: 9, slideLabel: 'Слайд 1', exerciseId: 4, exerciseLabel: 'Тест', lessonId: 2, lessonLabel: 'Урок', programId: 3, programLabel: 'Python' }] } };
      return list([closed]);
    });
    renderAt('/resources');
    fireEvent.click(await screen.findByTestId('where-used'));
    const used = await screen.findByTestId('where-used-list');
    expect(used).toHaveTextContent('Python / Урок / Тест');
  });

  it('shows the server text when a question in use cannot be deleted', async () => {
    const fetch = mockFetch((url, init) => {
      if (isPrograms(url)) return programs;
      if (init?.method === 'DELETE') return { status: 409, json: { ErrorCode: 'QuestionInUse', Title: 'Вопрос используется на слайдах (1) и не может быть удалён', Description: 'Python / Урок' } };
      return list([closed]);
    });
    renderAt('/resources');
    fireEvent.click(await screen.findByTestId('delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'ra.action.confirm' }));
    await waitFor(() => expect(screen.getByText(/не может быть удалён\. Python \/ Урок/)).toBeInTheDocument());
    expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/answers/5/Drop' && i?.method === 'DELETE')).toBe(true);
  });
});

describe('closed questions', () => {
  it('creates a question with its options and goes to its answers', async () => {
    const fetch = mockFetch((url, init) => {
      if (isPrograms(url)) return programs;
      if (url === '/api/questions/answers' && init?.method === 'POST') return { status: 201, json: closed };
      if (url === '/api/questions/answers/5/options') return { json: closed.options };
      return { json: closed };
    });
    renderAt('/resources/closed-questions/create');
    fireEvent.change(await screen.findByLabelText(/questionBanks.fields.label/), { target: { value: 'Столица Франции' } });
    const texts = screen.getAllByLabelText(/questionBanks.fields.optionText/);
    fireEvent.change(texts[0], { target: { value: 'Париж' } });
    fireEvent.change(texts[1], { target: { value: 'Лион' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/answers' && i?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u, i]) => u === '/api/questions/answers' && i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ label: 'Столица Франции', courseId: null, options: [{ text: 'Париж', correct: true }, { text: 'Лион', correct: false }] });
    expect(await screen.findByTestId('answers')).toHaveTextContent('Париж');
  });

  it('refuses an empty title without calling the server', async () => {
    const fetch = mockFetch((url) => (isPrograms(url) ? programs : { json: closed }));
    renderAt('/resources/closed-questions/create');
    fireEvent.click(await screen.findByTestId('save'));
    await waitFor(() => expect(screen.getAllByText('ra.validation.required').length).toBeGreaterThan(0));
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(false);
  });

  it('edits the question itself with PUT, without its answers', async () => {
    const fetch = mockFetch((url) => (isPrograms(url) ? programs : { json: closed }));
    renderAt('/resources/closed-questions/5/edit');
    fireEvent.change(await screen.findByDisplayValue('Столица Франции'), { target: { value: 'Столица' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/answers/5' && i?.method === 'PUT')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u, i]) => u === '/api/questions/answers/5' && i?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toEqual({ label: 'Столица', text: '<p>?</p>', courseId: null, choiceMode: 1 });
  });

  it('shows that a question is gone (404) in place', async () => {
    mockFetch((url) => (isPrograms(url) ? programs : { status: 404, json: { ErrorCode: 'QuestionNotFound', Title: 'Вопрос не найден' } }));
    renderAt('/resources/closed-questions/99/edit');
    expect(await screen.findByTestId('load-error')).toHaveTextContent('questionBanks.messages.notFound');
  });

  it('moves an option up with the sequence call', async () => {
    const fetch = mockFetch((url) => (url.includes('/sequence/') || url.endsWith('/options') ? { json: closed.options } : { json: closed }));
    renderAt('/resources/closed-questions/5/answers');
    const rows = within(await screen.findByTestId('answers')).getAllByRole('row');
    fireEvent.click(within(rows[2]).getByRole('button', { name: 'questionBanks.actions.up' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/5/answers/2/sequence/1' && i?.method === 'POST')).toBe(true));
  });

  it('adds an answer to the question of the route and goes back to its answers', async () => {
    const fetch = mockFetch((url, init) => {
      if (init?.method === 'POST') return { status: 201, json: { id: 3, text: 'Марсель', correct: false, sequence: 3 } };
      return url.endsWith('/options') ? { json: closed.options } : { json: closed };
    });
    renderAt('/resources/closed-questions/5/answer/create');
    fireEvent.change(await screen.findByLabelText(/questionBanks.fields.optionText/), { target: { value: 'Марсель' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/5/Options/Create' && i?.method === 'POST')).toBe(true));
    expect(await screen.findByTestId('answers')).toBeInTheDocument();
  });
});

describe('free questions', () => {
  const free = { id: 8, label: 'Сумма', text: '', courseId: null, inputType: 3, correctValues: ['5'], caseSensitive: false, min: null, max: null };

  it('previews the typed input as the student sees it', async () => {
    mockFetch((url) => (isPrograms(url) ? programs : { json: free }));
    renderAt('/resources/free-questions/8/edit');
    const preview = await screen.findByTestId('free-preview');
    expect(within(preview).getByRole('spinbutton')).toBeInTheDocument();
    expect(preview).toHaveTextContent('questionBanks.preview.integer');
  });

  it('sends the accepted answers typed one per line as a list, and refuses one of the wrong type at that box', async () => {
    const fetch = mockFetch((url) => (isPrograms(url) ? programs : { json: free }));
    renderAt('/resources/free-questions/8/edit');
    const answers = await screen.findByLabelText(/questionBanks.fields.correctValues/);
    fireEvent.change(answers, { target: { value: '5\nпять' } });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('questionBanks.validation.valueOfType')).toBeInTheDocument();
    fireEvent.change(answers, { target: { value: '5\n\n 6 ' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => u === '/api/questions/free/8' && i?.method === 'PUT')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u, i]) => u === '/api/questions/free/8' && i?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ inputType: 3, correctValues: ['5', '6'], min: null, max: null });
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
      if (isPrograms(url)) return programs;
      if (url.includes('execAllTextCases')) {
        return { json: { passed: 0, total: 1, results: [{ sequence: 1, passed: false, stdout: '1\n', stderr: '', timedOut: false, exitCode: 0, outputTruncated: false, durationMs: 90, inputValues: '1 2', outputValue: '3' }] } };
      }
      return { json: code };
    });
    renderAt('/resources/code-questions/11/edit');
    fireEvent.click(await screen.findByTestId('run-all-tests'));
    const result = await screen.findByTestId('result-1');
    expect(result).toHaveTextContent('questionBanks.run.failed');
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('execAllTextCases'))!;
    const body = init!.body as FormData;
    expect(body.get('questionId')).toBe('11');
    expect(body.get('code')).toBe('print(1)');
    expect(JSON.parse(String(body.get('testCases')))).toEqual([{ inputValues: '1 2', outputValue: '3', sequence: 1, isHidden: false }]);
  });

  it('saves as a multipart form; a removed file is left out of FilesId', async () => {
    const fetch = mockFetch((url) => (isPrograms(url) ? programs : { json: code }));
    renderAt('/resources/code-questions/11/edit');
    const files = await screen.findByTestId('saved-files');
    fireEvent.click(within(files).getByRole('button', { name: 'questionBanks.actions.removeFile' }));
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/questions/code/11/Edit');
    const body = init!.body as FormData;
    expect(body.getAll('FilesId')).toEqual(['']);
    expect(body.get('label')).toBe('Сумма');
    expect(body.get('CourseId')).toBe('');
  });

  it('shows the server refusing a file name next to the files', async () => {
    mockFetch((url, init) => {
      if (isPrograms(url)) return programs;
      if (init?.method === 'PUT') return { status: 400, json: { ErrorCode: 'ValidationError', Title: 'Ошибка', errors: { Files: 'Файл data.txt уже есть' } } };
      return { json: code };
    });
    renderAt('/resources/code-questions/11/edit');
    fireEvent.click(await screen.findByTestId('save'));
    expect(await screen.findByText('Файл data.txt уже есть')).toBeInTheDocument();
  });
});

describe('import', () => {
  it('lists bad rows by number after the upload', async () => {
    mockFetch((url) => {
      if (isPrograms(url)) return programs;
      if (url.includes('/list')) return list([]);
      return { json: { id: 3, lessons: [{ id: 2, label: 'Урок', exercises: [{ id: 4, label: 'Тест', kind: 'presentation' }] }] } };
    });
    let uploadedTo = '';
    class FakeXhr {
      status = 400;
      responseText = JSON.stringify({ ErrorCode: 'ImportValidation', Title: 'Вопросы не загружены', rows: [{ row: 3, messages: ['Название: не заполнено'] }] });
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      withCredentials = false;
      open(_m: string, url: string) { uploadedTo = url; }
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
    expect(rows).toHaveTextContent('questionBanks.import.row');
    expect(rows).toHaveTextContent('Название: не заполнено');
    expect(uploadedTo).toBe('/api/instructors/Courses/3/Exercises/4/Pages/LoadQuestions');
  });
});
