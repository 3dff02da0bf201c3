import { z } from 'zod';
import type { AttemptStatus } from '../../enums';
import { defineCalls, returns } from '../../http/call';
import { EXERCISE_PATH, STUDY_TAG } from './pages';

/**
 * The SCORM player's calls: the attempt's run-time data (cmi) per SCO — read, loaded to start
 * or resume the attempt (launch, which also hands out the package's address on the content
 * origin), saved on every commit. Server: server/modules/study/scorm.ts, scormRuntime.ts.
 */
export type ScormVersion = '1.2' | '2004';
export type LessonStatus = 'not attempted' | 'incomplete' | 'completed' | 'passed' | 'failed' | 'browsed' | 'unknown';
/** SCORM run-time data as the package sets it. */
export type Cmi = Record<string, unknown>;

/** SCORM 2004 allows 64,000 characters of suspend_data plus interactions: a generous cap. */
export const MAX_CMI_BYTES = 512 * 1024;

/** A rule condition of 2004 sequencing (SN book 5.1.3.2); `objective` names the item's objective, absent = its primary one. */
export interface SeqCondition {
  condition: string;
  not: boolean;
  objective?: string;
  threshold?: number;
}
/** A pre-, exit or post-condition rule: its action when all/any of the conditions hold. */
export interface SeqRule {
  action: string;
  combination: 'all' | 'any';
  conditions: SeqCondition[];
}
/** A rollup rule: the action when all/any/none/at least N/at least N % of the tracked children meet the conditions. */
export interface RollupRule {
  action: 'satisfied' | 'notSatisfied' | 'completed' | 'incomplete';
  childSet: 'all' | 'any' | 'none' | 'atLeastCount' | 'atLeastPercent';
  minimumCount: number;
  minimumPercent: number;
  combination: 'all' | 'any';
  conditions: { condition: string; not: boolean }[];
}
/**
 * An objective of an item; `maps` share it with global objectives (imsss:mapInfo; the 4th
 * edition's adlseq:mapInfo adds the completion status, readCompletion/writeCompletion).
 */
export interface SeqObjective {
  id: string;
  primary: boolean;
  satisfiedByMeasure: boolean;
  minNormalizedMeasure: number | null;
  maps: { target: string; readSatisfied: boolean; readMeasure: boolean; writeSatisfied: boolean; writeMeasure: boolean; readCompletion?: boolean; writeCompletion?: boolean }[];
}
/** The common subset of an item's SCORM 2004 sequencing (absent fields: the standard's defaults). */
export interface ItemSequencing {
  choice?: boolean;
  flow?: boolean;
  forwardOnly?: boolean;
  attemptLimit?: number;
  pre?: SeqRule[];
  exit?: SeqRule[];
  post?: SeqRule[];
  rollup?: RollupRule[];
  rollupObjectiveSatisfied?: boolean;
  rollupProgressCompletion?: boolean;
  objectiveMeasureWeight?: number;
  tracked?: boolean;
  objectives?: SeqObjective[];
}
/** An item of the package's default organisation: a SCO or asset (href) or a cluster of items. */
export interface ScormItem {
  id: string;
  title: string;
  /** the launch page with its parameters, for a SCO or an asset; null for a cluster */
  href: string | null;
  /** an asset makes no API calls: it counts as completed once launched */
  asset: boolean;
  visible: boolean;
  children: ScormItem[];
  seq?: ItemSequencing;
}
/** The organisation as the player shows it (the root item is the organisation itself). */
export interface ScormOrganisation {
  root: ScormItem;
}
/** An objective's state in an attempt. */
export interface ObjectiveState {
  success: 'passed' | 'failed' | 'unknown';
  measure: number | null;
  completion?: 'completed' | 'incomplete' | 'not attempted' | 'unknown';
}
/** What the outline shows of an item, from the attempt's data and the rollup. */
export interface ItemState {
  completion: 'completed' | 'incomplete' | 'not attempted' | 'unknown';
  success: 'passed' | 'failed' | 'unknown';
  /** 0..1 when known */
  measure: number | null;
  /** times launched in this attempt */
  attempts: number;
  /** a SCO's objectives (2004), global ones read in; `completion` when known (4th edition: a SCO's own, or read from a global objective) */
  objectives?: Record<string, ObjectiveState>;
}

/** What the player plays: the package, the attempt (none before the first launch) and its saved cmi with the learner. */
export interface ScormRuntime {
  version: ScormVersion;
  title: string | null;
  launch: string;
  sessionId: number | null;
  scoId: string;
  /** an attempt in progress past its deadline reads 'expired' */
  attemptStatus: AttemptStatus | 'not_started';
  /** the attempt is over: the package plays in review mode and nothing is saved */
  readOnly: boolean;
  lessonStatus: LessonStatus;
  score: number | null;
  maxScore: number | null;
  startedAt: string | null;
  deadlineAt: string | null;
  serverTime: string;
  secondsLeft: number | null;
  /** the saved run-time data to start or resume with */
  cmi: Cmi;
  /** the default organisation (one item for a single-SCO package) */
  organisation: ScormOrganisation;
  /** per item (SCOs and clusters): status after rollup */
  states: Record<string, ItemState>;
}

/** The launch's answer: the attempt started or resumed, and where the package plays. */
export interface ScormLaunch extends Omit<ScormRuntime, 'sessionId'> {
  sessionId: number;
  /** the launcher page on the content origin (another origin than the app's) */
  launcherUrl: string;
  /** the package's launch page on the content origin, with this attempt's capability */
  contentUrl: string;
}

/** A commit: what the package set, for the attempt and SCO (default: the launch page's). */
/** The launch: the SCO to play (absent: the one last played, else the first). */
/** `jump`: the package asked for this SCO ({target=…}jump, SN 4th edition): choice restrictions do not apply. */
export const scormLaunchInput = z.object({ scoId: z.string().max(255).optional(), fresh: z.boolean().optional(), jump: z.boolean().optional() }).nullish();

export const scormCommitInput = z.object({
  sessionId: z.union([z.number().int(), z.string().max(20)]),
  scoId: z.string().max(255).optional(),
  cmi: z.record(z.string(), z.unknown()),
  /** the package finished the session (LMSFinish / Terminate): the LMS's end-of-session rules apply */
  final: z.boolean().optional(),
});

/** A commit's answer; `result`/`errorCode` are what scorm-again reads from it. */
export interface CommitAnswer {
  result: true;
  errorCode: 0;
  sessionId: number;
  scoId: string;
  saved: true;
  lessonStatus: LessonStatus;
  progressStatus: number;
  score: number | null;
  maxScore: number;
  /** every item's state after this commit (rollup) */
  states: Record<string, ItemState>;
}

const S = `${EXERCISE_PATH}/scorm` as const;

/** Rule 'student'; the exercise must be a SCORM exercise of the course's program (else 404). */
export const scormCalls = defineCalls(STUDY_TAG, {
  /** read-only: a GET changes nothing (a cross-site page can make the browser send one) */
  runtime: { method: 'GET', path: `${S}/runtime`, rule: 'student', response: returns<ScormRuntime>() },
  launch: { method: 'POST', path: `${S}/launch`, rule: 'student', body: scormLaunchInput, response: returns<ScormLaunch>(), summary: 'Starts or resumes the attempt and hands out the package’s address' },
  /** the player's commits (POST: also sent with keepalive when the page is left) */
  commit: { method: 'POST', path: `${S}/runtime`, rule: 'student', body: scormCommitInput, response: returns<CommitAnswer>() },
  save: { method: 'PUT', path: `${S}/runtime`, rule: 'student', body: scormCommitInput, response: returns<CommitAnswer>() },
});
