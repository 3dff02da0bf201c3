import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_KEY, CookieBanner, cookieConsent } from '../../src/layout/CookieBanner';
import { DISCLAIMER_KEY, NewDesignDisclaimer } from '../../src/layout/NewDesignDisclaimer';
import { renderInAdmin } from './support/renderInAdmin';

describe('cookie banner', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('remembers acceptance for good', async () => {
    const first = await renderInAdmin(<CookieBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Принять' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    first.unmount();

    sessionStorage.clear(); // a new session
    await renderInAdmin(<CookieBanner />);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(cookieConsent()).toBe('accepted');
  });

  it('remembers a dismissal for the session only', async () => {
    const first = await renderInAdmin(<CookieBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Скрыть' }));
    expect(cookieConsent()).toBe('dismissed');
    first.unmount();

    const again = await renderInAdmin(<CookieBanner />);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    again.unmount();

    sessionStorage.clear();
    await renderInAdmin(<CookieBanner />);
    expect(await screen.findByTestId('cookie-banner')).toBeInTheDocument();
  });

  it('opens the personal-data consent text from «Подробнее...»', async () => {
    await renderInAdmin(<CookieBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Подробнее...' }));
    expect(await screen.findByRole('dialog', { name: 'Согласие на обработку персональных данных' })).toBeInTheDocument();
  });
});

describe('new-design disclaimer', () => {
  beforeEach(() => localStorage.clear());

  it('shows until dismissed once', async () => {
    const first = await renderInAdmin(<NewDesignDisclaimer />);
    fireEvent.click(await screen.findByRole('button', { name: 'Понятно' }));
    expect(screen.queryByTestId('new-design-disclaimer')).toBeNull();
    expect(localStorage.getItem(DISCLAIMER_KEY)).not.toBeNull();
    first.unmount();
    await renderInAdmin(<NewDesignDisclaimer />);
    expect(screen.queryByTestId('new-design-disclaimer')).toBeNull();
  });
});
