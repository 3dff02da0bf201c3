import type { ThemeType } from 'react-admin';
import { useStore, useStoreContext } from '../app';

export type ThemePreference = ThemeType | 'system';

/**
 * Light, dark or system (spec 1 §2.4). react-admin keeps the explicit choice in its store
 * (localStorage, key `theme`); "system" removes it so the theme follows prefers-color-scheme.
 */
export function useThemePreference(): [ThemePreference, (next: ThemePreference) => void] {
  const [stored] = useStore<ThemeType | undefined>('theme');
  const { setItem, removeItem } = useStoreContext();
  const preference: ThemePreference = stored === 'light' || stored === 'dark' ? stored : 'system';
  const set = (next: ThemePreference) => (next === 'system' ? removeItem('theme') : setItem('theme', next));
  return [preference, set];
}
