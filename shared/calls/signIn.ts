import { z } from 'zod';
import { isSafeReturnPath } from '../account';
import { defineCalls } from '../http/call';

/** A same-origin path to return to after sign-in (isSafeReturnPath): no open redirect. */
export const returnPathSchema = z.string().refine(isSafeReturnPath, { message: 'auth.invalidReturnUrl' });

/**
 * The account calls of spec 3 §7.1 around sign-in that the app itself does not make (other
 * clients and the old site do): how users sign in, and where to return after it. Apart from
 * calls/account.ts so the browser's first load does not carry them.
 */
export const signInCalls = defineCalls('account', {
  authType: {
    method: 'GET',
    path: '/api/Login/AuthType',
    rule: 'public',
    response: z.object({ authType: z.literal('oidc'), loginUrl: z.string() }),
    summary: 'How users sign in',
  },
  redirectCookie: {
    method: 'POST',
    path: '/api/account/CreateRedirectCookie',
    rule: 'public',
    body: z.object({ url: returnPathSchema }),
    query: z.object({ redirectToOld: z.stringbool().optional() }),
    response: z.object({ url: z.string() }),
    summary: 'Remember a same-origin path to open after sign-in',
  },
});
