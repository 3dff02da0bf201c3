import { useQueryClient } from '@tanstack/react-query';
import { accountSettingCalls } from '../../shared/calls/accountSettings';
import type { Principal } from '../../shared/permissions';
import { callApi } from '../http/client';
import { callKey, useCall } from '../http/queries';
import { menuFor, type MenuEntry } from './menuDefinition';

/**
 * The quick-access toolbar (spec 1 §2.4, §2.9): shortcuts to menu screens in the header, picked
 * and ordered by the instructor, stored per account as one AccountSetting (a comma-separated list
 * of menu keys: the settings store keeps small scalars only).
 */
export const QUICK_ACCESS_SETTING = 'quickAccessToolbar';
/** More would not fit the header beside the settings and profile menus. */
export const MAX_SHORTCUTS = 8;

/** The screens a principal may put on the toolbar: its menu's pages (not the chat action, not outside links). */
export function shortcutsFor(principal: Principal): MenuEntry[] {
  if (principal.role !== 'Instructors' && principal.role !== 'Root') return [];
  return menuFor(principal).filter((e) => !e.external && !e.action);
}

/** The stored keys, in order, as the principal's shortcuts: unknown, forbidden and repeated keys are dropped. */
export function chosenShortcuts(available: readonly MenuEntry[], stored: unknown): MenuEntry[] {
  if (typeof stored !== 'string' || !stored) return [];
  const keys = [...new Set(stored.split(','))];
  return keys.flatMap((key) => available.filter((e) => e.key === key)).slice(0, MAX_SHORTCUTS);
}

export const storedShortcuts = (keys: readonly string[]) => keys.slice(0, MAX_SHORTCUTS).join(',');

/** The caller's toolbar (read with the account's settings) and a way to store a new one. */
export function useQuickAccess(principal: Principal) {
  const available = shortcutsFor(principal);
  const client = useQueryClient();
  const { data, isPending, error, refetch } = useCall(accountSettingCalls.get, available.length ? {} : null, { staleTime: 5 * 60 * 1000 });
  const chosen = chosenShortcuts(available, data?.settings[QUICK_ACCESS_SETTING]);
  const save = async (keys: readonly string[]) => {
    const settings = await callApi(accountSettingCalls.save, { body: { settings: { [QUICK_ACCESS_SETTING]: keys.length ? storedShortcuts(keys) : null } } });
    client.setQueryData(callKey(accountSettingCalls.get, {}), settings);
  };
  return { available, chosen, isPending: available.length > 0 && isPending, error, refetch, save };
}
