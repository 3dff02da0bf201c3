import { z } from 'zod';
import type { AttemptStatus, ExerciseKind, SlideRouteType } from '../../enums';
import { defineCalls, returns } from '../../http/call';

/**
 * The exercise player's slide loads (spec 3 §7.4 "Pages"): the hello page ('start'), a slide,
 * and the 'end' step before finishing, each with the attempt (`sessionId` on the wire) and its
 * clock by the server's time. Server: server/modules/study/pages.ts.
 */
export const STUDY_TAG = 'Study';
/** The exercise of a course a student studies in (every study call sits below it). */
export const EXERCISE_PATH = '/api/trainings/{courseId}/exercises/{exerciseId}';

export interface PlayerSlideSummary {
  id: number;
  number: number;
  label: string;
  type: SlideRouteType;
  required: boolean;
  answered: boolean;
}

export interface PlayerExercise {
  id: number;
  label: string;
  kind: ExerciseKind;
  exerciseType: number;
  timeLimitSeconds: number | null;
  lessonId: number;
}

/** The attempt and its clock (server time, ISO strings), with the exercise's slides. */
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
  exercise: PlayerExercise;
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

/**
 * Body of a slide load: the step, the attempt (else the latest), and `preview`: the hello page
 * starts nothing; a slide or 'end' without an attempt yet answers the hello page's preview
 * (slideId 'start') instead of a 404, and the player goes there.
 */
export const slideLoadInput = z.object({
  slideId: z.union([z.literal('start'), z.literal('end'), z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).transform(String),
  sessionId: z.union([z.number().int(), z.string()]).optional().nullable(),
  preview: z.boolean().optional(),
  /** loaded ahead to be kept on the device (the offline exam, issue 31): the attempt's resume position stays */
  prefetch: z.boolean().optional(),
});
export type SlideLoadInput = z.input<typeof slideLoadInput>;

/** The answer of Trace/Absent: the absence is recorded (once; a repeat answers the first mark). */
export interface AbsenceMark {
  message: string;
  absent: true;
  markedAt: string;
}

/** Rule 'student' on every call: a course the caller does not study in, or an exercise outside it, is 404. */
export const slideCalls = defineCalls(STUDY_TAG, {
  load: {
    method: 'POST',
    path: '/api/Trainings/{courseId}/Exercises/{exerciseId}/Pages',
    rule: 'student',
    body: slideLoadInput,
    response: returns<PlayerPage>(),
    summary: 'Loads a step of the exercise: start (starts or resumes the attempt), a slide, or end',
  },
  reportAbsence: {
    method: 'POST',
    path: '/api/Trainings/{courseId}/Exercises/{exerciseId}/Trace/Absent',
    rule: 'student',
    response: returns<AbsenceMark>(),
    summary: 'The student reports being absent from a digital-trace exercise',
  },
});
