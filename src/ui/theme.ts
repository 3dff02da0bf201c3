import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Spec 2 §9: breakpoints 768 / 1024 / 1440 px, app width 375 to 1920 px. */
export const breakpoints = { values: { xs: 0, sm: 768, md: 1024, lg: 1440, xl: 1920 } };

/** Spec 2 §9: IBM Plex Sans for text, Montserrat for headings (system fallbacks, no download). */
const TEXT_FONT = '"IBM Plex Sans", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const HEADING_FONT = 'Montserrat, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const headings = Object.fromEntries(
  (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((h) => [h, { fontFamily: HEADING_FONT, fontWeight: 600 }]),
);

function withElp(base: RaThemeOptions, palette: RaThemeOptions['palette']): RaThemeOptions {
  return {
    ...base,
    breakpoints,
    sidebar: { width: 272, closedWidth: 56 },
    palette: { ...base.palette, ...palette },
    typography: { ...base.typography, fontFamily: TEXT_FONT, ...headings },
    shape: { borderRadius: 8 },
    components: {
      ...base.components,
      // 375 px: a list's table scrolls inside its own box, never the page (react-admin's layout would
      // otherwise grow to the widest content: minWidth fit-content)
      RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
      RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
      RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    },
  };
}

export const lightTheme = withElp(defaultLightTheme, {
  mode: 'light',
  primary: { main: '#1b4f9c' },
  secondary: { main: '#0f7b8a' },
  background: { default: '#f5f7fb', paper: '#ffffff' },
});

export const darkTheme = withElp(defaultDarkTheme, {
  mode: 'dark',
  primary: { main: '#8ab4f8' },
  secondary: { main: '#5fc4d2' },
  background: { default: '#121418', paper: '#1c1f26' },
});
