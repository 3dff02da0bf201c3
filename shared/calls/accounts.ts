import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/**
 * Linked accounts (spec 1 §2.3 `/accounts`, §6; spec 3 §7.1 "account relation …", "login to main;
 * logout from relation"). The spec gives no paths: these are chosen in its style under
 * /api/account/relation. A family is one main account and the accounts linked to it.
 * Imported by the header (profile menu): keep it light.
 */
export interface LinkedAccount {
  accountId: number;
  fullName: string;
  eMail: string;
  /** the family's main account */
  isMain: boolean;
  /** the account this session is in (its Log in is disabled) */
  isCurrent: boolean;
}

/** A switch's answer: the account the session is now in (the client reloads at the root). */
export interface SwitchedTo {
  accountId: number;
  role: string;
}

export const linkAccountBody = z.object({
  login: z.string().trim().min(1, 'validation.required').max(320, 'validation.tooLong'),
  password: z.string().min(1, 'validation.required').max(1024, 'validation.tooLong'),
});
export type LinkAccountInput = z.input<typeof linkAccountBody>;

const B = '/api/account/relation';

export const accountRelationCalls = defineCalls('account', {
  list: { method: 'GET', path: `${B}/List`, rule: 'signedIn', response: returns<LinkedAccount[]>(), summary: 'The main account and the accounts linked to it' },
  add: {
    method: 'POST',
    path: `${B}/Add`,
    rule: 'signedIn',
    body: linkAccountBody,
    status: 201,
    response: returns<LinkedAccount>(),
    summary: 'Link another account of the embedded identity provider by its e-mail (login) and password to the main account',
  },
  loginById: { method: 'POST', path: `${B}/Login/{accountId}`, rule: 'signedIn', response: returns<SwitchedTo>(), summary: 'Switch this session into an account of the family (a new session)' },
  unlink: { method: 'DELETE', path: `${B}/{accountId}`, rule: 'signedIn', response: returns<{ ok: true }>(), summary: 'Unlink an account (from the main account’s session)' },
});

/** The profile menu's two switches (spec 1 §2.4): into the main account, and back to the previous one. */
export const accountSwitchCalls = defineCalls('account', {
  toMain: { method: 'POST', path: `${B}/LoginToMain`, rule: 'signedIn', response: returns<SwitchedTo>(), summary: 'Switch into the family’s main account' },
  back: { method: 'POST', path: `${B}/Logout`, rule: 'signedIn', response: returns<SwitchedTo>(), summary: 'Leave the switched-into account for the previous one' },
});
