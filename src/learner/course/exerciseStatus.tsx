import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PendingIcon from '@mui/icons-material/PendingActions';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { ReactNode } from 'react';
import type { ExerciseProgressStatus as ProgressStatusTable, ExerciseType as ExerciseTypeTable } from '../../../shared/enums';
import type { CourseExercise } from '../../../shared/learning';

// The codes this file needs, checked name by name against shared/enums by the compiler: importing
// the module itself would bring its whole chunk (every table the app uses) to the course page.
const ExerciseProgressStatus = { notStarted: 0, inProgress: 1, evaluation: 3, completed: 4, completedWithoutVerification: 5 } as const satisfies Partial<typeof ProgressStatusTable>;
const ExerciseType = { lecture: 10 } as const satisfies Partial<typeof ExerciseTypeTable>;

/** Restart answers (spec 3 §8.3) → text key. */
export const retakeErrorKeys: Record<string, string> = {
  '400': 'app.learner.course.retakeLecture',
  '401': 'app.learner.course.retakeExceeded',
  '404': 'app.learner.course.retakeNotFound',
};

/** Handed in, awaiting an instructor's check. */
export const EVALUATION = ExerciseProgressStatus.evaluation;

const DONE: number[] = [ExerciseProgressStatus.evaluation, ExerciseProgressStatus.completed, ExerciseProgressStatus.completedWithoutVerification];

/** Handed in: under evaluation or completed (its results can be looked at). */
export const isDone = (status: number) => DONE.includes(status);

/** Retake is offered for an open, started exercise that is not a lecture, within its restart limit. */
export const canRetake = (x: Pick<CourseExercise, 'exerciseType' | 'status' | 'restarts' | 'restartLimit' | 'isAvailable'>) =>
  x.isAvailable && x.exerciseType !== ExerciseType.lecture && x.status !== ExerciseProgressStatus.notStarted && x.restarts < x.restartLimit;

/**
 * Status icon and tooltip key of an exercise (spec 2 §5): not started shows nothing; an exercise
 * over with a failed SCORM result shows failed, not done.
 */
export function statusIcon(status: number, failed = false): { icon: ReactNode; key: string } | null {
  if (failed && isDone(status)) return { icon: <CancelIcon color="error" fontSize="small" />, key: 'failed' };
  switch (status) {
    case ExerciseProgressStatus.inProgress: return { icon: <PlayCircleIcon color="info" fontSize="small" />, key: 'inProgress' };
    case ExerciseProgressStatus.evaluation: return { icon: <PendingIcon color="warning" fontSize="small" />, key: 'evaluation' };
    case ExerciseProgressStatus.completed: return { icon: <CheckCircleIcon color="success" fontSize="small" />, key: 'completed' };
    case ExerciseProgressStatus.completedWithoutVerification: return { icon: <TaskAltIcon color="success" fontSize="small" />, key: 'completedWithoutVerification' };
    default: return null;
  }
}
