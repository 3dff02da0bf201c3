import type { AccountState } from '../../shared/account';
import { allows, canAccessPath, rules, type Principal, type RuleKey } from '../../shared/permissions';

export const GUEST_PRINCIPAL: Principal = { role: 'Guest', flags: [] };

/** The Principal the shared permission table reads, from the server's AccountState. */
export function principalOf(state: AccountState | null | undefined): Principal {
  if (!state) return GUEST_PRINCIPAL;
  return { role: state.role, flags: state.permissions, accessToPhysical: state.accessToPhysical };
}

export interface AccessRequest {
  /** a react-admin resource name ("programs"), a client path ("/courses/list"), or "rule:<RuleKey>" */
  resource: string;
  /** react-admin action: list, show, create, edit, delete, export, clone … */
  action?: string;
  record?: { id?: string | number } | null;
}

/** The screen path a resource action opens, so that the path rules of spec 1 §6 apply to it. */
export function pathFor({ resource, action, record }: AccessRequest): string {
  const base = resource.startsWith('/') ? resource.replace(/\/+$/, '') || '/' : `/${resource}`;
  const id = record?.id != null ? encodeURIComponent(String(record.id)) : '0';
  switch (action) {
    case 'create':
      return `${base}/create`;
    case 'edit':
      return `${base}/${id}/edit`;
    case 'show':
    case 'delete':
    case 'clone':
      return `${base}/${id}`;
    default:
      return base;
  }
}

/**
 * canAccess of the authProvider as a pure function: the shared permission table
 * decides (the same table the server's guards read). `rule:<key>` asks a rule
 * directly (e.g. "rule:staff" for the quick-access toolbar); an unknown rule is denied.
 */
export function canAccess(principal: Principal | null | undefined, request: AccessRequest): boolean {
  if (request.resource.startsWith('rule:')) {
    const key = request.resource.slice('rule:'.length);
    return Object.prototype.hasOwnProperty.call(rules, key) && allows(principal, key as RuleKey);
  }
  return canAccessPath(principal ?? GUEST_PRINCIPAL, pathFor(request));
}
