import type { AttemptStatus } from '../../enums';
import { defineCalls, returns } from '../../http/call';
import { EXERCISE_PATH, STUDY_TAG } from './pages';

/**
 * Finishing an attempt and the final page (spec 3 §7.4 finish, restart; spec 1 §2.3):
 * the result with per-question correctness, the retake, the exercise's competencies.
 * Server: server/modules/study/index.ts, finish.ts, restart.ts, competencies.ts.
 */

/** One question of the final page. */
export interface ResultQuestion {
  slideId: number;
  label: string;
  contentKind: number;
  required: boolean;
  answered: boolean;
  correctness: number | null;
  needsReview: boolean;
  score: number | null;
  maxScore: number | null;
  /** the student's answer as saved */
  answer: unknown;
  /** shown once no retake is left */
  correctAnswer: Record<string, unknown> | null;
}

export interface AttemptResult {
  sessionId: number;
  attemptNo: number;
  attemptStatus: AttemptStatus;
  exerciseId: number;
  exerciseType: number;
  startedAt: string;
  finishedAt: string | null;
  durationSeconds: number | null;
  score: number | null;
  maxScore: number | null;
  correctCount: number;
  questionsCount: number;
  status: number;
  statusText: string;
  /** the SCORM package's result was failed (the exercise is over, not passed) */
  failed: boolean;
  requiresReview: boolean;
  restarts: number;
  restartLimit: number;
  canRestart: boolean;
  showsCorrectAnswers: boolean;
  /** how many competencies the exercise trains (none: the final page offers no competencies) */
  competencyCount: number;
  questions: ResultQuestion[];
}

/** The retake's new attempt. */
export interface RestartAnswer {
  sessionId: number;
  attemptNo: number;
  deadlineAt: string | null;
  message: string;
}

/** A competency the exercise trains, with the student's score in the course (0..1; null before any grading). */
export interface Competency {
  id: number;
  name: string;
  weight: number;
  value: number | null;
}

export const resultCalls = defineCalls(STUDY_TAG, {
  /** only reads: an attempt whose time ran out answers 400.17 (the finish call closes it) */
  result: { method: 'GET', path: `${EXERCISE_PATH}/finish`, rule: 'student', response: returns<AttemptResult>(), summary: 'The result of the latest attempt' },
  finish: {
    method: 'POST',
    path: `${EXERCISE_PATH}/finish`,
    rule: 'student',
    idempotent: true,
    response: returns<AttemptResult>(),
    summary: 'Submits the attempt (400 SessionNotCompleted lists the unanswered required slides)',
  },
  restart: { method: 'POST', path: `${EXERCISE_PATH}/restart`, rule: 'student', response: returns<RestartAnswer>(), summary: 'Retakes the exercise' },
  /** our path: spec 3 names no student call for the final page's competencies */
  competencies: { method: 'GET', path: `${EXERCISE_PATH}/competencies`, rule: 'student', response: returns<Competency[]>() },
});
