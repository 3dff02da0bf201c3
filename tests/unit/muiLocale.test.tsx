import { Autocomplete, TablePagination, TextField } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { createI18nProvider } from '../../src/i18n';
import { themeInLanguage } from '../../src/ui/themeLanguage';
import { lightTheme } from '../../src/ui/theme';
import { accountState, fakeAuthProvider } from './support/account';
import './support/cleanup';

// MUI's own aria-labels follow the UI language (issue 27): the app's theme carries ruRU or enUS

function Widgets() {
  return (
    <>
      <TablePagination component="div" count={100} page={0} rowsPerPage={10} onPageChange={() => undefined} />
      <Autocomplete options={['a', 'b']} value="a" renderInput={(params) => <TextField {...params} label="x" />} />
    </>
  );
}

describe("MUI's texts in the UI language", () => {
  it('reads pagination and autocomplete labels in Russian, and in English once the language changes', async () => {
    const store = memoryStore();
    const i18nProvider = await createI18nProvider('ru');
    render(
      <AppProviders deps={{ i18nProvider, authProvider: fakeAuthProvider(accountState('Students')), store, queryClient: new QueryClient() }}>
        <Widgets />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Перейти на следующую страницу' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Открыть' })).toBeInTheDocument();
    expect(screen.getByText('1–10 из 100')).toBeInTheDocument();

    act(() => store.setItem('locale', 'en'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to next page' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.getByText('1–10 of 100')).toBeInTheDocument();
  });

  it("keeps the theme's own component settings beside MUI's texts", () => {
    const options = themeInLanguage(lightTheme, 'ru', { loading: 'Загрузка' });
    expect(options.components?.RaLayout).toEqual(lightTheme.components?.RaLayout);
    expect(options.components?.MuiAutocomplete?.defaultProps).toMatchObject({ openText: 'Открыть' });
    // progress indicators are named in the UI's language
    expect(options.components?.MuiCircularProgress?.defaultProps).toMatchObject({ 'aria-label': 'Загрузка' });
  });
});
