import { z } from 'zod';
import { ROLES } from './permissions';

/**
 * A place to return to after sign-in: a path on this site only ("/x?y#z").
 * Absolute URLs, protocol-relative "//host", backslashes (browsers read "/\host"
 * as another host) and control characters are refused: no open redirect.
 */
export function isSafeReturnPath(value: string): boolean {
  if (value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const base = 'http://elp.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * GET /api/account/current-state (spec 3 §7.1 "current state", path chosen here).
 * Always 200: a caller without a session gets role "Guest" and accountId null.
 */
export const accountStateSchema = z.object({
  accountId: z.number().int().nullable(),
  role: z.enum(ROLES),
  /** permission flags (Role_<Flag> claims without the prefix) */
  permissions: z.array(z.string()),
  accessToPhysical: z.boolean(),
  eMail: z.string().nullable(),
  firstname: z.string().nullable(),
  surname: z.string().nullable(),
  picture: z.string().nullable(),
  language: z.enum(['ru', 'en']).nullable(),
  /** false for a linked (non-main) account the user switched into */
  isMain: z.boolean(),
  /** a previous account the user can switch back to */
  canSwitchBack: z.boolean(),
});
export type AccountState = z.infer<typeof accountStateSchema>;

/** Paths of the sign-in flow (browser navigations, not calls) shared by client and server; the account calls are in calls/account.ts. */
export const AUTH_PATHS = {
  /** starts the OIDC code + PKCE flow; query returnTo (a same-origin path) */
  login: '/api/auth/login',
  /** the relying party's redirect_uri */
  callback: '/api/auth/callback',
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
  /** the identity provider sent no role claim: the person has no role in ELP */
  'RoleMissing',
  /** the identity provider sent a role ELP does not know (not Students, Instructors or Root) */
  'RoleUnknown',
] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];

/** The failures only an administrator can mend: the welcome page adds the support contact. */
export const LOGIN_ERRORS_FOR_SUPPORT: readonly LoginError[] = ['UserCreateFailed', 'ProviderError', 'ProviderUnavailable', 'RoleMissing', 'RoleUnknown'];

/** Lists paged with take/skip answer this shape (as the catalogue does, spec 3 §3). */
export interface ListAnswer<T> {
  result: T[];
  metadata: { filteredRecords: number };
}
