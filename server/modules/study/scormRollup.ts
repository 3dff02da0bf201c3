import type { Cmi, ItemState, LessonStatus, ObjectiveState, RollupRule, ScormItem, ScormVersion, SeqObjective } from '../../../shared/calls/study/scorm.js';
import { scoOutcome, type ScoRules } from './scoOutcome.js';
import { readOutcome } from './scormRuntime.js';

/**
 * The exercise's status and score rolled up from every SCO of the package.
 * - SCORM 1.2 (no rollup in the standard, our rule): completed when every SCO is completed or
 *   passed, passed when moreover one passed; failed when every SCO reported a result and one
 *   failed; the score is the mean of the SCOs that report one.
 * - SCORM 2004 (SN book, rollup process): objectives first (a SCO's primary objective is its
 *   success status and scaled score; its other objectives come from cmi.objectives; mapInfo
 *   writes them to global objectives and reads them back into every item that maps the same
 *   target), then each cluster from its tracked children: the measure as the weighted mean
 *   (objectiveMeasureWeight), satisfied by measure when its primary objective says so, else by
 *   its rollup rules; completion by its rollup rules; where a cluster has no rule for an action,
 *   the standard's defaults (satisfied / completed when all children are, not satisfied /
 *   incomplete when all are known and not all are).
 * Assets count as completed once launched.
 */

export interface Rolled {
  states: Record<string, ItemState>;
  /** the exercise's status line value */
  lessonStatus: LessonStatus;
  /** completed, passed or failed: the exercise's progress follows */
  terminal: boolean;
  fraction: number | null;
}

export interface LeafData {
  cmi: Cmi;
  attempts: number;
}

const leavesOf = (item: ScormItem): ScormItem[] => (item.href ? [item] : item.children.flatMap(leavesOf));
const primaryOf = (item: ScormItem): SeqObjective | undefined => item.seq?.objectives?.find((o) => o.primary);
const tracked = (item: ScormItem) => item.seq?.tracked !== false;

/** A SCO's status rules from the manifest (mastery score, thresholds), by item id. */
export type RulesOf = (scoId: string) => ScoRules;

function leafState(version: ScormVersion, item: ScormItem, data: LeafData | undefined, rules: ScoRules): ItemState {
  const attempts = data?.attempts ?? 0;
  if (item.asset) return { completion: attempts > 0 ? 'completed' : 'not attempted', success: 'unknown', measure: null, attempts };
  const o = scoOutcome(version, data?.cmi ?? {}, rules);
  return { completion: o.completion, success: o.success, measure: o.scoreScaled, attempts: Math.max(attempts, data && Object.keys(data.cmi).length ? 1 : 0) };
}

/** Rolls up the tree from the SCOs' data (by item id). */
export function rollup(version: ScormVersion, root: ScormItem, data: Record<string, LeafData>, rulesOf: RulesOf = () => ({})): Rolled {
  const leaves = leavesOf(root);
  const states: Record<string, ItemState> = {};
  for (const leaf of leaves) states[leaf.id] = leafState(version, leaf, data[leaf.id], rulesOf(leaf.id));
  if (leaves.length === 1 && root.children.length === 1 && root.children[0] === leaves[0]) {
    // a single SCO: its own word, as before (1.2 'browsed' included)
    const only = readOutcome(version, data[leaves[0].id]?.cmi ?? {}, rulesOf(leaves[0].id));
    states[root.id] = { ...states[leaves[0].id] };
    return { states, lessonStatus: only.lessonStatus, terminal: only.terminal, fraction: only.fraction };
  }
  if (version === '1.2') return rollup12(root, leaves, states, data, rulesOf);
  shareObjectives(leaves, states, data);
  rollupItem(root, states);
  const r = states[root.id];
  const lessonStatus: LessonStatus = r.success !== 'unknown' ? r.success : r.completion;
  return { states, lessonStatus, terminal: r.completion === 'completed' || r.success !== 'unknown', fraction: r.measure };
}

function rollup12(root: ScormItem, leaves: ScormItem[], states: Record<string, ItemState>, data: Record<string, LeafData>, rulesOf: RulesOf): Rolled {
  const statuses = leaves.map((l) => (l.asset ? (states[l.id].completion === 'completed' ? 'completed' : 'not attempted') : readOutcome('1.2', data[l.id]?.cmi ?? {}, rulesOf(l.id)).lessonStatus));
  const done = statuses.every((s) => s === 'completed' || s === 'passed' || s === 'failed');
  const scores = leaves.map((l) => states[l.id].measure).filter((m): m is number => m !== null);
  const fraction = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  let lessonStatus: LessonStatus;
  if (done) lessonStatus = statuses.includes('failed') ? 'failed' : statuses.includes('passed') ? 'passed' : 'completed';
  else lessonStatus = statuses.some((s) => s !== 'not attempted') ? 'incomplete' : 'not attempted';
  const clusters = (item: ScormItem): void => {
    if (item.href) return;
    item.children.forEach(clusters);
    const kids = leavesOf(item).map((l) => states[l.id]);
    const all = kids.every((k) => k.completion === 'completed');
    states[item.id] = {
      completion: all ? 'completed' : kids.some((k) => k.completion !== 'not attempted') ? 'incomplete' : 'not attempted',
      success: all && kids.some((k) => k.success === 'failed') ? 'failed' : all && kids.some((k) => k.success === 'passed') ? 'passed' : 'unknown',
      measure: null,
      attempts: 0,
    };
  };
  clusters(root);
  states[root.id] = { ...states[root.id], measure: fraction, success: lessonStatus === 'failed' || lessonStatus === 'passed' ? lessonStatus : 'unknown' };
  return { states, lessonStatus, terminal: done, fraction };
}

type Objective = ObjectiveState;
const COMPLETIONS = ['completed', 'incomplete', 'not attempted', 'unknown'] as const;

const cmiObjectives = (cmi: Cmi): Record<string, Objective> => {
  const out: Record<string, Objective> = {};
  const list = cmi.objectives && typeof cmi.objectives === 'object' ? Object.values((cmi.objectives as Record<string, unknown>).childArray ?? cmi.objectives) : [];
  for (const o of list as Record<string, unknown>[]) {
    if (!o || typeof o.id !== 'string') continue;
    const s = o.success_status === 'passed' || o.success_status === 'failed' ? o.success_status : 'unknown';
    const scaled = Number((o.score as Record<string, unknown> | undefined)?.scaled);
    const completion = COMPLETIONS.find((c) => c === o.completion_status) ?? 'unknown';
    out[o.id] = { success: s, measure: (o.score as Record<string, unknown> | undefined)?.scaled !== '' && Number.isFinite(scaled) ? scaled : null, completion };
  }
  return out;
};

const progressKnown = (c: Objective['completion']) => c === 'completed' || c === 'incomplete';

/**
 * Objectives of the SCOs: local ones from cmi.objectives, the primary one from the SCO's own
 * status; written to global objectives by mapInfo (satisfaction, measure; the 4th edition's
 * adlseq:mapInfo the completion), then read back where a map reads them (a known global value
 * wins over an unknown local one). A primary objective read in is the SCO's own status.
 */
function shareObjectives(leaves: ScormItem[], states: Record<string, ItemState>, data: Record<string, LeafData>): void {
  const globals: Record<string, Objective> = {};
  for (const leaf of leaves) {
    const local = cmiObjectives(data[leaf.id]?.cmi ?? {});
    const s = states[leaf.id];
    const objectives: NonNullable<ItemState['objectives']> = {};
    for (const o of leaf.seq?.objectives ?? []) {
      const own: Objective = o.primary ? { success: s.success, measure: s.measure, completion: s.completion } : { ...(local[o.id] ?? { success: 'unknown', measure: null, completion: 'unknown' }) };
      objectives[o.id] = own;
      for (const m of o.maps) {
        const g = (globals[m.target] ??= { success: 'unknown', measure: null, completion: 'unknown' });
        if (m.writeSatisfied && own.success !== 'unknown') g.success = own.success;
        if (m.writeMeasure && own.measure !== null) g.measure = own.measure;
        if (m.writeCompletion && progressKnown(own.completion)) g.completion = own.completion;
      }
    }
    s.objectives = objectives;
  }
  for (const leaf of leaves) {
    const s = states[leaf.id];
    for (const o of leaf.seq?.objectives ?? []) {
      const mine = s.objectives![o.id];
      for (const m of o.maps) {
        const g = globals[m.target];
        if (m.readSatisfied && g && g.success !== 'unknown' && mine.success === 'unknown') mine.success = g.success;
        if (m.readMeasure && g && g.measure !== null && mine.measure === null) mine.measure = g.measure;
        if (m.readCompletion && g && progressKnown(g.completion) && !progressKnown(mine.completion)) mine.completion = g.completion;
      }
      if (o.primary) {
        s.success = mine.success;
        s.measure = mine.measure;
        if (mine.completion && mine.completion !== 'unknown') s.completion = mine.completion;
      }
    }
    const primary = primaryOf(leaf);
    if (primary?.satisfiedByMeasure && s.measure !== null && primary.minNormalizedMeasure !== null) s.success = s.measure >= primary.minNormalizedMeasure ? 'passed' : 'failed';
  }
}

type Check = (s: ItemState) => boolean;
const CONDITIONS: Record<string, Check> = {
  satisfied: (s) => s.success === 'passed',
  objectiveStatusKnown: (s) => s.success !== 'unknown',
  objectiveMeasureKnown: (s) => s.measure !== null,
  completed: (s) => s.completion === 'completed',
  activityProgressKnown: (s) => s.completion === 'completed' || s.completion === 'incomplete',
  attempted: (s) => s.attempts > 0 || s.completion !== 'not attempted',
  attemptLimitExceeded: () => false,
  timeLimitExceeded: () => false,
  outsideAvailableTimeRange: () => false,
  never: () => false,
  always: () => true,
};

function ruleHolds(rule: RollupRule, kids: ItemState[]): boolean {
  if (!kids.length) return false;
  const meets = kids.map((k) => {
    const each = rule.conditions.map((c) => (CONDITIONS[c.condition] ?? (() => false))(k) !== c.not);
    return rule.combination === 'all' ? each.every(Boolean) : each.some(Boolean);
  });
  const n = meets.filter(Boolean).length;
  switch (rule.childSet) {
    case 'all': return n === kids.length;
    case 'any': return n > 0;
    case 'none': return n === 0;
    case 'atLeastCount': return n >= rule.minimumCount;
    case 'atLeastPercent': return n / kids.length >= rule.minimumPercent;
  }
}

const DEFAULTS: Record<RollupRule['action'], RollupRule> = {
  satisfied: { action: 'satisfied', childSet: 'all', minimumCount: 0, minimumPercent: 0, combination: 'any', conditions: [{ condition: 'satisfied', not: false }] },
  notSatisfied: { action: 'notSatisfied', childSet: 'all', minimumCount: 0, minimumPercent: 0, combination: 'any', conditions: [{ condition: 'objectiveStatusKnown', not: false }] },
  completed: { action: 'completed', childSet: 'all', minimumCount: 0, minimumPercent: 0, combination: 'any', conditions: [{ condition: 'completed', not: false }] },
  incomplete: { action: 'incomplete', childSet: 'all', minimumCount: 0, minimumPercent: 0, combination: 'any', conditions: [{ condition: 'activityProgressKnown', not: false }] },
};

/** One cluster from its children (post-order); SCOs keep what they reported. */
function rollupItem(item: ScormItem, states: Record<string, ItemState>): void {
  if (item.href) return;
  item.children.forEach((c) => rollupItem(c, states));
  const kids = item.children.filter(tracked);
  const ofKids = (want: (c: ScormItem) => boolean) => kids.filter(want).map((c) => states[c.id]);
  const rules = item.seq?.rollup ?? [];
  const rulesFor = (action: RollupRule['action']) => {
    const own = rules.filter((r) => r.action === action);
    return own.length ? own : [DEFAULTS[action]];
  };
  // measure: weighted mean over the tracked children (unknown measures weigh in as 0)
  let weight = 0;
  let sum = 0;
  let known = false;
  for (const c of kids) {
    const w = c.seq?.objectiveMeasureWeight ?? 1;
    weight += w;
    const m = states[c.id].measure;
    if (m !== null) {
      known = true;
      sum += m * w;
    }
  }
  const measure = known && weight > 0 ? sum / weight : null;
  const forSatisfied = ofKids((c) => c.seq?.rollupObjectiveSatisfied !== false);
  const forCompletion = ofKids((c) => c.seq?.rollupProgressCompletion !== false);
  let success: ItemState['success'] = 'unknown';
  const primary = primaryOf(item);
  if (primary?.satisfiedByMeasure && measure !== null && primary.minNormalizedMeasure !== null) success = measure >= primary.minNormalizedMeasure ? 'passed' : 'failed';
  else {
    if (rulesFor('notSatisfied').some((r) => ruleHolds(r, forSatisfied))) success = 'failed';
    if (rulesFor('satisfied').some((r) => ruleHolds(r, forSatisfied))) success = 'passed';
  }
  let completion: ItemState['completion'] = forCompletion.some((k) => CONDITIONS.attempted(k)) ? 'incomplete' : 'not attempted';
  if (rulesFor('incomplete').some((r) => ruleHolds(r, forCompletion))) completion = 'incomplete';
  if (rulesFor('completed').some((r) => ruleHolds(r, forCompletion))) completion = 'completed';
  const attempts = Math.max(0, ...item.children.map((c) => (states[c.id].attempts > 0 ? 1 : 0)));
  states[item.id] = { completion, success, measure, attempts };
}

/**
 * SCORM 2004: the SCO starts with the objectives its activity declares (RTE 4.2.17: every
 * objective of the manifest with an objectiveID is in cmi.objectives, by id, after those the
 * SCO's data already has), and those that read a global objective with its value where the
 * SCO's own data knows nothing yet (success, scaled score, 4th edition completion); for the
 * primary objective also cmi.success_status / cmi.completion_status.
 */
export function withObjectives(item: ScormItem, cmi: Cmi, state: ItemState | undefined): Cmi {
  const declared = (item.seq?.objectives ?? []).filter((o) => o.id);
  if (!declared.length) return cmi;
  const saved = cmi.objectives && typeof cmi.objectives === 'object' ? ((cmi.objectives as Record<string, unknown>).childArray ?? cmi.objectives) : {};
  const list = Object.values(saved as Record<string, Record<string, unknown>>).filter((o) => o && typeof o === 'object').map((o) => ({ ...o }));
  let out = cmi;
  for (const o of declared) {
    let entry = list.find((e) => e.id === o.id);
    if (!entry) list.push((entry = { id: o.id }));
    const reads = o.maps.some((m) => m.readSatisfied || m.readMeasure || m.readCompletion);
    const shared = reads ? state?.objectives?.[o.id] : undefined;
    if (!shared) continue;
    if (shared.success !== 'unknown' && (!entry.success_status || entry.success_status === 'unknown')) entry.success_status = shared.success;
    const score = (entry.score ?? {}) as Record<string, unknown>;
    if (shared.measure !== null && (score.scaled === undefined || score.scaled === '')) entry.score = { ...score, scaled: String(shared.measure) };
    const completion = progressKnown(shared.completion) && o.maps.some((m) => m.readCompletion) ? shared.completion : undefined;
    if (completion && (!entry.completion_status || entry.completion_status === 'unknown')) entry.completion_status = completion;
    if (o.primary) {
      if (shared.success !== 'unknown' && (!out.success_status || out.success_status === 'unknown')) out = { ...out, success_status: shared.success };
      if (completion && (!out.completion_status || out.completion_status === 'unknown' || out.completion_status === 'not attempted')) out = { ...out, completion_status: completion };
    }
  }
  return { ...out, objectives: Object.fromEntries(list.map((e, i) => [String(i), e])) };
}
