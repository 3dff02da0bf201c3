import AutoStories from '@mui/icons-material/AutoStories';
import { LtiCreate, LtiEdit } from '../lti/LtiExerciseForms';
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { ResourceEntry } from '..';
import { programResource } from '../../../shared/resources/programs';
import { resourceFromDeclaration } from '../factory';
import { ProgramPathsAnalyticsScreen } from '../learningAnalytics/routes';
import { ReflectionQuestionsScreen } from '../reflection/routes';
import { slideRoutes } from '../slides';
import { ProgramAuthors } from './authors/ProgramAuthors';
import { programScreenPaths } from './common/useIds';
import { ProgramCopy } from './copy/ProgramCopy';
import { ExerciseCompetencies } from './exercises/ExerciseCompetencies';
import { ExerciseConstraints } from './exercises/ExerciseConstraints';
import { ExerciseFiles } from './exercises/ExerciseFiles';
import { ExerciseCreate, ExerciseEdit } from './exercises/ExerciseForms';
import { ScormCreate, ScormEdit } from './exercises/ScormForms';
import { WebinarCreate, WebinarEdit, WebinarVideo } from './exercises/WebinarForms';
import { LessonConstraints } from './lessons/LessonConstraints';
import { LessonCreate, LessonEdit } from './lessons/LessonForm';
import { ProgramList } from './list/ProgramList';
import { ProgramShow } from './show/ProgramShow';
import { ExerciseSort, LessonSort } from './sort/LessonSort';

/**
 * Instructor screens of programs, lessons and exercises (spec 1 §2.8), under /programs.
 * The program itself is the declared resource (shared/resources/programs.ts): its list (an
 * override beside it), create at /programs/create, its page at /programs/{id} and edit at
 * /programs/{id}/edit. Lessons, exercises and slides are deep editors: routes of this resource
 * (literal segments win over parameters). Slides (/{exerciseId}/slides/...) belong to the
 * slides screens.
 */
export const programRoutes = [
  [':programId/sort', LessonSort],
  [':programId/authors', ProgramAuthors],
  [':programId/copy', ProgramCopy],
  [':programId/paths-analytics', ProgramPathsAnalyticsScreen],
  [':programId/create-lesson', LessonCreate],
  [':programId/lesson/:lessonId/sort', ExerciseSort],
  [':programId/:lessonId/edit', LessonEdit],
  [':programId/:lessonId/constraints', LessonConstraints],
  [':programId/:lessonId/create-exercise', ExerciseCreate],
  [':programId/:lessonId/create-scorm', ScormCreate],
  [':programId/:lessonId/webinar/create', WebinarCreate],
  [':programId/:lessonId/create-lti', LtiCreate],
  [':programId/:lessonId/:exerciseId/edit', ExerciseEdit],
  [':programId/:lessonId/:exerciseId/edit-scorm', ScormEdit],
  [':programId/:lessonId/:exerciseId/webinar/edit', WebinarEdit],
  [':programId/:lessonId/:exerciseId/webinar/video', WebinarVideo],
  [':programId/:lessonId/:exerciseId/edit-lti', LtiEdit],
  [':programId/:lessonId/:exerciseId/constraints', ExerciseConstraints],
  [':programId/:lessonId/:exerciseId/competencies', ExerciseCompetencies],
  [':programId/:lessonId/:exerciseId/files', ExerciseFiles],
  [':programId/:lessonId/:exerciseId/reflection', ReflectionQuestionsScreen],
  // the exercise's slides: list, typed create/edit of every kind, generic {type} routes
  ...slideRoutes,
] as const;

const declared = resourceFromDeclaration(programResource, { list: ProgramList, show: ProgramShow, icon: AutoStories, paths: programScreenPaths });

export const programs: ResourceEntry = {
  ...declared.entry,
  children: [...((declared.entry.children ?? []) as ReactElement[]), ...programRoutes.map(([path, Page]) => <Route key={path} path={path} element={<Page />} />)],
};
