import { canAccessPath } from '../../../../shared/permissions';
import { useAccount } from '../../../layout/useAccount';

/**
 * Where a sequence question's screen goes back to: its bank tab on /resources, or the program
 * list for those who may edit sequence questions but not see the banks (OnlyEditSettings).
 */
export function useBackTo(list: string): string {
  const { principal } = useAccount();
  return canAccessPath(principal, '/resources') ? list : '/programs';
}
