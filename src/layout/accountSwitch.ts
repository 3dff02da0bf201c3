import { accountSwitchCalls } from '../../shared/calls/accounts';
import { callApi } from '../http/client';

/**
 * Switching between linked accounts (spec 1 §6, spec 3 §7.1). After a switch the page reloads
 * at the root, which lands the new role.
 */
export type AccountSwitch = keyof typeof accountSwitchCalls;

export async function switchAccount(kind: AccountSwitch): Promise<void> {
  await callApi(accountSwitchCalls[kind]);
  window.location.assign('/');
}
