import { useParams } from 'react-router-dom';

/** The ids of the program routes (spec 1 §2.8): programId, lessonId, exerciseId. */
export function useIds() {
  const { programId = '', lessonId = '', exerciseId = '' } = useParams();
  return { programId, lessonId, exerciseId };
}

/** The program's page (its view), where every program screen goes back to. */
export const programUrl = (programId: string | number) => `/programs/${programId}`;

/** Where the program resource's own screens are (the factory's paths): view and edit. */
export const programScreenPaths = { show: '/programs/:id', edit: '/programs/:id/edit' };

/** The reads to refresh after a change inside a program: the resource's (list, the program's page). */
export const programQueries = [['programs']];
