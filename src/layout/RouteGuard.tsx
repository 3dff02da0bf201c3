import type { ReactNode } from 'react';
import { Loading } from '../app';
import { useLocation } from 'react-router-dom';
import { canAccessPath } from '../../shared/permissions';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import { ServerErrorPage } from '../errors/ServerErrorPage';
import { SignInRedirect } from './SignInRedirect';
import { useAccount } from './useAccount';

/**
 * Every page inside the layout passes here: the shared permission table decides (spec 1 §6).
 * A guest on a guarded path is sent to sign in; a signed-in user gets the 403 page in place
 * (the address stays). Paths the table does not know pass, and end on the not-found page
 * unless a route claims them.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { principal, isPending, error } = useAccount();
  if (isPending) return <Loading />;
  if (error) return <ServerErrorPage />;
  if (canAccessPath(principal, pathname)) return <>{children}</>;
  if (principal.role === 'Guest') return <SignInRedirect returnTo={`${pathname}${search}`} />;
  return <ForbiddenPage />;
}
