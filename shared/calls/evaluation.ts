import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/**
 * Exercises check: results verification and evaluation (spec 3 §7.10, spec 2 §5 "evaluation:
 * draft → evaluated → reverted"). An instructor (or a tutor with the journal panel permission,
 * their assigned students only) finds the attempts waiting for a check — course, lesson,
 * exercise — reads a student's answers with their files, saves a draft, evaluates, and may
 * revert an evaluated attempt to evaluation.
 *
 * Score scale: each answer that needs a manual check (file answers, free answers the engine
 * cannot rate) gets 0 to its slide's maximum score, in points; the automatic scores of the
 * other answers stay; the attempt's score is the sum.
 */

/** A course with answers waiting for a check. */
export interface VerifyCourse {
  id: number;
  label: string;
  /** attempts waiting for a check (the caller's students only, for a tutor) */
  waiting: number;
}

export interface VerifyLesson {
  id: number;
  label: string;
  waiting: number;
}

export interface VerifyExercise {
  id: number;
  lessonId: number;
  label: string;
  exerciseType: number;
  waiting: number;
  evaluated: number;
}

/** One attempt waiting for a check, for the search across courses. */
export interface WaitingSession {
  sessionId: number;
  courseId: number;
  courseLabel: string;
  lessonId: number;
  exerciseId: number;
  exerciseLabel: string;
  studentId: number;
  studentName: string;
  finishedAt: string | null;
}

export interface CheckedFile {
  id: number;
  name: string;
  size: number;
  /** where the instructor downloads it */
  address: string;
}

/**
 * What the student chose, beside the question's options, for the kinds scored automatically: each
 * option chosen or not and right or not; each pair as matched; the items in the student's order.
 */
export type GivenAnswer =
  | { kind: 'choice'; options: { text: string; chosen: boolean; correct: boolean }[] }
  | { kind: 'matching'; pairs: { option: string; target: string | null; correct: boolean }[] }
  | { kind: 'sequence'; items: { text: string; correct: boolean }[] };

/** An answer of the attempt as the checker sees it. */
export interface CheckedAnswer {
  slideId: number;
  label: string | null;
  /** the question's text as the student saw it (HTML, sanitised when stored), or null */
  question: string | null;
  /** the student's choice against the options (choice, matching, sequence), when answered */
  given: GivenAnswer | null;
  contentKind: number;
  /** the slide's maximum score: the scale of a manual score is 0..maxScore */
  maxScore: number;
  /** needs the instructor's score */
  manual: boolean;
  answered: boolean;
  /** the answer as saved (text, choices, code …) */
  value: Record<string, unknown> | null;
  files: CheckedFile[];
  /** the score it holds now (automatic, or the instructor's once evaluated) */
  score: number | null;
  /** made without a connection and sent later (issue 31): when it was made by the server's reckoning, and when it came */
  sentLate: { answeredAt: string; receivedAt: string } | null;
}

export type EvaluationState = 'draft' | 'evaluated' | 'reverted';

export interface EvaluationView {
  status: EvaluationState;
  body: string;
  /** the instructor's points by slide id */
  scores: Record<string, number>;
  score: number | null;
  evaluatedAt: string | null;
  evaluatorName: string | null;
}

/** A student's attempt at the exercise, to check or already checked. */
export interface StudentAttempt {
  sessionId: number;
  studentId: number;
  studentName: string;
  email: string;
  attemptNo: number;
  finishedAt: string | null;
  /** the exercise's progress status: 3 waiting, 4 completed … */
  progressStatus: number;
  score: number | null;
  maxScore: number | null;
  evaluation: EvaluationView | null;
  answers: CheckedAnswer[];
}

export interface ExerciseToVerify {
  exercise: { id: number; label: string; lessonId: number; courseId: number };
  attempts: StudentAttempt[];
}

const intId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/).transform(Number)]);
const search = z.string().trim().max(200).optional();

/** The evaluation body (spec 2 §3.3: courseId, exerciseId, sessionId, body) plus the points per checked answer. */
export const evaluationInput = z.object({
  courseId: intId.optional(),
  exerciseId: intId.optional(),
  sessionId: intId.optional(),
  body: z.string().max(20_000).default(''),
  scores: z.record(z.string().regex(/^\d{1,10}$/), z.number().finite().min(0)).default({}),
});
export type EvaluationInput = z.input<typeof evaluationInput>;

export const verifyFilter = z.enum(['waiting', 'evaluated', 'all']);

const I = '/api/instructors';
const rule = 'showStudents' as const;
const evaluate = { action: 'evaluate' } as const;

export const evaluationCalls = defineCalls('Evaluation', {
  courses: {
    method: 'GET',
    path: `${I}/trainings/results/verify/trainings`,
    rule,
    summary: 'The courses where the caller checks answers, with the attempts waiting in each',
    response: returns<VerifyCourse[]>(),
  },
  waiting: {
    method: 'GET',
    path: `${I}/trainings/results/verify`,
    rule,
    query: z.object({ training: intId.optional(), search }),
    summary: 'Attempts waiting for a check across the caller\'s courses (or one: training), searched by student or exercise; at most 200',
    response: returns<WaitingSession[]>(),
  },
  lessons: {
    method: 'GET',
    path: `${I}/results/verify/courses/{courseId}/LessonsList`,
    rule,
    course: evaluate,
    query: z.object({ searchString: search }),
    response: returns<VerifyLesson[]>(),
  },
  exercises: {
    method: 'GET',
    path: `${I}/results/verify/courses/{courseId}/ExercisesToVerify`,
    rule,
    course: evaluate,
    query: z.object({ lessonId: intId.optional(), searchString: search }),
    response: returns<VerifyExercise[]>(),
  },
  exercise: {
    method: 'POST',
    path: `${I}/results/verify/Exercise/{exerciseId}`,
    rule,
    course: { action: 'evaluate', from: 'body.courseId' },
    body: z.object({ courseId: intId, filter: verifyFilter.default('waiting'), search }),
    summary: "The students' attempts at one exercise of the course with their answers and files",
    response: returns<ExerciseToVerify>(),
  },
  draft: {
    method: 'PUT',
    path: `${I}/Trainings/{courseId}/Exercises/{exerciseId}/Sessions/{sessionId}/Draft`,
    rule,
    course: evaluate,
    body: evaluationInput,
    response: returns<EvaluationView>(),
  },
  evaluate: {
    method: 'POST',
    path: `${I}/Trainings/{courseId}/Exercises/{exerciseId}/Sessions/{sessionId}/Evaluate`,
    rule,
    course: evaluate,
    body: evaluationInput,
    response: returns<EvaluationView>(),
  },
  revert: {
    method: 'POST',
    path: `${I}/Trainings/{courseId}/Exercises/{exerciseId}/Students/{studentId}/Revert`,
    rule,
    course: evaluate,
    summary: "The student's evaluated attempt goes back to evaluation",
    response: returns<EvaluationView>(),
  },
  accessToRevaluation: {
    method: 'GET',
    path: '/api/trainings/AccessToRevaluation/{sessionId}',
    rule,
    summary: 'Whether the caller may revert this attempt to evaluation now (it is evaluated and the student\'s current attempt)',
    response: returns<{ access: boolean; reason: 'notEvaluated' | 'notCurrent' | null }>(),
  },
});
