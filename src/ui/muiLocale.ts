import type { ThemeOptions } from '@mui/material';
import { enUS, ruRU } from '@mui/material/locale';
import { uiLanguage } from './intl';

/** MUI's own words (pagination's and breadcrumbs' labels, autocomplete's Open/Clear/Close, an alert's Close), per UI language. */
const MUI_LOCALES = { ru: ruRU, en: enUS };

type Components = NonNullable<ThemeOptions['components']>;

/**
 * Theme options with MUI's texts in the UI language (its components' default props), so its
 * aria-labels reach a screen reader in the language of the page. The theme's own default props win.
 */
export function withMuiLocale<T extends ThemeOptions>(options: T, language: string): T {
  const texts = (MUI_LOCALES[uiLanguage(language)].components ?? {}) as Record<string, { defaultProps?: object }>;
  const components = { ...options.components } as Record<string, { defaultProps?: object }>;
  for (const [name, { defaultProps }] of Object.entries(texts)) {
    components[name] = { ...components[name], defaultProps: { ...defaultProps, ...components[name]?.defaultProps } };
  }
  return { ...options, components: components as Components };
}
