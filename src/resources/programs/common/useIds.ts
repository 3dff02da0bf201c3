import { useParams } from 'react-router-dom';

/** The ids of the program routes (spec 1 §2.8): programId, lessonId, exerciseId. */
export function useIds() {
  const { programId = '', lessonId = '', exerciseId = '' } = useParams();
  return { programId, lessonId, exerciseId };
}

export const programUrl = (programId: string | number) => `/programs/${programId}`;
