import type { CourseItem } from '../api';

/** GET /api/students/physmath (server/modules/learning/physmath.ts). */
export type PhysmathCourse = Pick<CourseItem, 'id' | 'label' | 'picture' | 'begin' | 'end'>;
export interface PhysmathSection {
  /** the student's section courses */
  myCourses: (PhysmathCourse & { completed: boolean })[];
  /** published, unfinished section courses the student has not joined */
  catalogue: PhysmathCourse[];
}

export const PHYSMATH_URL = '/api/students/physmath';
