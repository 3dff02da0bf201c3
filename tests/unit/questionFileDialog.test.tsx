import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispositionName } from '../../src/http/download';
import { QuestionFileDialog } from '../../src/resources/questions/files/QuestionFileDialog';
import { renderInAdmin } from './support/renderInAdmin';

/**
 * The question bank's file dialogs (issue 30): the export's format choice reaches the call and
 * the file is saved under the server's name; the import's report lists format, counts,
 * categories and notes, and its heading takes focus.
 */
vi.setConfig({ testTimeout: 30_000 });
const programs = [{ id: 3, label: 'Python' }];
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // jsdom has no object URLs; the export test adds them
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

async function chooseProgram(dialog: HTMLElement) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Program' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Python' }));
}

describe('export', () => {
  it('offers the three formats and downloads the chosen one under the server name', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        if (url.startsWith('/api/instructors/courses')) return new Response(JSON.stringify(programs), { headers: { 'content-type': 'application/json' } });
        return new Response('<quiz/>', {
          headers: { 'content-type': 'application/xml', 'content-disposition': `attachment; filename="questions.xml"; filename*=UTF-8''${encodeURIComponent('Питон.xml')}`, 'x-not-exported': '2' },
        });
      }),
    );
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    await renderInAdmin(<QuestionFileDialog mode="export" open onClose={() => undefined} />, { lang: 'en' });
    const dialog = await screen.findByRole('dialog', { name: 'Export the question bank to a file' });
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeDisabled();
    await chooseProgram(dialog);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Format' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['GIFT', 'Moodle XML', 'QTI 2.1']);
    fireEvent.click(screen.getByRole('option', { name: 'QTI 2.1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    const done = await within(dialog).findByTestId('file-exported');
    expect(urls).toContain('/api/questions/files/export/3?format=qti');
    expect(saved).toBe('Питон.xml');
    expect(created).toHaveBeenCalled();
    expect(done).toHaveTextContent('2 questions could not be carried by the format');
  });
});

describe('import', () => {
  it('uploads the file to the program and shows the report, focusing its heading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(programs), { headers: { 'content-type': 'application/json' } })),
    );
    let uploadedTo = '';
    const answer = {
      imported: 3,
      questions: [],
      format: 'moodle',
      categories: [{ name: 'Geography', count: 2 }, { name: 'Maths', count: 2 }],
      notes: [
        { number: 2, title: 'Essay on rivers', kept: false, reason: 'Essay questions are not supported' },
        { number: 4, title: 'Capital', kept: true, reason: 'The general feedback was not imported' },
      ],
    };
    class FakeXhr {
      status = 200;
      responseText = JSON.stringify(answer);
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      withCredentials = false;
      open(_m: string, url: string) {
        uploadedTo = url;
      }
      setRequestHeader() {}
      send() {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await renderInAdmin(<QuestionFileDialog mode="import" open onClose={() => undefined} />, { lang: 'en' });
    const dialog = await screen.findByRole('dialog', { name: 'Import questions from a file' });
    await chooseProgram(dialog);
    const input = within(dialog).getByTestId('file-import-input');
    expect(input.getAttribute('accept')).toMatch(/\.gift.*\.txt.*\.xml.*\.zip.*\.xlsx/);
    fireEvent.change(input, { target: { files: [new File(['<quiz/>'], 'quiz.xml')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const heading = await within(dialog).findByRole('heading', { name: 'Import report' });
    expect(uploadedTo).toBe('/api/questions/files/import/3');
    await waitFor(() => expect(heading).toHaveFocus());
    const report = within(dialog).getByTestId('file-import-report');
    expect(report).toHaveTextContent('File format: Moodle XML');
    expect(report).toHaveTextContent('3 questions imported');
    expect(report).toHaveTextContent('1 question not imported');
    const categories = within(report).getByRole('list', { name: 'Categories in the file' });
    expect(within(categories).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Geography2 questions', 'Maths2 questions']);
    const notes = within(report).getByRole('list', { name: 'Notes' });
    const items = within(notes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Question 2 “Essay on rivers” was not imported');
    expect(items[0]).toHaveTextContent('Essay questions are not supported');
    expect(items[1]).toHaveTextContent('Question 4 “Capital” was imported without some parts');
    // the same file is not imported twice by a second click
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});

describe('dispositionName', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(dispositionName(`attachment; filename="q.gift"; filename*=UTF-8''%D0%91%D0%B0%D0%BD%D0%BA.gift`)).toBe('Банк.gift');
    expect(dispositionName('attachment; filename="q.gift"')).toBe('q.gift');
    expect(dispositionName(null)).toBeUndefined();
  });
});
