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
}

const S = `${EXERCISE_PATH}/scorm` as const;

/** Rule 'student'; the exercise must be a SCORM exercise of the course's program (else 404). */
export const scormCalls = defineCalls(STUDY_TAG, {
  /** read-only: a GET changes nothing (a cross-site page can make the browser send one) */
  runtime: { method: 'GET', path: `${S}/runtime`, rule: 'student', response: returns<ScormRuntime>() },
  launch: { method: 'POST', path: `${S}/launch`, rule: 'student', response: returns<ScormLaunch>(), summary: 'Starts or resumes the attempt and hands out the package’s address' },
  /** the player's commits (POST: also sent with keepalive when the page is left) */
  commit: { method: 'POST', path: `${S}/runtime`, rule: 'student', body: scormCommitInput, response: returns<CommitAnswer>() },
  save: { method: 'PUT', path: `${S}/runtime`, rule: 'student', body: scormCommitInput, response: returns<CommitAnswer>() },
});
