import type { ItemSequencing, RollupRule, ScormItem, ScormOrganisation, SeqObjective, SeqRule } from '../../../shared/calls/study/scorm.js';

/**
 * The default organisation of a SCORM manifest as a tree (CAM book: organization/item): each
 * item's title, visibility, what it launches (a SCO or an asset of the resources, with the
 * item's parameters) and, for SCORM 2004, the common subset of its sequencing (SN book:
 * control modes, limit conditions, pre/exit/post-condition rules, rollup rules, objectives
 * with their global maps). Shared sequencing collections (sequencingCollection/IDRef) are not
 * read. The XML is the one scormPackage.ts parsed (namespace prefixes removed, attributes '@_').
 */
type Node = Record<string, unknown>;
const arr = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) as Node[];
const one = (v: unknown): Node | undefined => arr(v)[0];
const text = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (v && typeof v === 'object' && '#text' in (v as Node)) return text((v as Node)['#text']);
  return null;
};
const bool = (v: unknown): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined);
const numAttr = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

export interface OrganisationInput {
  organisation: Node | undefined;
  /** resource identifier → href with the item's parameters, and whether it is an asset */
  launchOf(identifierref: string, parameters: unknown): { href: string; asset: boolean } | null;
  version: string;
}

/** The organisation tree; the root is the organisation itself (its title, its sequencing). */
export function parseOrganisation({ organisation, launchOf, version }: OrganisationInput): ScormOrganisation {
  const seqOf = (node: Node | undefined): ItemSequencing | undefined => (version === '2004' && node ? readSequencing(one(node.sequencing)) : undefined);
  const itemOf = (item: Node): ScormItem => {
    const ref = item['@_identifierref'];
    const launch = typeof ref === 'string' ? launchOf(ref, item['@_parameters']) : null;
    const seq = seqOf(item);
    return {
      id: String(item['@_identifier'] ?? ref ?? ''),
      title: text(item.title) ?? String(item['@_identifier'] ?? ''),
      href: launch?.href ?? null,
      asset: launch?.asset ?? false,
      visible: bool(item['@_isvisible']) ?? true,
      children: arr(item.item).map(itemOf),
      ...(seq ? { seq } : {}),
    };
  };
  const seq = seqOf(organisation);
  return {
    root: {
      id: String(organisation?.['@_identifier'] ?? ''),
      title: text(organisation?.title) ?? '',
      href: null,
      asset: false,
      visible: true,
      children: arr(organisation?.item).map(itemOf),
      ...(seq ? { seq } : {}),
    },
  };
}

/** The items that launch something, in tree order. */
export function leaves(item: ScormItem): ScormItem[] {
  return item.href ? [item] : item.children.flatMap(leaves);
}

function rules(container: Node | undefined, tag: string): SeqRule[] | undefined {
  const list = arr(container?.[tag]).map((r): SeqRule => {
    const conds = one(r.ruleConditions);
    return {
      action: String(one(r.ruleAction)?.['@_action'] ?? ''),
      combination: conds?.['@_conditionCombination'] === 'any' ? 'any' : 'all',
      conditions: arr(conds?.ruleCondition).map((c) => ({
        condition: String(c['@_condition'] ?? ''),
        not: c['@_operator'] === 'not',
        ...(typeof c['@_referencedObjective'] === 'string' ? { objective: c['@_referencedObjective'] } : {}),
        ...(numAttr(c['@_measureThreshold']) !== undefined ? { threshold: numAttr(c['@_measureThreshold']) } : {}),
      })),
    };
  });
  return list.length ? list : undefined;
}

function rollupRules(node: Node | undefined): RollupRule[] | undefined {
  const list = arr(node?.rollupRule).map((r): RollupRule => {
    const conds = one(r.rollupConditions);
    const set = String(r['@_childActivitySet'] ?? 'all');
    return {
      action: String(one(r.rollupAction)?.['@_action'] ?? 'satisfied') as RollupRule['action'],
      childSet: (['all', 'any', 'none', 'atLeastCount', 'atLeastPercent'].includes(set) ? set : 'all') as RollupRule['childSet'],
      minimumCount: numAttr(r['@_minimumCount']) ?? 0,
      minimumPercent: numAttr(r['@_minimumPercent']) ?? 0,
      combination: conds?.['@_conditionCombination'] === 'all' ? 'all' : 'any',
      conditions: arr(conds?.rollupCondition).map((c) => ({ condition: String(c['@_condition'] ?? ''), not: c['@_operator'] === 'not' })),
    };
  });
  return list.length ? list : undefined;
}

function objective(o: Node, primary: boolean): SeqObjective {
  return {
    id: String(o['@_objectiveID'] ?? ''),
    primary,
    satisfiedByMeasure: bool(o['@_satisfiedByMeasure']) ?? false,
    minNormalizedMeasure: numAttr(text(o.minNormalizedMeasure)) ?? null,
    maps: arr(o.mapInfo).map((m) => ({
      target: String(m['@_targetObjectiveID'] ?? ''),
      readSatisfied: bool(m['@_readSatisfiedStatus']) ?? true,
      readMeasure: bool(m['@_readNormalizedMeasure']) ?? true,
      writeSatisfied: bool(m['@_writeSatisfiedStatus']) ?? false,
      writeMeasure: bool(m['@_writeNormalizedMeasure']) ?? false,
    })),
  };
}

/** imsss:sequencing of an item, only what is there (absent = the defaults of the SN book). */
function readSequencing(s: Node | undefined): ItemSequencing | undefined {
  if (!s) return undefined;
  const out: ItemSequencing = {};
  const control = one(s.controlMode);
  if (control) {
    if (bool(control['@_choice']) !== undefined) out.choice = bool(control['@_choice']);
    if (bool(control['@_flow']) !== undefined) out.flow = bool(control['@_flow']);
    if (bool(control['@_forwardOnly']) !== undefined) out.forwardOnly = bool(control['@_forwardOnly']);
  }
  const limit = numAttr(one(s.limitConditions)?.['@_attemptLimit']);
  if (limit) out.attemptLimit = limit;
  const seqRules = one(s.sequencingRules);
  const pre = rules(seqRules, 'preConditionRule');
  const exit = rules(seqRules, 'exitConditionRule');
  const post = rules(seqRules, 'postConditionRule');
  if (pre) out.pre = pre;
  if (exit) out.exit = exit;
  if (post) out.post = post;
  const rollup = one(s.rollupRules);
  if (rollup) {
    const r = rollupRules(rollup);
    if (r) out.rollup = r;
    if (bool(rollup['@_rollupObjectiveSatisfied']) !== undefined) out.rollupObjectiveSatisfied = bool(rollup['@_rollupObjectiveSatisfied']);
    if (bool(rollup['@_rollupProgressCompletion']) !== undefined) out.rollupProgressCompletion = bool(rollup['@_rollupProgressCompletion']);
    if (numAttr(rollup['@_objectiveMeasureWeight']) !== undefined) out.objectiveMeasureWeight = numAttr(rollup['@_objectiveMeasureWeight']);
  }
  const delivery = one(s.deliveryControls);
  if (bool(delivery?.['@_tracked']) === false) out.tracked = false;
  const objectives = one(s.objectives);
  if (objectives) {
    out.objectives = [...arr(objectives.primaryObjective).map((o) => objective(o, true)), ...arr(objectives.objective).map((o) => objective(o, false))];
  }
  return Object.keys(out).length ? out : undefined;
}
