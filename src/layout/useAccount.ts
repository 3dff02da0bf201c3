import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuthProvider } from 'ra-core';
import { authProvider as appAuthProvider, principalOf } from '../authProvider';
import type { AccountState } from '../../shared/account';
import type { Principal } from '../../shared/permissions';

const isAccountState = (value: unknown): value is AccountState =>
  typeof value === 'object' && value !== null && 'role' in value && 'permissions' in value;

/** react-admin's cache key of getPermissions: the admin screens' usePermissions and this hook share one answer. */
export const ACCOUNT_KEY = ['auth', 'getPermissions', {}] as const;

/**
 * The caller's AccountState (the auth provider's getPermissions, cached by react-query) and the
 * Principal the shared permission table reads. A guest is a Principal too. Works in both areas:
 * the learner shell and react-admin provide the same auth provider and query client.
 */
export function useAccount() {
  const authProvider = useAuthProvider();
  const { data, isPending, error } = useQuery({
    queryKey: ACCOUNT_KEY,
    queryFn: async () => (await authProvider?.getPermissions?.({})) ?? null,
    staleTime: 5 * 60 * 1000,
  });
  const account = isAccountState(data) ? data : undefined;
  const principal = useMemo<Principal>(() => principalOf(account), [account]);
  return { account, principal, isPending, error };
}

/** Reads the account again (after a change of name, avatar, language): the header and both areas follow. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return async () => {
    appAuthProvider.invalidate();
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  };
}
