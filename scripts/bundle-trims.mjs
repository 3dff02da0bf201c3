// Vite plugins that leave out of the build code the app never runs, which the bundler cannot tell
// is dead by itself. Both keep every page's first load smaller (issue 27: i18next joined it).

/**
 * MUI's createTheme takes the CSS-variables path only for a theme with `cssVariables` or
 * `colorSchemes`; the app's themes have neither (src/ui/theme.ts, tests/unit/theme.test.ts), and
 * so does every theme react-admin makes from them. That path's module (createThemeWithVars and the
 * CSS-variable helpers it imports, ~4 KB gzip) is still imported by createTheme, and with it every
 * first load. The build gives createTheme a module in its place that says what happened if a theme
 * with CSS variables ever reaches it.
 */
export function muiThemesWithoutCssVariables() {
  const stand = '\0elp-mui-theme-without-css-variables';
  return {
    name: 'elp-mui-themes-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createThemeWithVars.js' && importer && /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]createTheme\.js$/.test(importer)) return stand;
      return null;
    },
    load(id) {
      if (id !== stand) return null;
      return `export default function createThemeWithVars() {
  throw new Error('A MUI theme with CSS variables (cssVariables or colorSchemes): the build leaves that path out (scripts/bundle-trims.mjs)');
}`;
    },
  };
}

/** react-router's production build (the one vite.config.ts aliases), one file of every part of the library. */
const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;

/**
 * react-router's production file sets `X.displayName = …` on its components and contexts and makes
 * components with unannotated `forwardRef(…)`: both look like side effects to the bundler, so the
 * parts the app never uses (NavLink, Form, ScrollRestoration, HistoryRouter, their helpers) stay
 * in every first load (~2 KB gzip). The build drops the names (React's developer tools read them;
 * a production build shows none) and marks those calls pure, as React's own builds do.
 *
 * Its Link also carries framework mode's route prefetching (`prefetch`, page link descriptors, the
 * manifest walk: ~1.5 KB gzip), which needs the framework's context: without it (the app runs the
 * declarative router, src/app/router/AppRouter.tsx) Link never prefetches. The build takes Link's
 * answer for that case and drops the prefetch links it would never render.
 */
export function reactRouterWithoutDeadCode() {
  return {
    name: 'elp-react-router-dead-code',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      return { code: trimReactRouter(code), map: null };
    },
  };
}

/** The transform itself (tests/unit/bundleTrims.test.ts). */
export function trimReactRouter(code) {
  return code
    .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
    .replace(/= ((?:React|import_react)\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
    // usePrefetchBehavior's answer without a framework context: no prefetch, its ref, no handlers
    .replace(/let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/, 'let [shouldPrefetch, prefetchRef, prefetchHandlers] = [false, null, {}];')
    .replace(/\/\* @__PURE__ \*\/ React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/, 'null');
}
