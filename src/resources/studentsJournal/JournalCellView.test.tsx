import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
import { formatDateTime } from '../../ui/dates';
import { JournalCellView } from './JournalCellView';

describe('a journal cell', () => {
  it('a failed SCORM result without a score reads failed; a completed one reads completed', async () => {
    await renderInAdmin(
      <>
        <span data-testid="failed"><JournalCellView cell={{ status: 4, score: null, failed: true }} /></span>
        <span data-testid="done"><JournalCellView cell={{ status: 4, score: null }} /></span>
      </>,
    );
    expect(screen.getByTestId('failed')).toHaveTextContent('Не пройдено');
    expect(screen.getByTestId('failed').firstElementChild).toHaveAttribute('data-failed', 'true');
    expect(screen.getByTestId('done')).toHaveTextContent('Завершено');
    expect(screen.getByTestId('done').firstElementChild).not.toHaveAttribute('data-failed');
  });

  it('a failed result with a score shows the score, marked failed (in English too)', async () => {
    await renderInAdmin(<span data-testid="cell"><JournalCellView cell={{ status: 4, score: 40, failed: true }} /></span>, { lang: 'en' });
    expect(screen.getByTestId('cell')).toHaveTextContent('40');
    expect(screen.getByTestId('cell').firstElementChild).toHaveAttribute('data-failed', 'true');
    // read beside the score (no aria-label on a plain span: ARIA forbids it there)
    expect(screen.getByTestId('cell')).toHaveTextContent('40 (Failed)');
    expect(screen.getByTestId('cell').firstElementChild).not.toHaveAttribute('aria-label');
  });

  it('an answer sent late after a connection loss marks the cell with when it was made, in the UI language', async () => {
    const at = '2027-03-15T10:05:00.000Z';
    await renderInAdmin(
      <>
        <span data-testid="late"><JournalCellView cell={{ status: 1, score: null, sentLateAt: at }} /></span>
        <span data-testid="plain"><JournalCellView cell={{ status: 1, score: null }} /></span>
      </>,
    );
    const mark = screen.getByTestId('journal-cell-sent-late');
    const note = `Отправлен позже, после потери связи; ответ дан ${formatDateTime(at, 'ru')}`;
    expect(formatDateTime(at, 'ru')).toMatch(/^15\.03\.2027/);
    expect(mark).toHaveAttribute('title', note);
    // read by screen readers too (a title alone is not)
    expect(screen.getByTestId('late')).toHaveTextContent(`В процессе (${note})`);
    expect(screen.getByTestId('plain').querySelector('[data-testid="journal-cell-sent-late"]')).toBeNull();
  });

  it('the sent-late note in English', async () => {
    const at = '2027-03-15T10:05:00.000Z';
    await renderInAdmin(<JournalCellView cell={{ status: 4, score: 7, sentLateAt: at }} />, { lang: 'en' });
    expect(formatDateTime(at, 'en')).toMatch(/^15\/03\/2027/);
    expect(screen.getByTestId('journal-cell-sent-late')).toHaveAttribute('title', `Sent late after a connection loss, answered at ${formatDateTime(at, 'en')}`);
  });
});
