import { hasPage } from '../../shared/screens';
import { useTheme } from '@mui/material';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { localStorageStore } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../src/i18n';
import { HeaderSettingsMenu } from '../../src/layout/HeaderSettingsMenu';
import { accountState } from './support/account';
import { renderInAdmin } from './support/renderInAdmin';

function PaletteMode() {
  return <span data-testid="palette-mode">{useTheme().palette.mode}</span>;
}

const appStore = () => localStorageStore(undefined, '.elp');

/** Opens the settings menu and waits for it (it loads on its first opening). */
async function openSettings() {
  fireEvent.click(await screen.findByTestId('settings-menu-button'));
  await screen.findByTestId('theme-system');
}

describe('settings menu', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'elp_lang=; max-age=0; path=/';
  });

  it('switches to the dark theme and remembers it in localStorage', async () => {
    const first = await renderInAdmin(
      <>
        <HeaderSettingsMenu layout="full" />
        <PaletteMode />
      </>,
      { store: appStore() },
    );
    expect(screen.getByTestId('palette-mode')).toHaveTextContent('light');
    await openSettings();
    expect(screen.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByTestId('theme-dark'));
    await waitFor(() => expect(screen.getByTestId('palette-mode')).toHaveTextContent('dark'));
    expect(localStorage.getItem('RaStore.elp.theme')).toBe('"dark"');
    first.unmount();

    await renderInAdmin(
      <>
        <HeaderSettingsMenu layout="full" />
        <PaletteMode />
      </>,
      { store: appStore() },
    );
    expect(screen.getByTestId('palette-mode')).toHaveTextContent('dark');
    await openSettings();
    expect(screen.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(screen.getByTestId('theme-system'));
    await waitFor(() => expect(screen.getByTestId('palette-mode')).toHaveTextContent('light'));
    expect(localStorage.getItem('RaStore.elp.theme')).toBeNull();
  });

  it('switches the language to English and keeps it for the next visit', async () => {
    await renderInAdmin(<HeaderSettingsMenu layout="full" />, { store: appStore() });
    await openSettings();
    expect(screen.getByTestId('language-ru')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByTestId('language-en'));
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(localStorage.getItem('elp_lang')).toBe('en');
    expect(document.cookie).toContain('elp_lang=en');
    expect(document.documentElement.lang).toBe('en');

    const next = await createI18nProvider();
    expect(next.getLocale()).toBe('en');
  });

  it('offers the quick-access toolbar setup to staff only, once its screen exists', async () => {
    const staff = await renderInAdmin(<HeaderSettingsMenu layout="tablet" />, { state: accountState('Instructors') });
    await openSettings();
    await screen.findByTestId('theme-dark');
    const item = screen.queryByRole('menuitem', { name: 'Настройка панели быстрого доступа' });
    // a menu item never leads to the not-found page: the screen is still planned in the screen table
    expect(!!item).toBe(hasPage('/courses/quick-access-toolbar-setting'));
    staff.unmount();

    await renderInAdmin(<HeaderSettingsMenu layout="tablet" />, { state: accountState('Students') });
    await openSettings();
    await screen.findByTestId('theme-dark');
    expect(screen.queryByRole('menuitem', { name: 'Настройка панели быстрого доступа' })).toBeNull();
  });
});
