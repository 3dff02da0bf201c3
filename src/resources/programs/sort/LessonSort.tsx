import { useTranslate } from 'react-admin';
import { lessonCalls, programCalls } from '../../../../shared/calls/programs';
import { callApi } from '../../../http/client';
import { useCall } from '../../../http/queries';
import { programUrl, useIds } from '../common/useIds';
import { SortPage } from './SortPage';

/** /programs/{programId}/sort: lesson order. */
export function LessonSort() {
  const translate = useTranslate();
  const { programId } = useIds();
  const params = { programId };
  const items = useCall(programCalls.lessonOrder, { params });
  return (
    <SortPage
      title={translate('resources.programs.titles.sortLessons')}
      items={items}
      save={(orders) => callApi(programCalls.saveLessonOrder, { params, body: { orders } })}
      back={programUrl(programId)}
      emptyText={translate('resources.programs.messages.noLessons')}
    />
  );
}

/** /programs/{programId}/lesson/{lessonId}/sort: exercise order of a lesson. */
export function ExerciseSort() {
  const translate = useTranslate();
  const { programId, lessonId } = useIds();
  const params = { programId, lessonId };
  const items = useCall(lessonCalls.exerciseOrder, { params });
  return (
    <SortPage
      title={translate('resources.programs.titles.sortExercises')}
      items={items}
      save={(orders) => callApi(lessonCalls.saveExerciseOrder, { params, body: { orders } })}
      back={programUrl(programId)}
      emptyText={translate('resources.programs.messages.noExercises')}
    />
  );
}
