import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hint } from './Hint';

/** The player's tooltips load after the first paint: the hinted element is the same before and after. */
describe('Hint', () => {
  it('names its element by the hint at once, and shows the tooltip on hover once loaded', async () => {
    render(<Hint title="Time elapsed"><span data-testid="clock">00:05</span></Hint>);
    expect(screen.getByTestId('clock')).toHaveAttribute('aria-label', 'Time elapsed');
    // hovered again until the tooltip's chunk has arrived (its open delay is 100 ms)
    await waitFor(
      () => {
        if (!screen.queryByRole('tooltip')) fireEvent.mouseOver(screen.getByTestId('clock'));
        expect(screen.getByRole('tooltip')).toHaveTextContent('Time elapsed');
      },
      { timeout: 5000, interval: 300 },
    );
    expect(screen.getByTestId('clock')).toHaveAttribute('aria-label', 'Time elapsed');
  });

  it('keeps the element’s own name', () => {
    render(<Hint title="Maximise"><button type="button" aria-label="Full screen">⛶</button></Hint>);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  });
});
