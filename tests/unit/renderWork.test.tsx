import { join } from 'node:path';
import { CacheProvider } from '@emotion/react';
import { Box } from '@mui/material';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emotionInsertsWhileRendering } from '../../scripts/emotion-insertion.mjs';
import * as styleInsertion from '../../src/app/styleInsertion';
import { styleCache } from '../../src/app/styleCache';
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

describe('style insertion (scripts/emotion-insertion.mjs)', () => {
  const emotionImporter = '/app/node_modules/@emotion/styled/base/dist/emotion-styled-base.browser.esm.js';
  const plugin = emotionInsertsWhileRendering();
  (plugin.configResolved as (config: { root: string }) => void)({ root: '/app' });
  const resolve = (source: string, importer?: string) => (plugin.resolveId as (s: string, i?: string) => string | null)(source, importer);

  it('the build gives emotion our module in place of its insertion-effect one, and nothing else changes', () => {
    expect(resolve('@emotion/use-insertion-effect-with-fallbacks', emotionImporter)).toBe(join('/app', 'src/app/styleInsertion.ts'));
    expect(resolve('@emotion/use-insertion-effect-with-fallbacks', '/app/src/main.tsx')).toBeNull();
    expect(resolve('@emotion/cache', emotionImporter)).toBeNull();
  });

  it('stands in for every export of emotion’s module (a new one would leave emotion without it)', async () => {
    const theirs = await import('@emotion/use-insertion-effect-with-fallbacks');
    expect(Object.keys(styleInsertion).sort()).toEqual(Object.keys(theirs).filter((name) => name !== 'default').sort());
  });

  it('writes a styled component’s rules while it renders: a later sibling already finds them', () => {
    let seenWhileRendering: boolean | undefined;
    function Styled() {
      styleInsertion.useInsertionEffectAlwaysWithSyncFallback(() => document.head.append(Object.assign(document.createElement('style'), { textContent: '.probe{outline-offset:7px}' })));
      return null;
    }
    function Sibling() {
      seenWhileRendering = document.head.textContent?.includes('outline-offset:7px');
      return null;
    }
    render(
      <>
        <Styled />
        <Sibling />
      </>,
    );
    expect(seenWhileRendering).toBe(true);
  });
});
