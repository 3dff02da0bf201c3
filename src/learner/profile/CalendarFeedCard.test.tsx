import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarFeedCard } from './CalendarFeedCard';

/** The profile's calendar subscription: made, shown once with copy, then re-made or revoked. */
afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider: I18nProvider = { translate: (k: string) => k, changeLocale: async () => undefined, getLocale: () => 'ru' };
const URL_1 = 'http://elp.test/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
let state: { active: boolean; createdAt: string | null };
const sent: string[] = [];

beforeEach(() => {
  state = { active: false, createdAt: null };
  sent.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push(`${method} ${url}`);
    if (method === 'POST') {
      state = { active: true, createdAt: '2026-11-01T10:00:00Z' };
      return Response.json({ url: URL_1, createdAt: state.createdAt });
    }
    if (method === 'DELETE') {
      state = { active: false, createdAt: null };
      return Response.json({ ok: true });
    }
    return Response.json(state);
  });
});

const renderCard = () =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <CalendarFeedCard />
    </AdminContext>,
  );

describe('CalendarFeedCard', () => {
  it('makes a link, shows it once, and revokes it', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { name: 'app.profile.calendarFeed.title' })).toBeTruthy();
    expect(screen.queryByTestId('calendar-feed-revoke')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'app.profile.calendarFeed.create' }));
    const field = (await screen.findByTestId('calendar-feed-url')) as HTMLInputElement;
    expect(field.value).toBe(URL_1);
    expect(screen.getByRole('button', { name: 'app.profile.calendarFeed.copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'app.profile.calendarFeed.recreate' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('calendar-feed-revoke'));
    await waitFor(() => expect(screen.queryByTestId('calendar-feed-url')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'app.profile.calendarFeed.create' })).toBeTruthy());
    expect(sent.some((s) => s.startsWith('DELETE') && s.endsWith('/api/profile/calendar-feed'))).toBe(true);
  });
});
