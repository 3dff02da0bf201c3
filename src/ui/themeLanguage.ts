import type { RaThemeOptions } from 'react-admin';
// two of MUI's ~70 locales: the module has no side effects, the build keeps just these
import { enUS, ruRU } from '@mui/material/locale';

/** MUI's own texts (pagination's and autocomplete's labels, alerts' close button …) by UI language. */
const muiTexts: Record<string, { components?: Record<string, { defaultProps?: object }> }> = { ru: ruRU, en: enUS };

/** Our texts that MUI components carry by default: the progress indicators' accessible names. */
export interface ThemeTexts {
  /** an indeterminate spinner or bar: "Loading" */
  loading: string;
}

/**
 * A theme in the UI's language: MUI's locale for its built-in labels (screen readers heard
 * «Go to next page», «Open», «Close» on Russian screens), and a name for every progress indicator
 * (WAI-ARIA: a progressbar needs one; a component that knows better passes its own aria-label).
 */
export function themeInLanguage(theme: RaThemeOptions, language: string, texts: ThemeTexts): RaThemeOptions {
  const locale = muiTexts[language]?.components ?? {};
  const ours: Record<string, { defaultProps: object }> = {
    MuiCircularProgress: { defaultProps: { 'aria-label': texts.loading } },
    MuiLinearProgress: { defaultProps: { 'aria-label': texts.loading } },
  };
  const components: Record<string, object> = { ...theme.components };
  for (const [name, extra] of Object.entries({ ...locale, ...ours })) {
    const have = (components[name] ?? {}) as { defaultProps?: object };
    components[name] = { ...have, defaultProps: { ...have.defaultProps, ...extra.defaultProps } };
  }
  return { ...theme, components };
}
