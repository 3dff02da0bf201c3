import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../../../tests/unit/support/renderInAdmin';
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
});
