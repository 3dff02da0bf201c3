import type { AuthProvider, UserIdentity } from 'react-admin';
import { AUTH_PATHS, type AccountState } from '../../shared/account';
import { accountCalls } from '../../shared/calls/account';
import { canAccessPath } from '../../shared/permissions';
import { callWith } from '../http/client';
import { createHttpClient } from '../http/fetchJson';
import { canAccess, GUEST_PRINCIPAL, principalOf } from './canAccess';

export { canAccess, pathFor, principalOf } from './canAccess';

/** How long one answer of current-state serves the several auth calls of a page load. */
const STATE_TTL_MS = 5_000;

export interface AuthProviderDeps {
  fetch?: typeof fetch;
  /** current client path (pathname + search) */
  currentPath?: () => string;
  /** full-page navigation */
  navigate?: (url: string) => void;
  now?: () => number;
}

export interface ElpIdentity extends UserIdentity {
  role: AccountState['role'];
  flags: string[];
  accessToPhysical: boolean;
}

/** `/api/auth/login?returnTo=…`: starts sign-in at the identity provider and comes back to `returnTo`. */
export const loginUrl = (returnTo = '/') => `${AUTH_PATHS.login}?returnTo=${encodeURIComponent(returnTo)}`;

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/**
 * react-admin's AuthProvider over the server session (server/auth):
 * - login() leaves for the identity provider (full page), returnTo = params.returnTo or the current path;
 * - logout() POSTs /api/account/logout and returns its text: the provider's end-session URL
 *   (absolute → react-admin navigates the whole page) or "/welcome";
 * - checkAuth() rejects a guest only on guarded paths (the welcome page and other public screens stay);
 * - checkError(): 401 on a guarded path → signed out (react-admin logs out and opens /login, which
 *   starts sign-in); 403 and other errors stay with the page;
 * - getPermissions() is the AccountState; getIdentity() the person; canAccess() the shared permission table.
 */
export function createAuthProvider(deps: AuthProviderDeps = {}): AuthProvider & {
  fetchAccountState(options?: { fresh?: boolean }): Promise<AccountState>;
  invalidate(): void;
} {
  const call = callWith(createHttpClient(deps.fetch));
  const currentPath = deps.currentPath ?? (() => `${window.location.pathname}${window.location.search}`);
  const navigate = deps.navigate ?? ((url: string) => window.location.assign(url));
  const now = deps.now ?? Date.now;
  let cached: { at: number; state: Promise<AccountState> } | null = null;

  function invalidate() {
    cached = null;
  }

  function fetchAccountState({ fresh = false } = {}): Promise<AccountState> {
    if (!fresh && cached && now() - cached.at < STATE_TTL_MS) return cached.state;
    const state = call(accountCalls.currentState);
    cached = { at: now(), state };
    state.catch(() => {
      if (cached?.state === state) cached = null;
    });
    return state;
  }

  return {
    fetchAccountState,
    invalidate,

    async login(params?: { returnTo?: string }) {
      invalidate();
      navigate(loginUrl(params?.returnTo ?? currentPath()));
      return { redirectTo: false };
    },

    async logout() {
      invalidate();
      try {
        const next = (await call(accountCalls.logout, { query: { frontend: 'true' } }))?.trim();
        return next || '/welcome';
      } catch {
        return '/welcome';
      }
    },

    async checkAuth(params?: { path?: string }) {
      const state = await fetchAccountState();
      if (state.role !== 'Guest') return;
      const path = params?.path ?? currentPath();
      if (canAccessPath(GUEST_PRINCIPAL, path)) return;
      // react-admin then logs out and opens its login page (/login), which starts sign-in
      throw { message: false };
    },

    async checkError(error: unknown) {
      if (statusOf(error) !== 401) return;
      invalidate();
      // a guest may meet a 401 on a public page (welcome): nothing to sign out of there
      if (canAccessPath(GUEST_PRINCIPAL, currentPath())) return;
      throw { message: false, redirectTo: '/login' };
    },

    async getPermissions() {
      return fetchAccountState();
    },

    async getIdentity(): Promise<ElpIdentity> {
      const state = await fetchAccountState();
      const fullName = [state.firstname, state.surname].filter(Boolean).join(' ');
      return {
        id: state.accountId ?? 'guest',
        fullName,
        avatar: state.picture ?? undefined,
        role: state.role,
        flags: state.permissions,
        accessToPhysical: state.accessToPhysical,
      };
    },

    async canAccess({ resource, action, record }) {
      const state = await fetchAccountState();
      return canAccess(principalOf(state), { resource, action, record });
    },
  };
}

export const authProvider = createAuthProvider();
