import { expect, type Locator, type Page } from '@playwright/test';

/** The demo accounts of ARCHITECTURE §5 (password "demo"). */
export const DEMO = {
  student: 'student@example.com',
  student2: 'student2@example.com',
  instructor: 'instructor@example.com',
  teacher: 'teacher@example.com',
  root: 'root@example.com',
} as const;
export const DEMO_PASSWORD = 'demo';

/** Pages of the sign-in flow itself (identity provider and relying party). */
const inSignInFlow = (url: URL) => url.pathname.startsWith('/oidc') || url.pathname.startsWith('/api/auth');

/**
 * Signs in through the real flow: the relying party's login redirect, the embedded provider's
 * login page (fields `login` and `password`), back to the app at `returnTo`.
 */
export async function signIn(page: Page, login: string, returnTo = '/'): Promise<void> {
  await page.goto(`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await submitLoginForm(page, login);
}

/** Fills and submits the provider's login form that the page shows now, then waits to be back in the app. */
export async function submitLoginForm(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  const loginField = page.locator('input[name="login"]');
  const passwordField = page.locator('input[name="password"]');
  await expect(loginField, 'the login page shows the field "login"').toBeVisible();
  await loginField.fill(login);
  await passwordField.fill(password);
  await passwordField.press('Enter');

  // The first-party client should not be asked for consent; if the provider asks anyway, confirm once.
  const consent = page
    .locator('form:not(:has(input[name="password"]))')
    .getByRole('button', { name: /продолжить|continue|разрешить|allow|authori[sz]e|подтвердить|confirm/i })
    .first();
  const outcome = await Promise.race([
    page.waitForURL((u) => !inSignInFlow(u), { timeout: 30_000 }).then(() => 'done' as const),
    consent.waitFor({ state: 'visible', timeout: 30_000 }).then(() => 'consent' as const),
  ]).catch(() => 'stuck' as const);
  if (outcome === 'consent') {
    await consent.click();
    await page.waitForURL((u) => !inSignInFlow(u), { timeout: 30_000 });
  } else if (outcome === 'stuck') {
    throw new Error(`Sign-in as ${login} did not return to the app (still at ${page.url()})`);
  }
}

/** A navigation menu entry, whether rendered as a menu item (react-admin) or a plain link. */
export function navItem(page: Page, name: RegExp): Locator {
  return page.getByRole('menuitem', { name }).or(page.getByRole('link', { name })).first();
}

/** A choice inside an open menu: a test id first, then the usual roles of MUI menus, radios and toggles. */
export function choice(page: Page, testId: string, name: RegExp): Locator {
  return page
    .getByTestId(testId)
    .or(page.getByRole('menuitemradio', { name }))
    .or(page.getByRole('menuitem', { name }))
    .or(page.getByRole('radio', { name }))
    .or(page.getByRole('option', { name }))
    .or(page.getByRole('button', { name }))
    .first();
}

/** The header's settings menu button (theme, language ...). */
export function settingsButton(page: Page): Locator {
  return page
    .getByTestId('settings-menu-button')
    .or(page.getByRole('button', { name: /^(настройки|settings)$/i }))
    .first();
}

/**
 * Opens the settings menu and picks an option. When the option sits in a submenu
 * (e.g. "Тема" → "Тёмная"), the group entry is opened first.
 */
export async function pickSetting(page: Page, group: { testId: string; name: RegExp }, option: { testId: string; name: RegExp }) {
  await settingsButton(page).click();
  const target = choice(page, option.testId, option.name);
  if (!(await target.isVisible())) {
    const opener = choice(page, group.testId, group.name);
    await opener.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    if ((await opener.isVisible()) && !(await target.isVisible())) await opener.click();
  }
  await target.click();
  // close the menu if it stayed open
  await page.keyboard.press('Escape');
}

export const THEME_GROUP = { testId: 'theme-toggle', name: /^(тема|theme)/i };
export const THEME_DARK = { testId: 'theme-dark', name: /^(т[её]мная|dark)/i };
export const LANGUAGE_GROUP = { testId: 'language-switch', name: /^(язык|language)/i };
export const LANGUAGE_EN = { testId: 'language-en', name: /^(en\b|english|английский)/i };

/**
 * Whether the page is painted dark: the luminance of the first non-transparent background among
 * body, html and the app root (MUI's CssBaseline paints body with palette.background.default).
 */
export function isDarkTheme(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const candidates = [document.body, document.documentElement, document.querySelector('#root > *')];
    for (const el of candidates) {
      if (!el) continue;
      const m = getComputedStyle(el).backgroundColor.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/);
      if (!m || (m[4] !== undefined && Number(m[4]) === 0)) continue;
      const [r, g, b] = [m[1], m[2], m[3]].map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5;
    }
    return false;
  });
}

/** Dismisses the cookie banner if it covers the page (best effort; it is remembered afterwards). */
export async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: /^(принять|accept)$/i }).first();
  if (await accept.isVisible()) await accept.click();
}

/**
 * Accepts the cookie banner (it covers the bottom of the page, e.g. save buttons); nothing when
 * this browser has answered it already. The banner shows whenever there is no answer, so the
 * stored answer decides, not a time window: a slow first render of a loaded CI machine once
 * outlasted the 5 s this waited, the banner came up afterwards and covered a save button.
 */
export async function dismissCookies(page: Page): Promise<void> {
  const answered = await page.evaluate((key) => localStorage.getItem(key) ?? sessionStorage.getItem(key), 'elp_cookie_consent');
  if (answered) return;
  const banner = page.getByTestId('cookie-banner');
  await banner.getByRole('button', { name: /^(принять|accept)$/i }).click({ timeout: 30_000 });
  await expect(banner).toBeHidden();
}

/** The path of the page's current URL. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;
