import type { Role } from './permissions';

/**
 * GET /api/account/current-state (spec 3 §7.1 "current state", path chosen here).
 * Always 200: a caller without a session gets role "Guest" and accountId null.
 */
export interface AccountState {
  accountId: number | null;
  role: Role;
  /** permission flags (Role_<Flag> claims without the prefix) */
  permissions: string[];
  accessToPhysical: boolean;
  eMail: string | null;
  firstname: string | null;
  surname: string | null;
  picture: string | null;
  language: 'ru' | 'en' | null;
  /** false for a linked (non-main) account the user switched into */
  isMain: boolean;
  /** a previous account the user can switch back to */
  canSwitchBack: boolean;
}

/** Paths of the sign-in flow shared by client and server. */
export const AUTH_PATHS = {
  /** starts the OIDC code + PKCE flow; query returnTo (a same-origin path) */
  login: '/api/auth/login',
  /** the relying party's redirect_uri */
  callback: '/api/auth/callback',
  currentState: '/api/account/current-state',
  /** POST; answers text: the URL to navigate to (an external provider's end-session endpoint, else /welcome) */
  logout: '/api/account/logout',
} as const;

/**
 * Why a sign-in failed: `/welcome?loginError=<code>`, shown translated on the welcome page.
 * LoginFailed is the fallback; the others name the cause.
 */
export const LOGIN_ERRORS = [
  'LoginFailed',
  /** the person cancelled at the identity provider */
  'AccessDenied',
  /** the claims lack a first and last name (spec 3 §8.3b) */
  'UserCreateFailed',
  /** the callback came without the sign-in cookie: started at another address of the site, or cookies blocked */
  'SignInCookieMissing',
  /** the sign-in took longer than its 10 minutes, or was started again in another tab */
  'SignInExpired',
  /** the identity provider refused the request or did not confirm the sign-in */
  'ProviderError',
  /** the identity provider could not be reached */
  'ProviderUnavailable',
] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];

/** Lists paged with take/skip answer this shape (as the catalogue does, spec 3 §3). */
export interface ListAnswer<T> {
  result: T[];
  metadata: { filteredRecords: number };
}
