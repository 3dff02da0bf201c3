/**
 * The SCORM player's contract with the server (server/modules/study/scorm.ts):
 * POST .../scorm/launch and the answer of a commit (PUT or POST .../scorm/runtime).
 */
export type ScormVersion = '1.2' | '2004';
export type LessonStatus = 'not attempted' | 'incomplete' | 'completed' | 'passed' | 'failed' | 'browsed' | 'unknown';
export type Cmi = Record<string, unknown>;

export interface ScormRuntime {
  version: ScormVersion;
  title: string | null;
  launch: string;
  /** the launcher page on the content origin (another origin than the app's) */
  launcherUrl: string;
  /** the package's launch page on the content origin, with this attempt's capability */
  contentUrl: string;
  sessionId: number;
  scoId: string;
  attemptStatus: string;
  /** the attempt is over: the package plays in review mode and nothing is saved */
  readOnly: boolean;
  lessonStatus: LessonStatus;
  score: number | null;
  maxScore: number | null;
  /** the saved run-time data to start or resume with */
  cmi: Cmi;
}

export interface CommitAnswer {
  sessionId: number;
  lessonStatus: LessonStatus;
  progressStatus: number;
  score: number | null;
  maxScore: number;
}

/** A failed call, shaped as the app's HTTP errors (status and the spec's error body). */
export interface CallFailure {
  status: number;
  body: unknown;
}

const scormUrl = (courseId: string, exerciseId: string) => `/api/trainings/${encodeURIComponent(courseId)}/exercises/${encodeURIComponent(exerciseId)}/scorm`;
/** starts or resumes the attempt (POST) */
export const launchUrl = (courseId: string, exerciseId: string) => `${scormUrl(courseId, exerciseId)}/launch`;
/** the commits (POST) */
export const runtimeUrl = (courseId: string, exerciseId: string) => `${scormUrl(courseId, exerciseId)}/runtime`;
