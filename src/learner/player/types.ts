import type { AttemptStatus, ExerciseKind, SlideRouteType } from '../../../shared/enums';

/**
 * The player's contract with the server (server/modules/study/pages.ts and finish.ts):
 * the answers of POST /api/Trainings/{courseId}/Exercises/{exerciseId}/Pages and of
 * GET/POST .../finish, and the props every slide viewer receives.
 */
export interface PlayerSlideSummary {
  id: number;
  number: number;
  label: string;
  type: SlideRouteType;
  required: boolean;
  answered: boolean;
}

export interface PlayerSession {
  sessionId: number;
  attemptNo: number;
  status: AttemptStatus;
  /** the attempt is over: answers are shown, not edited */
  readOnly: boolean;
  startedAt: string;
  deadlineAt: string | null;
  serverTime: string;
  secondsLeft: number | null;
  exercise: { id: number; label: string; kind: ExerciseKind; exerciseType: number; timeLimitSeconds: number | null; lessonId: number };
  slides: PlayerSlideSummary[];
  total: number;
}

/**
 * slideId 'start': the hello page. Loaded with `preview: true` it starts nothing: before the
 * first attempt there is no session yet (status 'not_started', `attemptNo` the one Start will
 * create, `secondsLeft` the full time limit); Start loads it again without preview.
 */
export interface StartPage extends Omit<PlayerSession, 'sessionId' | 'status' | 'startedAt'> {
  sessionId: number | null;
  status: AttemptStatus | 'not_started';
  startedAt: string | null;
  slideId: 'start';
  next: number | 'end';
  currentSlideId: number | null;
}

/** slideId 'end': before finishing. */
export interface EndPage extends PlayerSession {
  slideId: 'end';
  pendingFinish: boolean;
  unansweredSlideIds: number[];
  previous: number | 'start';
}

/** A slide as the student sees it (never the correct answers). */
export interface SlidePage extends PlayerSession {
  slideId: number;
  number: number;
  previous: number | 'start';
  next: number | 'end';
  onlyForReading: boolean;
  slide: { id: number; type: SlideRouteType; contentKind: number; pageType: number; label: string; sequence: number; duration: number | null; required: boolean };
  /** per kind, see server/modules/slides/preview.ts */
  content: Record<string, unknown>;
  /** the student's saved answer in this attempt (the value the save call stored), or null */
  answer: unknown;
}

export type PlayerPage = StartPage | EndPage | SlidePage;
/** The steps inside an attempt (the carousel's bar and clock). */
export type AttemptPage = EndPage | SlidePage;

/** Props of every slide viewer and question form (src/learner/player/viewers, questions). */
export interface SlideViewProps {
  page: SlidePage;
  courseId: string;
  exerciseId: string;
  /** no edits: the attempt is over, or the slide is 'Only for reading' */
  readOnly: boolean;
  /** a question form calls this after the server acknowledged a save (the shell marks the slide answered) */
  onSaved: (slideId: number) => void;
}

/** One question of the final page (GET/POST .../finish). */
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
  answer: unknown;
  correctAnswer: Record<string, unknown> | null;
}

export interface AttemptResult {
  sessionId: number;
  attemptNo: number;
  attemptStatus: PlayerSession['status'];
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
  requiresReview: boolean;
  restarts: number;
  restartLimit: number;
  canRestart: boolean;
  showsCorrectAnswers: boolean;
  questions: ResultQuestion[];
}
