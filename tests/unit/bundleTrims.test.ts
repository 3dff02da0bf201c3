import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { muiThemesWithoutCssVariables, trimReactRouter } from '../../scripts/bundle-trims.mjs';
import { darkTheme, lightTheme } from '../../src/ui/theme';

// The build's trims (scripts/bundle-trims.mjs) leave out code the app never runs: what they assume holds.

describe('MUI themes without CSS variables', () => {
  const plugin = muiThemesWithoutCssVariables();
  const resolve = (source: string, importer?: string) => (plugin.resolveId as (s: string, i?: string) => string | null)(source, importer);

  it("the app's themes have no CSS variables, so createTheme never takes that path", () => {
    for (const theme of [lightTheme, darkTheme]) {
      expect(theme).not.toHaveProperty('cssVariables');
      expect(theme).not.toHaveProperty('colorSchemes');
    }
  });

  it("stands in for createTheme's CSS-variables module only, and says so if it is ever called", async () => {
    const createTheme = '/app/node_modules/@mui/material/esm/styles/createTheme.js';
    const stand = resolve('./createThemeWithVars.js', createTheme);
    expect(stand).toBeTruthy();
    expect(resolve('./createThemeNoVars.js', createTheme)).toBeNull();
    expect(resolve('./createThemeWithVars.js', '/app/node_modules/@mui/material/esm/styles/index.js')).toBeNull();
    const code = (plugin.load as (id: string) => string | null)(stand!);
    const module = await import(`data:text/javascript,${encodeURIComponent(code!)}`);
    expect(() => module.default({})).toThrow(/CSS variables/);
  });
});

describe("react-router's dead code", () => {
  const dir = join(process.cwd(), 'node_modules/react-router/dist/production');
  const chunk = readdirSync(dir).find((f) => /^chunk-[A-Z0-9]+\.mjs$/.test(f) && readFileSync(join(dir, f), 'utf8').includes('var NavLink'));

  const code = readFileSync(join(dir, chunk!), 'utf8');
  const trimmed = trimReactRouter(code);

  it('drops the components’ names and marks their making pure', () => {
    expect(trimmed).not.toMatch(/^NavLink\.displayName = /m);
    expect(trimmed).toMatch(/var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(trimmed).toMatch(/var NavigationContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/);
  });

  it("gives Link its answer without a framework context: never a prefetch (the app's router has none)", () => {
    // what the build replaces is what usePrefetchBehavior answers without FrameworkContext
    expect(code).toMatch(/if \(!frameworkContext\) \{\s*return \[false, ref, \{\}\];/);
    expect(trimmed).toContain('let [shouldPrefetch, prefetchRef, prefetchHandlers] = [false, null, {}];');
    expect(trimmed).not.toMatch(/createElement\(PrefetchPageLinks, \{ page: href \}\)/);
  });

  it('changes nothing else', () => {
    const strip = (s: string) =>
      s
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replaceAll('/* @__PURE__ */ ', '')
        .replace(/usePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/, '[false, null, {}]')
        .replace(/React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/, 'null');
    expect(strip(trimmed)).toBe(strip(code));
  });
});
