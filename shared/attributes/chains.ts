import { AttributeDataType } from '../enums';
import type { AttributeDefinition, Requirement } from './definition';
import { setIds } from './validate';

const rank: Record<Requirement, number> = { hidden: 0, optional: 1, required: 2, readonly: 3 };
const stronger = (a: Requirement, b: Requirement) => (rank[b] > rank[a] ? b : a);

/** Whether a condition attribute's value is its chain's trigger value (a set: one of its ids). */
export function triggers(condition: AttributeDefinition, value: string | null | undefined): boolean {
  if (!condition.chain || value === null || value === undefined || value === '') return false;
  const trigger = condition.chain.triggerValue.trim();
  if (condition.type === AttributeDataType.set) return setIds(value).includes(trigger);
  return value.trim().toLowerCase() === trigger.toLowerCase();
}

/**
 * The requirement of every attribute of a form, chains applied (spec 2 §5): an attribute that is
 * a chain's result is hidden until a visible condition attribute holds its trigger value; then the
 * strongest usage of the chains that fired (and of its own requirement on the form) wins, required
 * over optional. `base` is how the form asks each attribute without chains (null: not asked);
 * `valueOf` the answer the form holds (as typed on the client, as stored on the server). Chains
 * may cascade: a result can be another chain's condition. Client and server both call this.
 */
export function requirementsOf(
  defs: readonly AttributeDefinition[],
  base: (d: AttributeDefinition) => Requirement | null,
  valueOf: (attributeId: number) => string | null | undefined,
): Map<number, Requirement> {
  const results = new Set<number>();
  for (const d of defs) for (const r of d.chain?.results ?? []) results.add(r.chainResultAttributeId);
  const out = new Map<number, Requirement>();
  for (const d of defs) {
    const b = base(d);
    if (results.has(d.id)) out.set(d.id, 'hidden');
    else if (b) out.set(d.id, d.readonly ? 'readonly' : b);
  }
  // fire chains until nothing changes (at most one round per attribute: cascades are finite)
  for (let round = 0; round <= defs.length; round++) {
    const next = new Map(out);
    for (const d of defs) if (results.has(d.id)) next.set(d.id, 'hidden');
    for (const condition of defs) {
      const shown = out.get(condition.id);
      if (!condition.chain || !shown || shown === 'hidden' || !triggers(condition, valueOf(condition.id))) continue;
      for (const r of condition.chain.results) {
        if (r.usage === 'undefined') continue;
        const target = defs.find((x) => x.id === r.chainResultAttributeId);
        if (!target) continue;
        const own = base(target);
        let req: Requirement = stronger(next.get(target.id) ?? 'hidden', r.usage);
        if (own && own !== 'hidden') req = stronger(req, own);
        next.set(target.id, target.readonly ? 'readonly' : req);
      }
    }
    const same = next.size === out.size && [...next].every(([k, v]) => out.get(k) === v);
    out.clear();
    for (const [k, v] of next) out.set(k, v);
    if (same) break;
  }
  return out;
}
