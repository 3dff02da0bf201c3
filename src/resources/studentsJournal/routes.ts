import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';

const queues = () => import('./QueuePages');

/**
 * The students journal, its progress check and download, the course's export queues and the
 * responses upload (spec 1 §2.9). The task-queue screens share one chunk.
 */
export const studentsJournalRoutes: ScreenRoute[] = [
  ['/courses/:courseId/students-journal', lazy(() => import('./StudentsJournalPage'))],
  ['/courses/:courseId/students-journal/download', lazy(() => import('./DownloadPage'))],
  ['/courses/:courseId/students-journal/task-queue', lazy(() => queues().then((m) => ({ default: m.StudentsJournalQueue })))],
  ['/courses/:courseId/students-journal/:exerciseId/progress-check', lazy(() => import('./ProgressCheckPage'))],
  ['/courses/:courseId/instructor-estimates/task-queue', lazy(() => queues().then((m) => ({ default: m.InstructorEstimatesQueue })))],
  ['/courses/:courseId/export-group-log/task-queue', lazy(() => queues().then((m) => ({ default: m.GroupLogQueue })))],
  ['/courses/:courseId/responses-upload', lazy(() => import('./ResponsesUploadPage'))],
  ['/courses/:courseId/:lessonId/responses-upload', lazy(() => import('./ResponsesUploadPage'))],
  ['/courses/:courseId/:lessonId/:exerciseId/responses-upload', lazy(() => import('./ResponsesUploadPage'))],
];
