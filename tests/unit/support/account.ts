import type { AuthProvider } from 'react-admin';
import type { AccountState } from '../../../shared/account';
import type { Role } from '../../../shared/permissions';

export function accountState(role: Role, extra: Partial<AccountState> = {}): AccountState {
  const guest = role === 'Guest';
  return {
    accountId: guest ? null : 7,
    role,
    permissions: [],
    accessToPhysical: false,
    eMail: guest ? null : 'user@example.com',
    firstname: guest ? null : 'Анна',
    surname: guest ? null : 'Петрова',
    picture: null,
    language: null,
    isMain: true,
    canSwitchBack: false,
    ...extra,
  };
}

/** An authProvider with the contract of src/authProvider, answering a fixed AccountState. */
export function fakeAuthProvider(state: AccountState): AuthProvider {
  const guest = state.role === 'Guest';
  return {
    login: async () => undefined,
    logout: async () => false,
    checkAuth: async () => (guest ? Promise.reject(new Error('guest')) : undefined),
    checkError: async () => undefined,
    getPermissions: async () => state,
    getIdentity: async () => ({ id: state.accountId ?? 'guest', fullName: `${state.firstname} ${state.surname}` }),
  };
}

