import { useMemo } from 'react';
import { usePermissions } from 'react-admin';
import { principalOf } from '../authProvider';
import type { AccountState } from '../../shared/account';
import type { Principal } from '../../shared/permissions';

const isAccountState = (value: unknown): value is AccountState =>
  typeof value === 'object' && value !== null && 'role' in value && 'permissions' in value;

/**
 * The caller's AccountState (the authProvider's getPermissions, cached by react-admin) and the
 * Principal the shared permission table reads. A guest is a Principal too.
 */
export function useAccount() {
  const { permissions, isPending, error } = usePermissions<AccountState | undefined>();
  const account = isAccountState(permissions) ? permissions : undefined;
  const principal = useMemo<Principal>(() => principalOf(account), [account]);
  return { account, principal, isPending, error };
}
