import { Loading } from '../app';
import { Navigate } from 'react-router-dom';
import { landingFor } from '../../shared/permissions';
import { ServerErrorPage } from '../errors/ServerErrorPage';
import { useAccount } from './useAccount';

/** `/`: the default landing per role (spec 1 §2.1). */
export function LandingRedirect() {
  const { principal, isPending, error } = useAccount();
  if (isPending) return <Loading />;
  if (error) return <ServerErrorPage />;
  return <Navigate to={landingFor(principal.role)} replace />;
}
