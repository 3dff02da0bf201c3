import type { ItemState, ScormItem, ScormVersion, SeqCondition, SeqRule } from './calls/study/scorm';

/**
 * Navigation between the SCOs of a package (SCORM 2004 SN book, the common subset; SCORM 1.2
 * has no sequencing: every SCO may be chosen, previous/next follow the tree's order):
 * - control modes of a cluster: choice (its children may be chosen from the outline), flow
 *   (continue/previous move through its children), forwardOnly (no previous within it);
 *   SN defaults: choice on, flow off, forwardOnly off;
 * - limit condition attemptLimit: a SCO launched that many times cannot be delivered again;
 * - pre-condition rules: skip (flow passes over), disabled (not delivered), hiddenFromChoice
 *   (not offered in the outline nor to choice requests);
 * - post-condition rules when a SCO ends: exitParent, exitAll, retry, retryAll, continue,
 *   previous (replacing the package's own request);
 * - rule conditions on a referenced objective (its success, measure and, 4th edition, completion);
 * - the package's jump request, which choice restrictions do not hold back.
 * The states (completion, success, measure, attempts, objectives with the global ones read in)
 * are the server's rollup (server/modules/study/scormRollup.ts).
 */
export type States = Record<string, ItemState>;

export interface Tree {
  version: ScormVersion;
  root: ScormItem;
  byId: Map<string, ScormItem>;
  parent: Map<string, ScormItem | null>;
  leaves: ScormItem[];
}

export function indexTree(version: ScormVersion, root: ScormItem): Tree {
  const byId = new Map<string, ScormItem>();
  const parent = new Map<string, ScormItem | null>();
  const leaves: ScormItem[] = [];
  const walk = (item: ScormItem, up: ScormItem | null) => {
    byId.set(item.id, item);
    parent.set(item.id, up);
    if (item.href) leaves.push(item);
    item.children.forEach((c) => walk(c, item));
  };
  walk(root, null);
  return { version, root, byId, parent, leaves };
}

const EMPTY: ItemState = { completion: 'not attempted', success: 'unknown', measure: null, attempts: 0 };

/** The item's ancestors, nearest first (the root last). */
export function ancestors(tree: Tree, id: string): ScormItem[] {
  const out: ScormItem[] = [];
  for (let p = tree.parent.get(id) ?? null; p; p = tree.parent.get(p.id) ?? null) out.push(p);
  return out;
}

const control = (tree: Tree, item: ScormItem) => ({
  choice: tree.version === '1.2' ? true : item.seq?.choice ?? true,
  flow: tree.version === '1.2' ? true : item.seq?.flow ?? false,
  forwardOnly: tree.version === '1.2' ? false : item.seq?.forwardOnly ?? false,
});

function conditionHolds(item: ScormItem, c: SeqCondition, states: States): boolean {
  const s = states[item.id] ?? EMPTY;
  // a rule's referenced objective (absent: the primary one, i.e. the item's own status); its
  // completion is the 4th edition's (adlseq:mapInfo reads it from a global objective)
  const ref = c.objective ? s.objectives?.[c.objective] : undefined;
  const o = ref ?? { success: s.success, measure: s.measure };
  const completion = ref ? ref.completion ?? 'unknown' : s.completion;
  const limit = item.seq?.attemptLimit;
  let v: boolean;
  switch (c.condition) {
    case 'satisfied': v = o.success === 'passed'; break;
    case 'objectiveStatusKnown': v = o.success !== 'unknown'; break;
    case 'objectiveMeasureKnown': v = o.measure !== null; break;
    case 'objectiveMeasureGreaterThan': v = o.measure !== null && o.measure > (c.threshold ?? 0); break;
    case 'objectiveMeasureLessThan': v = o.measure !== null && o.measure < (c.threshold ?? 0); break;
    case 'completed': v = completion === 'completed'; break;
    case 'activityProgressKnown': v = completion === 'completed' || completion === 'incomplete'; break;
    case 'attempted': v = s.attempts > 0; break;
    case 'attemptLimitExceeded': v = !!limit && s.attempts >= limit; break;
    case 'always': v = true; break;
    default: v = false;
  }
  return v !== c.not;
}

const ruleHolds = (item: ScormItem, rule: SeqRule, states: States) =>
  rule.combination === 'any' ? rule.conditions.some((c) => conditionHolds(item, c, states)) : rule.conditions.every((c) => conditionHolds(item, c, states));

/** The action of the first rule of the list that holds, among `actions`. */
function firstAction(item: ScormItem, rules: SeqRule[] | undefined, actions: string[], states: States): string | null {
  for (const r of rules ?? []) if (actions.includes(r.action) && ruleHolds(item, r, states)) return r.action;
  return null;
}

const preRule = (item: ScormItem, action: string, states: States) => firstAction(item, item.seq?.pre, [action], states) === action;
const limitReached = (item: ScormItem, states: States) => !!item.seq?.attemptLimit && (states[item.id] ?? EMPTY).attempts >= item.seq.attemptLimit;

/** The item or a cluster above it is disabled, or it has used its attempts. */
export function isDisabled(tree: Tree, item: ScormItem, states: States, current?: string | null): boolean {
  if (tree.version === '1.2') return false;
  const chain = [item, ...ancestors(tree, item.id)];
  if (chain.some((i) => preRule(i, 'disabled', states))) return true;
  // the SCO being played is not a new attempt
  return item.id !== current && limitReached(item, states);
}

export function isHiddenFromChoice(tree: Tree, item: ScormItem, states: States): boolean {
  if (tree.version === '1.2') return false;
  return [item, ...ancestors(tree, item.id)].some((i) => preRule(i, 'hiddenFromChoice', states));
}

const skipped = (tree: Tree, leaf: ScormItem, entered: ScormItem[], states: States) =>
  tree.version === '2004' && [leaf, ...entered].some((i) => preRule(i, 'skip', states));

/**
 * Continue (forward) or previous from `fromId` (a SCO, or a cluster whose SCOs are left
 * behind, after exitParent): the next SCO in tree order that flow allows, passing over skipped
 * ones; null when none (the end, a disabled SCO, flow off, forwardOnly backwards).
 */
export function flowTarget(tree: Tree, fromId: string, forward: boolean, states: States): ScormItem | null {
  const from = tree.byId.get(fromId);
  if (!from) return null;
  const parent = tree.parent.get(fromId);
  if (!parent || !control(tree, parent).flow) return null;
  if (!forward && control(tree, parent).forwardOnly) return null;
  const fromLeaves = from.href ? [from] : leavesOf(from);
  const order = tree.leaves;
  let i = forward ? order.indexOf(fromLeaves[fromLeaves.length - 1]) : order.indexOf(fromLeaves[0]);
  if (i < 0) return null;
  const fromChain = new Set([fromId, ...ancestors(tree, fromId).map((a) => a.id)]);
  for (i += forward ? 1 : -1; i >= 0 && i < order.length; i += forward ? 1 : -1) {
    const leaf = order[i];
    const up = ancestors(tree, leaf.id);
    const entered = up.filter((a) => !fromChain.has(a.id));
    // each cluster entered must flow, and none may be left backwards against forwardOnly
    if (entered.some((a) => !control(tree, a).flow)) return null;
    if (!forward && entered.some((a) => control(tree, a).forwardOnly)) return null;
    if (skipped(tree, leaf, entered, states)) continue;
    return isDisabled(tree, leaf, states) ? null : leaf;
  }
  return null;
}

function leavesOf(item: ScormItem): ScormItem[] {
  return item.href ? [item] : item.children.flatMap(leavesOf);
}

/** A choice request: the SCO it delivers (a cluster: its first SCO by flow), or null when not allowed. */
export function choiceTarget(tree: Tree, targetId: string, states: States, current: string | null): ScormItem | null {
  const target = tree.byId.get(targetId);
  if (!target || target === tree.root) return null;
  if (ancestors(tree, targetId).some((a) => !control(tree, a).choice)) return null;
  if (isHiddenFromChoice(tree, target, states) || isDisabled(tree, target, states, current)) return null;
  if (target.href) return target;
  if (!control(tree, target).flow) return null;
  const first = leavesOf(target).find((l) => !skipped(tree, l, ancestors(tree, l.id).filter((a) => a === target || ancestors(tree, a.id).includes(target)), states));
  return first && !isDisabled(tree, first, states, current) ? first : null;
}

/**
 * A jump request ({target=…}jump, SN 4th edition): a SCO the package names, not subject to the
 * choice restrictions (control mode choice, hiddenFromChoice), only to its being deliverable
 * (not disabled, attempts left); null when it is not.
 */
export function jumpTarget(tree: Tree, targetId: string, states: States): ScormItem | null {
  const target = tree.byId.get(targetId);
  if (!target?.href) return null;
  return isDisabled(tree, target, states) ? null : target;
}

/** What the outline and the buttons offer around the current SCO. */
export interface Navigation {
  next: string | null;
  previous: string | null;
  /** item id → may be chosen */
  choice: Record<string, boolean>;
  hidden: Set<string>;
}

export function navigation(tree: Tree, current: string | null, states: States): Navigation {
  const choice: Record<string, boolean> = {};
  const hidden = new Set<string>();
  for (const item of tree.byId.values()) {
    if (item === tree.root) continue;
    if (isHiddenFromChoice(tree, item, states)) hidden.add(item.id);
    choice[item.id] = item.id !== current && choiceTarget(tree, item.id, states, current) !== null;
  }
  return {
    next: current ? flowTarget(tree, current, true, states)?.id ?? null : null,
    previous: current ? flowTarget(tree, current, false, states)?.id ?? null : null,
    choice,
    hidden,
  };
}

/** The first SCO to play in a new attempt: flow from the root, else the first SCO that can be chosen. */
export function startTarget(tree: Tree, states: States): ScormItem | null {
  if (tree.version === '1.2' || control(tree, tree.root).flow) {
    const first = tree.leaves.find((l) => !skipped(tree, l, ancestors(tree, l.id), states));
    if (first && !isDisabled(tree, first, states)) return first;
  }
  return tree.leaves.find((l) => choiceTarget(tree, l.id, states, null)) ?? null;
}

/** What happens once a SCO ended. */
export type Step = { kind: 'deliver'; id: string; fresh: boolean; jump?: true } | { kind: 'end'; reason: 'exitAll' | 'suspendAll' | 'exit' | 'done' } | { kind: 'stay' };

/** The package's request (adl.nav.request) parsed: continue, previous, {target=…}choice, {target=…}jump, exit, exitAll, suspendAll… */
export function parseRequest(value: string | undefined): { request: string; target?: string } {
  const v = (value ?? '').trim();
  const m = /^\{target=([^}]+)\}(choice|jump)$/.exec(v);
  if (m) return { request: m[2], target: m[1] };
  return { request: v || '_none_' };
}

/**
 * After the SCO `current` ended with the package's request (or the learner's, from the
 * player): post-condition rules first (they replace the request), climbing on exitParent.
 */
export function afterExit(tree: Tree, current: string, request: { request: string; target?: string }, states: States): Step {
  let at: ScormItem | undefined = tree.byId.get(current);
  let req = request;
  while (tree.version === '2004' && at && at !== tree.root) {
    const action = firstAction(at, at.seq?.post, ['exitParent', 'exitAll', 'retry', 'retryAll', 'continue', 'previous'], states);
    if (action === 'exitParent') {
      at = tree.parent.get(at.id) ?? undefined;
      if (req.request === '_none_') req = { request: '_none_' };
      continue;
    }
    if (action === 'exitAll') return { kind: 'end', reason: 'exitAll' };
    if (action === 'retry') return at.href ? { kind: 'deliver', id: at.id, fresh: true } : firstOf(at);
    if (action === 'retryAll') return firstOf(tree.root);
    if (action === 'continue' || action === 'previous') req = { request: action };
    break;
  }
  const from = at && at !== tree.root ? at.id : current;
  switch (req.request) {
    case 'continue': {
      const t = flowTarget(tree, from, true, states);
      return t ? { kind: 'deliver', id: t.id, fresh: false } : { kind: 'end', reason: 'done' };
    }
    case 'previous': {
      const t = flowTarget(tree, from, false, states);
      return t ? { kind: 'deliver', id: t.id, fresh: false } : { kind: 'stay' };
    }
    case 'choice': {
      const t = req.target ? choiceTarget(tree, req.target, states, null) : null;
      return t ? { kind: 'deliver', id: t.id, fresh: false } : { kind: 'stay' };
    }
    case 'jump': {
      const t = req.target ? jumpTarget(tree, req.target, states) : null;
      return t ? { kind: 'deliver', id: t.id, fresh: false, jump: true } : { kind: 'stay' };
    }
    case 'exit': return { kind: 'end', reason: 'exit' };
    case 'exitAll': case 'abandonAll': return { kind: 'end', reason: 'exitAll' };
    case 'suspendAll': return { kind: 'end', reason: 'suspendAll' };
    default: return { kind: 'stay' };
  }
}

function firstOf(cluster: ScormItem): Step {
  const first = leavesOf(cluster)[0];
  return first ? { kind: 'deliver', id: first.id, fresh: true } : { kind: 'stay' };
}

/**
 * The server's check of a launch: `want` is the SCO playing now (resume, retry), one the
 * learner may choose or reach by previous/next, or where the package's request or a
 * post-condition rule leads once the current SCO ended; `jump`: the package's jump request.
 */
export function mayDeliver(tree: Tree, current: string | null, want: string, states: States, jump = false): boolean {
  if (tree.version === '1.2' || want === current) return true;
  if (jump) return jumpTarget(tree, want, states) !== null;
  if (!current) return startTarget(tree, states)?.id === want || choiceTarget(tree, want, states, null) !== null;
  const nav = navigation(tree, current, states);
  if (nav.choice[want] || nav.next === want || nav.previous === want) return true;
  return ['_none_', 'continue', 'previous'].some((request) => {
    const step = afterExit(tree, current, { request }, states);
    return step.kind === 'deliver' && step.id === want;
  });
}
