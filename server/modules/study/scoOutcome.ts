import type { Cmi, ScormVersion } from '../../../shared/calls/study/scorm.js';

/**
 * What one SCO's run-time data means, by the rules of the standards applied by the LMS (us),
 * not only by what the package wrote:
 *
 * SCORM 1.2 (RTE 3.4.4, cmi.core.lesson_status): with a mastery score (`adlcp:masteryscore`)
 * and a raw score, a SCO that reports a result (completed, passed, failed) is passed or failed
 * by the score — a package saying "passed" at 0 % against a mastery of 80 is failed. A SCO that
 * finishes (LMSFinish) without a status is completed (finishCmi, then the mastery rule).
 *
 * SCORM 2004 (RTE 4.2.4.1 and 4.2.22.1): with a completion threshold and a progress measure,
 * completion follows the measure (progress ≥ threshold: completed, else incomplete); with a
 * scaled passing score and a scaled score, success follows the score, and without a scaled
 * score it is unknown whatever the package said. Without them, the package's own statuses.
 */
export interface ScoRules {
  /** 1.2: 0..100 */
  masteryScore?: number | null;
  /** 2004: -1..1 */
  scaledPassingScore?: number | null;
  /** 2004: 0..1 */
  completionThreshold?: number | null;
}

export interface ScoOutcome {
  completion: 'completed' | 'incomplete' | 'not attempted' | 'unknown';
  success: 'passed' | 'failed' | 'unknown';
  /** the score as a fraction 0..1 for our scoring (scaled first, else raw within min..max), null when none */
  scoreScaled: number | null;
}

const obj = (v: unknown): Cmi => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Cmi) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const given = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** scaled (2004) first, else raw within min..max (max defaults to 100, min to 0); clamped to 0..1. */
export function scoreFraction(score: Cmi): number | null {
  const scaled = num(score.scaled);
  if (scaled !== null) return Math.min(1, Math.max(0, scaled));
  const raw = num(score.raw);
  if (raw === null) return null;
  const max = num(score.max) ?? 100;
  const min = num(score.min) ?? 0;
  if (max <= min) return null;
  return Math.min(1, Math.max(0, (raw - min) / (max - min)));
}

const LESSON_12: Record<string, Pick<ScoOutcome, 'completion' | 'success'>> = {
  passed: { completion: 'completed', success: 'passed' },
  failed: { completion: 'completed', success: 'failed' },
  completed: { completion: 'completed', success: 'unknown' },
  incomplete: { completion: 'incomplete', success: 'unknown' },
  browsed: { completion: 'incomplete', success: 'unknown' },
};

function outcome12(cmi: Cmi, rules: ScoRules): ScoOutcome {
  const core = obj(cmi.core);
  const score = obj(core.score);
  const scoreScaled = scoreFraction(score);
  const reported = LESSON_12[str(core.lesson_status)] ?? { completion: 'not attempted', success: 'unknown' };
  const raw = num(score.raw);
  // the mastery score judges a result the SCO reports, not a score set on the way
  if (given(rules.masteryScore) && raw !== null && reported.completion === 'completed') {
    return { completion: 'completed', success: raw >= rules.masteryScore ? 'passed' : 'failed', scoreScaled };
  }
  return { ...reported, scoreScaled };
}

function outcome2004(cmi: Cmi, rules: ScoRules): ScoOutcome {
  const score = obj(cmi.score);
  const scoreScaled = scoreFraction(score);
  let completion: ScoOutcome['completion'];
  const progress = num(cmi.progress_measure);
  if (given(rules.completionThreshold) && progress !== null) completion = progress >= rules.completionThreshold ? 'completed' : 'incomplete';
  else {
    const c = str(cmi.completion_status);
    // nothing set yet reads as not attempted (the status line before the package starts)
    completion = c === 'completed' || c === 'incomplete' || c === 'not attempted' || c === 'unknown' ? c : 'not attempted';
  }
  let success: ScoOutcome['success'];
  if (given(rules.scaledPassingScore)) {
    const scaled = num(score.scaled);
    success = scaled === null ? 'unknown' : scaled >= rules.scaledPassingScore ? 'passed' : 'failed';
  } else {
    const s = str(cmi.success_status);
    success = s === 'passed' || s === 'failed' ? s : 'unknown';
  }
  return { completion, success, scoreScaled };
}

export function scoOutcome(version: ScormVersion, cmi: Cmi, item: ScoRules = {}): ScoOutcome {
  return version === '1.2' ? outcome12(cmi, item) : outcome2004(cmi, item);
}

/**
 * The LMS's part at the end of a SCO's session (LMSFinish / Terminate), written into the cmi it
 * keeps: SCORM 1.2 — no status (or still "not attempted") becomes "completed", then passed or
 * failed by the mastery score when the SCO set a raw score (RTE 3.4.4). SCORM 2004 leaves the
 * statuses as set (the rules above read them). Returns a new cmi; the given one is not changed.
 */
export function finishCmi(version: ScormVersion, cmi: Cmi, rules: ScoRules = {}): Cmi {
  if (version !== '1.2') return cmi;
  const core = obj(cmi.core);
  const status = str(core.lesson_status);
  if (status !== '' && status !== 'not attempted') return cmi;
  const finished: Cmi = { ...cmi, core: { ...core, lesson_status: 'completed' } };
  const out = outcome12(finished, rules);
  return { ...finished, core: { ...core, lesson_status: out.success === 'unknown' ? 'completed' : out.success } };
}
