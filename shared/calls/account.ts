import { z } from 'zod';
import { accountStateSchema } from '../account';
import { defineCalls, returns } from '../http/call';

/**
 * The account calls the shell makes (spec 3 §7.1); those only the sign-in flow needs are in
 * signIn.ts, and the flow itself (AUTH_PATHS.login, .callback) is browser navigation, not calls.
 * Imported by the first load (authProvider): keep it light.
 */
export const accountCalls = defineCalls('account', {
  checkExist: {
    method: 'GET',
    path: '/api/account/CheckExistAccount',
    rule: 'public',
    response: z.object({ exists: z.literal(true), accountId: z.number().int() }),
    summary: 'The signed-in account (401 when none)',
  },
  currentState: {
    method: 'GET',
    path: '/api/account/current-state',
    rule: 'public',
    response: accountStateSchema,
    summary: 'Role, flags and profile basics of the caller (Guest without a session)',
  },
  logout: {
    method: 'POST',
    path: '/api/account/logout',
    rule: 'public',
    query: z.object({ frontend: z.string().max(20).optional() }),
    response: returns<string>(),
    summary: 'End the session (and the embedded provider’s); answers (text) the URL to open next: an external provider’s end-session URL or /welcome',
  },
});
