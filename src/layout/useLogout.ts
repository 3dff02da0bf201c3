import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useStoreContext } from 'ra-core';
import { useNavigate } from 'react-router-dom';

/**
 * Ends the session as react-admin's useLogout does: the auth provider's logout, then the
 * browser's store and the query cache cleared, then the page it names (the identity provider's
 * end-session address leaves the app; an app path is opened in place).
 */
export function useLogout() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const { reset } = useStoreContext();
  const navigate = useNavigate();
  return async () => {
    const next = (await authProvider?.logout({})) ?? '/welcome';
    const target = typeof next === 'string' ? next : '/welcome';
    reset();
    queryClient.clear();
    if (/^https?:\/\//.test(target)) window.location.href = target;
    else navigate(target, { replace: true });
  };
}
