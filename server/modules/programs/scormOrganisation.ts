import type { ItemSequencing, RollupRule, ScormItem, ScormOrganisation, SeqObjective, SeqRule } from '../../../shared/calls/study/scorm.js';

/**
 * The default organisation of a SCORM manifest as a tree (CAM book: organization/item): each
 * item's title, visibility, what it launches (a SCO or an asset of the resources, with the
 * item's parameters) and, for SCORM 2004, the common subset of its sequencing (SN book:
 * control modes, limit conditions, pre/exit/post-condition rules, rollup rules, objectives
 * with their global maps, the 4th edition's completion maps). An item's sequencing that refers
 * to a shared one of the manifest's sequencingCollection (IDRef, CAM 3.4.1) is that one with the
 * item's own elements over it (sequencingOf). The XML is the one scormPackage.ts parsed
 * (namespace prefixes removed, attributes '@_'; adlseq's objectives renamed adlseq_*, see
 * ADLSEQ_RENAME, since they would otherwise mix with imsss's).
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

/** The manifest's shared sequencings by ID (imsss:sequencingCollection). */
export type SequencingCollection = Map<string, Node>;

export function sequencingCollection(manifest: Node | undefined): SequencingCollection {
  const out: SequencingCollection = new Map();
  for (const c of arr(manifest?.sequencingCollection)) for (const s of arr(c.sequencing)) if (typeof s['@_ID'] === 'string') out.set(s['@_ID'], s);
  return out;
}

/**
 * An item's (or organisation's) imsss:sequencing: with IDRef, the shared one of the collection
 * with the item's own elements over it, element by element (controlMode, sequencingRules,
 * rollupRules, objectives…: an element the item gives replaces the collection's whole).
 */
export function sequencingOf(node: Node | undefined, collection: SequencingCollection): Node | undefined {
  const own = one(node?.sequencing);
  const ref = own?.['@_IDRef'];
  const shared = typeof ref === 'string' ? collection.get(ref) : undefined;
  if (!shared) return own;
  const merged: Node = {};
  for (const [k, v] of Object.entries(shared)) if (!k.startsWith('@_')) merged[k] = v;
  for (const [k, v] of Object.entries(own!)) if (!k.startsWith('@_')) merged[k] = v;
  return merged;
}

/**
 * adlseq:objectives / adlseq:objective / adlseq:mapInfo (4th edition) get names of their own
 * before parsing: with the namespace prefixes removed they would read as imsss's.
 */
export function renameAdlseq(xml: string): string {
  const prefix = /xmlns:([\w.-]+)\s*=\s*["']http:\/\/www\.adlnet\.org\/xsd\/adlseq_v1p3["']/.exec(xml)?.[1];
  if (!prefix) return xml;
  const esc = prefix.replace(/[.-]/g, '\\$&');
  return xml.replace(new RegExp(`<(/?)${esc}:(objectives|objective|mapInfo)(?=[\\s/>])`, 'g'), `<$1${prefix}:adlseq_$2`);
}

export interface OrganisationInput {
  organisation: Node | undefined;
  /** the manifest's shared sequencings (absent: none) */
  collection?: SequencingCollection;
  /** resource identifier → href with the item's parameters, and whether it is an asset */
  launchOf(identifierref: string, parameters: unknown): { href: string; asset: boolean } | null;
  version: string;
}

/** The organisation tree; the root is the organisation itself (its title, its sequencing). */
export function parseOrganisation({ organisation, launchOf, version, collection = new Map() }: OrganisationInput): ScormOrganisation {
  const seqOf = (node: Node | undefined): ItemSequencing | undefined => (version === '2004' && node ? readSequencing(sequencingOf(node, collection)) : undefined);
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

/**
 * adlseq:objectives (4th edition): completion maps of the item's objectives (by objectiveID;
 * reads default to true, writes to false as for imsss:mapInfo), added to the objective's maps.
 */
function addCompletionMaps(objectives: SeqObjective[], s: Node): void {
  for (const o of arr(one(s.adlseq_objectives)?.adlseq_objective)) {
    const id = String(o['@_objectiveID'] ?? '');
    let target = objectives.find((x) => x.id === id);
    if (!target) objectives.push((target = { id, primary: false, satisfiedByMeasure: false, minNormalizedMeasure: null, maps: [] }));
    for (const m of arr(o.adlseq_mapInfo)) {
      target.maps.push({
        target: String(m['@_targetObjectiveID'] ?? ''),
        readSatisfied: false,
        readMeasure: false,
        writeSatisfied: false,
        writeMeasure: false,
        readCompletion: bool(m['@_readCompletionStatus']) ?? true,
        writeCompletion: bool(m['@_writeCompletionStatus']) ?? false,
      });
    }
  }
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
  const list = objectives ? [...arr(objectives.primaryObjective).map((o) => objective(o, true)), ...arr(objectives.objective).map((o) => objective(o, false))] : [];
  addCompletionMaps(list, s);
  if (list.length) out.objectives = list;
  return Object.keys(out).length ? out : undefined;
}
