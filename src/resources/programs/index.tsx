import AutoStories from '@mui/icons-material/AutoStories';
import { Route } from 'react-router-dom';
import type { ResourceEntry } from '..';
import { ProgramAuthors } from './authors/ProgramAuthors';
import { ProgramCopy } from './copy/ProgramCopy';
import { ExerciseCompetencies } from './exercises/ExerciseCompetencies';
import { ExerciseConstraints } from './exercises/ExerciseConstraints';
import { ExerciseFiles } from './exercises/ExerciseFiles';
import { ExerciseCreate, ExerciseEdit } from './exercises/ExerciseForms';
import { ScormCreate, ScormEdit } from './exercises/ScormForms';
import { WebinarCreate, WebinarEdit, WebinarVideo } from './exercises/WebinarForms';
import { ProgramCreate } from './forms/ProgramCreate';
import { ProgramEdit } from './forms/ProgramEdit';
import { LessonConstraints } from './lessons/LessonConstraints';
import { LessonCreate, LessonEdit } from './lessons/LessonForm';
import { ProgramList } from './list/ProgramList';
import { ProgramShow } from './show/ProgramShow';
import { ExerciseSort, LessonSort } from './sort/LessonSort';
import { slideRoutes } from '../slides';

/**
 * Instructor screens of programs, lessons and exercises (spec 1 §2.8), under /programs.
 * The view is /programs/{programId} and its edit /programs/{programId}/edit, so only
 * list and create use react-admin's own routes; the rest are routes of this resource
 * (literal segments win over parameters). Slides (/{exerciseId}/slides/...) belong to
 * the slides screens: add their routes to `programRoutes`.
 */
export const programRoutes = [
  [':programId', ProgramShow],
  [':programId/edit', ProgramEdit],
  [':programId/sort', LessonSort],
  [':programId/authors', ProgramAuthors],
  [':programId/copy', ProgramCopy],
  [':programId/create-lesson', LessonCreate],
  [':programId/lesson/:lessonId/sort', ExerciseSort],
  [':programId/:lessonId/edit', LessonEdit],
  [':programId/:lessonId/constraints', LessonConstraints],
  [':programId/:lessonId/create-exercise', ExerciseCreate],
  [':programId/:lessonId/create-scorm', ScormCreate],
  [':programId/:lessonId/webinar/create', WebinarCreate],
  [':programId/:lessonId/:exerciseId/edit', ExerciseEdit],
  [':programId/:lessonId/:exerciseId/edit-scorm', ScormEdit],
  [':programId/:lessonId/:exerciseId/webinar/edit', WebinarEdit],
  [':programId/:lessonId/:exerciseId/webinar/video', WebinarVideo],
  [':programId/:lessonId/:exerciseId/constraints', ExerciseConstraints],
  [':programId/:lessonId/:exerciseId/competencies', ExerciseCompetencies],
  [':programId/:lessonId/:exerciseId/files', ExerciseFiles],
  // the exercise's slides: list, typed create/edit of every kind, generic {type} routes
  ...slideRoutes,
] as const;

export const programs: ResourceEntry = {
  name: 'programs',
  list: ProgramList,
  create: ProgramCreate,
  icon: AutoStories,
  recordRepresentation: 'label',
  children: programRoutes.map(([path, Page]) => <Route key={path} path={path} element={<Page />} />),
};
