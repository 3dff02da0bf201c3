import { Checkbox, createTheme, ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '../../src/ui/theme';

const inTheme = (ui: React.ReactElement) => render(<ThemeProvider theme={createTheme(lightTheme)}>{ui}</ThemeProvider>);

describe('the theme\'s checkbox', () => {
  it('names the input, not its outer span, with an aria-label (react-admin\'s row selection passes one)', () => {
    const { container } = inTheme(<Checkbox aria-label="Выбрать строку" />);
    expect(container.querySelector('input')).toHaveAttribute('aria-label', 'Выбрать строку');
    expect(container.querySelector('span[aria-label]')).toBeNull();
  });
  it('keeps what inputProps and slotProps.input give the input', () => {
    const { container } = inTheme(
      <>
        <Checkbox inputProps={{ 'data-testid': 'old-way' } as object} />
        <Checkbox slotProps={{ input: { 'aria-label': 'student@example.com', 'data-testid': 'new-way' } as object }} />
      </>,
    );
    expect(container.querySelector('[data-testid="old-way"]')?.tagName).toBe('INPUT');
    expect(container.querySelector('[data-testid="new-way"]')).toHaveAttribute('aria-label', 'student@example.com');
  });
});
