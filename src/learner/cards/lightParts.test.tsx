import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { readableOn } from './Label';
import { LazyTooltip } from './LazyTooltip';
import { TabStrip } from './TabStrip';

afterEach(cleanup);

// The course page's and the catalogue's light stand-ins for MUI's Tooltip and Tabs keep their behaviour.
describe('LazyTooltip', () => {
  it('names its child before it loads, and shows the tooltip on hover once loaded', async () => {
    render(<LazyTooltip title="Выполнено"><span data-testid="icon">✓</span></LazyTooltip>);
    const icon = screen.getByTestId('icon');
    expect(icon).toHaveAttribute('aria-label', 'Выполнено');
    fireEvent.mouseOver(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Выполнено');
    fireEvent.mouseLeave(screen.getByTestId('icon'));
    // MUI closes after its leave delay and transition
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('a tap loads it without opening it, as MUI opens on a long press only', async () => {
    render(<LazyTooltip title="Недоступно"><span data-testid="lock">🔒</span></LazyTooltip>);
    fireEvent.touchStart(screen.getByTestId('lock'));
    // the mouse events a browser makes up after a tap
    fireEvent.mouseOver(screen.getByTestId('lock'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByTestId('lock')).toHaveAttribute('aria-label', 'Недоступно');
  });

  it('keeps the focus on a button whose tooltip loads when it is focused', async () => {
    render(<LazyTooltip title="Начать чат"><button type="button">chat</button></LazyTooltip>);
    const button = screen.getByRole('button', { name: 'Начать чат' });
    button.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Начать чат');
    expect(screen.getByRole('button', { name: 'Начать чат' })).toHaveFocus();
  });
});

describe('TabStrip', () => {
  function Strip() {
    const [value, setValue] = useState(1);
    return <TabStrip value={value} onChange={setValue} tabs={[{ value: 0, label: 'Все' }, { value: 1, label: 'Текущие' }, { value: 2, label: 'Будущие' }]} />;
  }

  it('is a tablist: the selected tab is the one in the tab order; arrows, Home and End move the focus; a click selects', () => {
    render(<Strip />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    const current = screen.getByRole('tab', { name: 'Текущие', selected: true });
    expect(current).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Все' })).toHaveAttribute('tabindex', '-1');
    current.focus();
    fireEvent.keyDown(current, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Будущие' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Все' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Будущие' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Все' })).toHaveFocus();
    fireEvent.click(screen.getByRole('tab', { name: 'Все' }));
    expect(screen.getByRole('tab', { name: 'Все', selected: true })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Текущие', selected: false })).toHaveAttribute('tabindex', '-1');
  });
});

describe('TabStrip on a narrow screen', () => {
  it('shows arrows at its ends when the row scrolls: more after it, none before it yet', () => {
    const sizes = { scrollWidth: 600, clientWidth: 300 };
    const saved = Object.fromEntries(Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]));
    for (const [k, v] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
    try {
      render(<TabStrip value="all" onChange={() => undefined} tabs={[{ value: 'all', label: 'Все' }, { value: 'past', label: 'Прошедшие' }, { value: 'current', label: 'Текущие' }, { value: 'future', label: 'Будущие' }]} />);
      expect(screen.getByTestId('tabs-scroll-before')).toHaveAttribute('data-enabled', 'false');
      expect(screen.getByTestId('tabs-scroll-after')).toHaveAttribute('data-enabled', 'true');
      // not in the tab order nor read: the arrow keys move along the tabs
      expect(screen.getByTestId('tabs-scroll-after')).toHaveAttribute('aria-hidden', 'true');
    } finally {
      // (jsdom keeps these on Element.prototype: the stand-ins on HTMLElement's go again)
      for (const [k, d] of Object.entries(saved)) {
        if (d) Object.defineProperty(HTMLElement.prototype, k, d);
        else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[k];
      }
    }
  });

  it('shows no arrows when every tab fits', () => {
    render(<TabStrip value="a" onChange={() => undefined} tabs={[{ value: 'a', label: 'A' }]} />);
    expect(screen.queryByTestId('tabs-scroll-after')).toBeNull();
  });
});

describe('Label', () => {
  it('writes on a coloured label in white or dark text, whichever reads at 4.5:1 (MUI accepts 3:1)', () => {
    const theme = createTheme();
    for (const color of ['info', 'success', 'warning'] as const) {
      const background = theme.palette[color].main;
      expect(getContrastRatio(readableOn(background), background), color).toBeGreaterThanOrEqual(4.5);
    }
    // white on MUI's info blue is 3.85:1: the dark text instead
    expect(readableOn(theme.palette.info.main)).not.toBe('#fff');
    expect(readableOn(theme.palette.success.main)).toBe('#fff');
  });
});
