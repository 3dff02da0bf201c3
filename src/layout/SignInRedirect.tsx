import { useEffect } from 'react';
import { Loading } from '../app';
import { useLocation } from 'react-router-dom';
import { signIn } from './signIn';

type LoginState = { nextPathname?: string; nextSearch?: string } | null;

/**
 * Sends a guest to the sign-in flow. Used for guarded paths and as react-admin's login page
 * (react-admin puts the page it came from into the location state).
 */
export function SignInRedirect({ returnTo }: { returnTo?: string }) {
  const location = useLocation();
  const state = location.state as LoginState;
  const target = returnTo ?? (state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : '/');
  useEffect(() => signIn(target), [target]);
  return <Loading />;
}
