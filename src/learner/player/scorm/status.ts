import type { Cmi, LessonStatus, ScormVersion } from '../../../../shared/calls/study/scorm';

/** The i18n key of a lesson status (`app.scorm.status.*`). */
export function statusKey(status: LessonStatus): string {
  return `app.scorm.status.${status === 'not attempted' ? 'notAttempted' : status}`;
}

const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
const KNOWN_12 = ['not attempted', 'incomplete', 'completed', 'passed', 'failed', 'browsed'];

/**
 * The status line's value from the package's own data, by the server's rules
 * (server/modules/study/scormRuntime.ts readOutcome): 1.2 lesson_status; 2004 the success
 * status when passed or failed, else the completion status.
 */
export function lessonStatusOf(version: ScormVersion, values: { lessonStatus?: unknown; completionStatus?: unknown; successStatus?: unknown }): LessonStatus {
  if (version === '1.2') {
    const s = norm(values.lessonStatus);
    return (KNOWN_12.includes(s) ? s : 'not attempted') as LessonStatus;
  }
  const success = norm(values.successStatus);
  if (success === 'passed' || success === 'failed') return success;
  const completion = norm(values.completionStatus);
  if (completion === 'completed' || completion === 'incomplete' || completion === 'not attempted') return completion;
  return completion === 'unknown' ? 'unknown' : 'not attempted';
}

/**
 * A result (completed, passed, failed) is the server's to judge (mastery score, completion
 * threshold): the status line shows it from the save's answer, not as the package reports it.
 */
export function awaitsVerdict(status: LessonStatus): boolean {
  return status === 'completed' || status === 'passed' || status === 'failed';
}

const obj = (v: unknown): Cmi => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Cmi) : {});

/** The status line's value from a whole cmi as the package commits it. */
export function statusOfCmi(version: ScormVersion, cmi: Cmi): LessonStatus {
  if (version === '1.2') return lessonStatusOf('1.2', { lessonStatus: obj(cmi.core).lesson_status });
  return lessonStatusOf('2004', { completionStatus: cmi.completion_status, successStatus: cmi.success_status });
}
