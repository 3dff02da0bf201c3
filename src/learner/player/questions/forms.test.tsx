import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../../../tests/unit/support/renderInAdmin';
import { QuestionForm } from './index';
import { testPage } from './testPage';

// CodeMirror does not lay out in jsdom: the lazy editor becomes a textarea here
vi.mock('./CodeEditor', () => ({
  default: ({ value, onChange, readOnly, label }: { value: string; onChange: (v: string) => void; readOnly: boolean; label: string }) => (
    <textarea aria-label={label} value={value} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />
  ),
}));

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let calls: { url: string; body: unknown }[];
const base = '/api/trainings/1/exercises/5/questions';
const json = (r: Reply) => new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  replies = {
    '/api/questions/free/types': {
      status: 200,
      body: [
        { id: 2, key: 'string', label: 'Строка', contentType: '2.5.2' },
        { id: 10, key: 'text', label: 'Многострочный текст', contentType: '2.8' },
        { id: 3, key: 'integer', label: 'Целое число', contentType: '2.5.3' },
        { id: 4, key: 'float', label: 'Дробное число', contentType: '2.5.4' },
        { id: 1, key: 'date', label: 'Дата', contentType: '2.5.1' },
        { id: 5, key: 'boolean', label: 'Да или нет', contentType: '2.5.5' },
      ],
    },
  };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const r = replies[String(url)];
    return r ? json(r) : new Response(null, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const ack = (extra: Record<string, unknown> = {}) => ({ status: 200, body: { sessionId: 77, slideId: 900, saved: true, ...extra } });
const saves = () => calls.filter((c) => c.url.endsWith('/save'));

function render(page: ReturnType<typeof testPage>, readOnly = false) {
  const onSaved = vi.fn();
  const view = renderInAdmin(<QuestionForm page={page} courseId="1" exerciseId="5" readOnly={readOnly} onSaved={onSaved} />);
  return { onSaved, view };
}

const radio = (answer: unknown = null) =>
  testPage('answers-question', { question: { id: 1, label: 'Автор', text: '<p>Кто создал <b>Python</b>?<script>alert(1)</script></p>', choiceMode: 1, options: [{ id: 11, text: 'Гвидо' }, { id: 12, text: 'Деннис' }] } }, answer);

describe('choice', () => {
  it('radio: sanitised text, pre-filled, saves the chosen option and reports it acknowledged', async () => {
    replies[`${base}/answers/900/save`] = ack();
    const { onSaved } = render(radio({ optionIds: [12] }));
    expect(await screen.findByRole('radio', { name: 'Деннис' })).toBeChecked();
    expect(screen.getByTestId('question-text').innerHTML).not.toContain('script');
    expect(screen.getByTestId('question-saved')).toHaveTextContent('Ответ сохранён');
    await userEvent.click(screen.getByRole('radio', { name: 'Гвидо' }));
    expect(screen.getByTestId('question-unsaved')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(900));
    expect(saves()).toEqual([{ url: `${base}/answers/900/save`, body: { sessionId: 77, optionIds: [11] } }]);
    expect(screen.getByTestId('question-saved')).toBeInTheDocument();
  });

  it('checkboxes for several answers; read-only disables them and hides Save', async () => {
    render(testPage('answers-question', { question: { id: 2, label: 'Типы', text: '', choiceMode: 0, options: [{ id: 21, text: 'list' }, { id: 22, text: 'dict' }] } }, { optionIds: [21, 22] }), true);
    expect(await screen.findByRole('checkbox', { name: 'list' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'dict' })).toBeDisabled();
    expect(screen.queryByTestId('question-save')).toBeNull();
  });

  it('one polite live region, there before any save, says the answer was saved or why not', async () => {
    replies[`${base}/answers/900/save`] = ack();
    render(radio());
    await userEvent.click(await screen.findByRole('radio', { name: 'Гвидо' }));
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(region).toHaveTextContent('Ответ сохранён'));
    // the same region, not a new one: a screen reader follows the one it knows
    expect(screen.getByRole('status')).toBe(region);
    replies[`${base}/answers/900/save`] = { status: 400, body: { ErrorCode: '17', Title: 'x', Description: 'x' } };
    await userEvent.click(screen.getByRole('radio', { name: 'Деннис' }));
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(region).toHaveTextContent('Время, отведённое на ответ, истекло'));
    // the visible error is not a second (assertive) alert
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the spec text of an expired attempt and does not report a save', async () => {
    replies[`${base}/answers/900/save`] = { status: 400, body: { ErrorCode: '17', Title: 'x', Description: 'x' } };
    const { onSaved } = render(radio());
    await userEvent.click(await screen.findByRole('radio', { name: 'Гвидо' }));
    await userEvent.click(screen.getByTestId('question-save'));
    expect(await screen.findByTestId('question-save-error')).toHaveTextContent('Время, отведённое на ответ, истекло');
    expect(onSaved).not.toHaveBeenCalled();
    // the attempt is over: no more saves from this form
    expect(screen.getByTestId('question-save')).toBeDisabled();
  });

  it('an unknown choice mode is the spec type error', async () => {
    render(testPage('answers-question', { question: { id: 3, label: 'x', text: '', choiceMode: 7, options: [] } }));
    expect(await screen.findByTestId('question-unknown')).toHaveTextContent('Непредусмотренный тип вопроса с вариантами ответа!');
  });
});

const free = (inputType: number, answer: unknown = null, bounds = { min: null as number | null, max: null as number | null }) =>
  testPage('free-question', { question: { id: 4, label: 'Вопрос', text: '<p>Ответьте</p>', inputType, ...bounds } }, answer);

describe('free answer', () => {
  it('integer: refuses a non-integer without a call, then saves', async () => {
    replies[`${base}/free/900/save`] = ack();
    const { onSaved } = render(free(3));
    const input = await screen.findByTestId('free-answer');
    await userEvent.type(input, '8.5');
    await userEvent.click(screen.getByTestId('question-save'));
    expect(await screen.findByText('Введите целое число')).toBeInTheDocument();
    expect(saves()).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, '8');
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(900));
    expect(saves()[0].body).toEqual({ sessionId: 77, value: '8' });
  });

  it('textarea: pre-filled, a counter out of 500, capped at 500', async () => {
    render(free(10, { value: 'Функции нужны' }));
    const input = await screen.findByTestId('free-answer');
    expect(input).toHaveValue('Функции нужны');
    expect(input.tagName).toBe('TEXTAREA');
    expect(input).toHaveAttribute('maxlength', '500');
    expect(screen.getByText('13 / 500')).toBeInTheDocument();
  });

  it('float with a comma is sent with a dot; date uses a date input; boolean is yes/no', async () => {
    replies[`${base}/free/900/save`] = ack();
    const { view } = render(free(4));
    const input = await screen.findByTestId('free-answer');
    await userEvent.type(input, '3,5');
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(saves()[0]?.body).toEqual({ sessionId: 77, value: '3.5' }));
    (await view).unmount();

    render(free(1, { value: '1991-02-20' }));
    expect(await screen.findByTestId('free-answer')).toHaveAttribute('type', 'date');
    expect(screen.getByTestId('free-answer')).toHaveValue('1991-02-20');
  });

  it("shows the question's bounds in the spec's words", async () => {
    render(free(3, null, { min: 1, max: 10 }));
    await userEvent.type(await screen.findByTestId('free-answer'), '11');
    await userEvent.click(screen.getByTestId('question-save'));
    expect(await screen.findByText('Введите число меньше или равное 10')).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });

  it('a text counter counts up to the question’s own maximum', async () => {
    render(free(2, { value: 'def' }, { min: null, max: 20 }));
    expect(await screen.findByText('3 / 20')).toBeInTheDocument();
    expect(screen.getByTestId('free-answer')).toHaveAttribute('maxlength', '20');
  });

  it('boolean: pre-filled radio pair', async () => {
    render(free(5, { value: 'true' }));
    expect(await screen.findByRole('radio', { name: 'Да' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Нет' })).not.toBeChecked();
  });

  it('an input type the types call does not know is the spec type error', async () => {
    render(free(42));
    expect(await screen.findByTestId('question-unknown')).toHaveTextContent('Непредусмотренный тип вопроса со свободным ответом!');
  });

  it("a field error from the server is shown in the server's words", async () => {
    replies[`${base}/free/900/save`] = { status: 400, body: { ErrorCode: 'ValidationError', Title: 'Ошибка', Description: '', errors: { value: 'Введите целое число' } } };
    render(free(2));
    await userEvent.type(await screen.findByTestId('free-answer'), 'def');
    await userEvent.click(screen.getByTestId('question-save'));
    expect(await screen.findByTestId('question-save-error')).toHaveTextContent('Введите целое число');
  });
});

describe('matching', () => {
  it('pre-fills each option’s target and sends every option as a pair', async () => {
    replies[`${base}/matches/900/save`] = ack();
    const page = testPage('matching-question', { question: { id: 5, label: 'Типы', text: '', targets: [{ id: 31, text: 'int' }, { id: 32, text: 'str' }], options: [{ id: 41, text: '42' }, { id: 42, text: '"42"' }] } }, { pairs: [{ optionId: 41, targetId: 31 }] });
    const { onSaved } = render(page);
    expect(await screen.findByTestId('match-select-41')).toHaveTextContent('int');
    fireEvent.mouseDown(screen.getByTestId('match-select-42'));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'str' }));
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves()[0].body).toEqual({ sessionId: 77, pairs: [{ optionId: 41, targetId: 31 }, { optionId: 42, targetId: 32 }] });
  });
});

describe('sequence', () => {
  it('pre-fills the saved order; the up button reorders; Save sends the order', async () => {
    replies[`${base}/Sequences/900/save`] = ack();
    render(testPage('sequence-question', { question: { id: 6, label: 'Порядок', text: '', items: [{ id: 1, text: 'Написать' }, { id: 2, text: 'Сохранить' }, { id: 3, text: 'Запустить' }] } }, { itemIds: [2, 1, 3] }));
    const rows = await screen.findAllByTestId('sequence-item');
    expect(rows.map((r) => r.textContent)).toEqual(['1. Сохранить', '2. Написать', '3. Запустить']);
    await userEvent.click(screen.getByRole('button', { name: 'Переместить выше: Написать' }));
    expect(screen.getAllByTestId('sequence-item').map((r) => r.textContent)).toEqual(['1. Написать', '2. Сохранить', '3. Запустить']);
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(saves()[0]?.body).toEqual({ sessionId: 77, itemIds: [1, 2, 3] }));
  });
});

describe('attributes', () => {
  const page = (answer: unknown = null) =>
    testPage('attributes-question', { html: '<p>О себе</p>', attributes: [{ id: 7, label: 'Место работы', type: 1 }, { id: 8, label: 'Стаж, лет', type: 3 }, { id: 9, label: 'Студент', type: 2 }] }, answer);

  it('pre-fills by attribute id, checks the types, sends typed values', async () => {
    replies[`${base}/attributes/900/save`] = ack();
    render(page({ values: { 7: 'ELP', 9: true } }));
    expect(await screen.findByTestId('attribute-7')).toHaveValue('ELP');
    expect(screen.getByRole('checkbox', { name: 'Студент' })).toBeChecked();
    await userEvent.type(screen.getByTestId('attribute-8'), 'три');
    await userEvent.click(screen.getByTestId('question-save'));
    expect(await screen.findByText('Пожалуйста, введите целое число')).toBeInTheDocument();
    expect(saves()).toEqual([]);
    await userEvent.clear(screen.getByTestId('attribute-8'));
    await userEvent.type(screen.getByTestId('attribute-8'), '3');
    await userEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(saves()[0]?.body).toEqual({ sessionId: 77, values: { 7: 'ELP', 8: '3', 9: 'true' } }));
  });

  it('an unknown attribute type is the spec type error', async () => {
    render(testPage('attributes-question', { html: '', attributes: [{ id: 7, label: 'Скан', type: 999 }] }));
    expect(await screen.findByText('Непредусмотренный тип атрибута!')).toBeInTheDocument();
  });
});

describe('file answer', () => {
  const page = (answer: unknown = null) =>
    testPage('file-question', { html: '<p>Прикрепите файл</p>', maxFiles: 1, allowedExtensions: ['py', 'pdf'], maxFileSizeMb: 1 }, answer);

  it('shows the limits and the stored file', async () => {
    render(page({ fileIds: [5], files: [{ id: 5, name: 'main.py', size: 2048 }] }));
    const limits = await screen.findByTestId('file-limits');
    expect(limits).toHaveTextContent('Файлов не больше: 1');
    expect(limits).toHaveTextContent('.py, .pdf');
    expect(limits).toHaveTextContent('1 МБ');
    expect(within(screen.getByTestId('file-list')).getByText('main.py')).toBeInTheDocument();
    // the size in the language's unit (Intl: ru «2 кБ», a no-break space between)
    expect(screen.getByText(/^2\sкБ$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Заменить файл' })).toBeInTheDocument();
  });

  it('refuses a wrong type or a too large file before sending anything', async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    render(page());
    const input = await screen.findByTestId('file-input');
    await userEvent.upload(input, new File(['x'], 'virus.exe'), { applyAccept: false });
    expect(await screen.findByTestId('question-save-error')).toHaveTextContent('Допустимые типы файлов: py, pdf');
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 1024 * 1024 });
    await userEvent.upload(input, big, { applyAccept: false });
    expect(await screen.findByText(/^Файл big\.pdf слишком большой\. Максимальный размер: 1\sМБ$/)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();
  });
});

/** XMLHttpRequest as the upload uses it: the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('file upload', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('uploads with progress and, where several files are allowed, lists the earlier one beside it', async () => {
    const page = testPage('file-question', { html: '', maxFiles: 2, allowedExtensions: ['pdf'], maxFileSizeMb: 5 }, { fileIds: [5], files: [{ id: 5, name: 'a.pdf', size: 10 }] });
    const { onSaved } = render(page);
    await userEvent.upload(await screen.findByTestId('file-input'), new File(['%PDF'], 'b.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe(`${base}/files/900/save`);
    expect(xhr.body?.get('sessionId')).toBe('77');
    expect((xhr.body?.get('file') as File).name).toBe('b.pdf');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(await screen.findByText('Загружено 40%')).toBeInTheDocument();
    // the server adds the upload to the answer's files and answers them all: no second save
    act(() => xhr.respond(200, { sessionId: 77, slideId: 900, saved: true, files: [{ id: 5, name: 'a.pdf', size: 10 }, { id: 6, name: 'b.pdf', size: 20 }] }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(900));
    expect(saves()).toEqual([]);
    const list = screen.getByTestId('file-list');
    expect(within(list).getByText('a.pdf')).toBeInTheDocument();
    expect(within(list).getByText('b.pdf')).toBeInTheDocument();
  });

  it("a failed upload shows the spec's file-answer failure text and reports nothing", async () => {
    const { onSaved } = render(testPage('file-question', { html: '', maxFiles: 1, allowedExtensions: [], maxFileSizeMb: null }));
    await userEvent.upload(await screen.findByTestId('file-input'), new File(['x'], 'a.txt'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.respond(500, { ErrorCode: 'InternalError', Title: 'x', Description: 'x' }));
    expect(await screen.findByTestId('question-save-error')).toHaveTextContent('Не удалось сохранить ответ слайда');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('code', () => {
  const page = (answer: unknown = null) => testPage('code-question', { question: { id: 8, label: 'Сумма', text: '<p>Сложите</p>', starterCode: 'a = int(input())\n', language: 'python' } }, answer);

  it('starts from the starter code, runs the visible cases and shows each result, saves and shows the score', async () => {
    replies[`${base}/code/900/execTextCases`] = { status: 200, body: { results: [{ sequence: 1, passed: false, stdout: '23\n', stderr: '', timedOut: false }] } };
    replies[`${base}/code/900/save`] = ack({ passed: 1, total: 2 });
    const { onSaved } = render(page());
    const editor = await screen.findByRole('textbox', { name: 'Редактор кода' });
    expect(editor).toHaveValue('a = int(input())\n');
    await userEvent.click(screen.getByTestId('code-run'));
    const run = await screen.findByTestId('code-case');
    expect(run).toHaveAttribute('data-passed', 'false');
    expect(run).toHaveTextContent('Тест 1: не пройден');
    expect(run).toHaveTextContent('23');
    expect(calls.find((c) => c.url.endsWith('execTextCases'))?.body).toEqual({ sessionId: 77, code: 'a = int(input())\n' });
    await userEvent.click(screen.getByTestId('question-save'));
    expect(await screen.findByTestId('code-score')).toHaveTextContent('Пройдено тестов: 1 из 2');
    expect(onSaved).toHaveBeenCalledWith(900);
  });

  it('pre-fills the saved code and its result', async () => {
    render(page({ code: 'print(5)', passed: 2, total: 2 }));
    expect(await screen.findByRole('textbox', { name: 'Редактор кода' })).toHaveValue('print(5)');
    expect(screen.getByTestId('code-score')).toHaveTextContent('Пройдено тестов: 2 из 2');
  });
});

describe('kinds', () => {
  it('a reload that brings a newer saved answer pre-fills the form again', async () => {
    function Reloading() {
      const [page, setPage] = useState(radio());
      return (
        <>
          <button onClick={() => setPage(radio({ optionIds: [12] }))}>reload</button>
          <QuestionForm page={page} courseId="1" exerciseId="5" readOnly={false} onSaved={() => undefined} />
        </>
      );
    }
    await renderInAdmin(<Reloading />);
    expect(await screen.findByRole('radio', { name: 'Деннис' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'reload' }));
    expect(await screen.findByRole('radio', { name: 'Деннис' })).toBeChecked();
    expect(screen.getByTestId('question-saved')).toBeInTheDocument();
  });

  it('a slide kind without a form is the spec type error', async () => {
    render(testPage('video', {}));
    expect(await screen.findByTestId('question-unknown')).toHaveTextContent('Непредусмотренный тип вопроса!');
  });
});
