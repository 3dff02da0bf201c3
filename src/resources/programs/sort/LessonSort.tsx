import { useTranslate } from 'react-admin';
import { programPaths as P } from '../../../../shared/programs';
import { apiPath } from '../api';
import { programUrl, useIds } from '../common/useIds';
import { SortPage } from './SortPage';

/** /programs/{programId}/sort: lesson order. */
export function LessonSort() {
  const translate = useTranslate();
  const { programId } = useIds();
  return (
    <SortPage
      title={translate('resources.programs.titles.sortLessons')}
      path={apiPath(P.sortLessons, { programId })}
      back={programUrl(programId)}
      emptyText={translate('resources.programs.messages.noLessons')}
    />
  );
}

/** /programs/{programId}/lesson/{lessonId}/sort: exercise order of a lesson. */
export function ExerciseSort() {
  const translate = useTranslate();
  const { programId, lessonId } = useIds();
  return (
    <SortPage
      title={translate('resources.programs.titles.sortExercises')}
      path={apiPath(P.sortExercises, { programId, lessonId })}
      back={programUrl(programId)}
      emptyText={translate('resources.programs.messages.noExercises')}
    />
  );
}
