import { CacheProvider } from '@emotion/react';
import { Box } from '@mui/material';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { styleCache } from '../../src/app/styleCache';
import { Translator } from '../../src/i18n/translator';
import { useRevealed } from '../../src/ui/useRevealed';

// The work a page's load does on a phone's main thread (issue 15): what was made lighter keeps its behaviour.

describe('useRevealed', () => {
  function Probe({ value, seen }: { value: string | undefined; seen: (string | undefined)[] }) {
    seen.push(useRevealed(value));
    return null;
  }

  it('shows an arriving value one render later (a transition), every later change at once', async () => {
    const seen: (string | undefined)[] = [];
    const { rerender } = render(<Probe value={undefined} seen={seen} />);
    expect(seen).toEqual([undefined]);
    seen.length = 0;
    await act(async () => rerender(<Probe value="lessons" seen={seen} />));
    // the store's synchronous render still shows the loading state; the deferred one the data
    expect(seen).toEqual([undefined, 'lessons']);
    seen.length = 0;
    await act(async () => rerender(<Probe value="lessons again" seen={seen} />));
    expect(seen[0]).toBe('lessons again');
    seen.length = 0;
    await act(async () => rerender(<Probe value={undefined} seen={seen} />));
    expect(seen[0]).toBeUndefined();
  });

  it('shows a value that is there from the start at once', () => {
    const seen: (string | undefined)[] = [];
    render(<Probe value="cached" seen={seen} />);
    expect(seen).toEqual(['cached']);
  });
});

describe('styleCache', () => {
  const styles = () => [...document.querySelectorAll('style[data-emotion]')].map((s) => s.textContent).join('\n');

  it('writes styles without vendor prefixes, but for Safari’s -webkit-user-select', () => {
    render(
      <CacheProvider value={styleCache}>
        <Box data-testid="box" sx={{ userSelect: 'none', appearance: 'none', display: 'flex', transition: 'opacity 1s' }} />
      </CacheProvider>,
    );
    const css = styles();
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('appearance:none;');
    // the prefixer would have written these
    expect(css).not.toContain('-webkit-appearance');
    expect(css).not.toContain('-webkit-transition');
  });
});

describe('Translator', () => {
  it('adopts a catalogue without copying or changing it; later texts join, earlier ones stay', () => {
    const catalogue = { app: { title: 'ELP', menu: { open: 'Открыть' } } };
    const frozen = JSON.stringify(catalogue);
    const translator = new Translator('ru');
    translator.add('ru', catalogue);
    translator.add('ru', { app: { menu: { close: 'Закрыть', open: 'другое' } }, player: { next: 'Далее' } });
    expect(translator.translate('app.menu.open')).toBe('Открыть');
    expect(translator.translate('app.menu.close')).toBe('Закрыть');
    expect(translator.translate('player.next')).toBe('Далее');
    expect(translator.translate('app.title')).toBe('ELP');
    expect(JSON.stringify(catalogue)).toBe(frozen);
  });
});
