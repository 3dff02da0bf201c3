/**
 * Switching between linked accounts (spec 1 §6, spec 3 §7.1 "login to main; logout from
 * relation"; paths not given by the spec, chosen here in its style). After a switch the page
 * reloads at the root, which lands the new role.
 */
export const ACCOUNT_SWITCH_PATHS = {
  toMain: '/api/account/relation/LoginToMain',
  back: '/api/account/relation/Logout',
} as const;

export type AccountSwitch = keyof typeof ACCOUNT_SWITCH_PATHS;

export async function switchAccount(kind: AccountSwitch): Promise<void> {
  const response = await fetch(ACCOUNT_SWITCH_PATHS[kind], {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new Error(body?.Description ?? body?.Title ?? response.statusText);
  }
  window.location.assign('/');
}
