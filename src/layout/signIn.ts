import { loginUrl } from '../authProvider';

/** Leaves for the sign-in flow (the relying party's /api/auth/login) and comes back to `returnTo`. */
export function signIn(returnTo = '/'): void {
  window.location.assign(loginUrl(returnTo));
}
