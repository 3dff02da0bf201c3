import type { Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Spec 2 §9: breakpoints 768 / 1024 / 1440 px, app width 375 to 1920 px. */
export const breakpoints = { values: { xs: 0, sm: 768, md: 1024, lg: 1440, xl: 1920 } };

/** Spec 2 §9: IBM Plex Sans for text, Montserrat for headings (system fallbacks, no download). */
const TEXT_FONT = '"IBM Plex Sans", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const HEADING_FONT = 'Montserrat, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const headings = Object.fromEntries(
  (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((h) => [h, { fontFamily: HEADING_FONT, fontWeight: 600 }]),
);

type CheckboxOwner = { 'aria-label'?: string; inputProps?: Record<string, unknown> };
/**
 * A checkbox's `aria-label` named its outer span (ARIA forbids a label there) and left the real input
 * unnamed — react-admin's row-selection checkboxes pass theirs that way. It goes onto the input;
 * `inputProps` given the old way still reach the input too (a default `slotProps.input` would hide them).
 */
const checkboxLabelOnInput = {
  root: (owner: CheckboxOwner) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
  input: (owner: CheckboxOwner) => ({ ...owner.inputProps, ...(owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}) }),
};

/** A keyboard user sees where focus is on every control, in both themes (WCAG 2.4.7, 2.4.13's 2 px). */
const focusRing = (color: string) => ({ outline: `2px solid ${color}`, outlineOffset: 2 });

function withElp(base: RaThemeOptions, palette: NonNullable<RaThemeOptions['palette']> & { primary: { main: string } }): RaThemeOptions {
  const ring = focusRing(palette.primary.main);
  return {
    ...base,
    breakpoints,
    sidebar: { width: 272, closedWidth: 56 },
    // text on a coloured fill (buttons, chips, badges, avatars) is chosen for 4.5:1, not MUI's default 3:1
    palette: { ...base.palette, contrastThreshold: 4.5, ...palette },
    typography: { ...base.typography, fontFamily: TEXT_FONT, ...headings },
    shape: { borderRadius: 8 },
    components: {
      ...base.components,
      MuiCssBaseline: { styleOverrides: { 'a:focus-visible, [tabindex]:focus-visible': ring } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput } },
      // initials on MUI's grey were 1.75:1 (light) and 4:1 (dark)
      MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: palette.primary.main, color: palette.mode === 'dark' ? '#121418' : '#ffffff' } } },
      // 375 px: a list's table scrolls inside its own box, never the page (react-admin's layout would
      // otherwise grow to the widest content: minWidth fit-content)
      // a disabled field's helper text still tells why (2.65:1 in MUI's disabled grey): it keeps the secondary text's colour
      MuiFormHelperText: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled:not(.Mui-error)': { color: theme.palette.text.secondary } }) } },
      RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
      RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
      // the form toolbar's grey (#e0e0e0, #424242 dark) left its red Delete under 4.5:1: the form's own paper instead
      RaToolbar: { styleOverrides: { root: { backgroundColor: (palette.background as { paper: string }).paper } } },
      RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    },
  };
}

export const lightTheme = withElp(defaultLightTheme, {
  mode: 'light',
  primary: { main: '#1b4f9c' },
  secondary: { main: '#0f7b8a' },
  background: { default: '#f5f7fb', paper: '#ffffff' },
  // MUI's warning and info are 2.9:1 and 3.6:1 as text on the page's background: darker shades, ≥ 4.5:1
  error: { main: '#c62828' },
  warning: { main: '#9a4a00' },
  info: { main: '#0264a8' },
  success: { main: '#2e7d32' },
});

export const darkTheme = withElp(defaultDarkTheme, {
  mode: 'dark',
  primary: { main: '#8ab4f8' },
  secondary: { main: '#5fc4d2' },
  background: { default: '#121418', paper: '#1c1f26' },
  // MUI's dark error red is 4.5:1 on paper as text; these stay ≥ 6.9:1 on the dark backgrounds
  error: { main: '#f28b82' },
  warning: { main: '#ffa726' },
  info: { main: '#29b6f6' },
  success: { main: '#66bb6a' },
});
