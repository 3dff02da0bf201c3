import { z } from 'zod';
import { defineCalls, returns } from '../../../shared/http/call';
import type { FreeType } from '../../../shared/questions';

/**
 * Calls of other areas the player makes: the course's lessons (its menu), the next exercise
 * (server/modules/learning), the digital attendance code (server/modules/attendance) and the
 * free answer's input kinds (server/modules/questions). Their areas declare them in
 * shared/calls; until those declarations are merged the player names them here, on the same
 * paths, with the part of each answer it reads. On merging: use theirs and delete this file.
 */

/** An exercise of the course's menu, as the course page lists it. */
export interface MenuExercise {
  id: number;
  lessonId: number;
  label: string;
  /** the student's progress status (spec 2 §4) */
  status: number;
  isAvailable: boolean;
}
export interface MenuLesson {
  id: number;
  number: number;
  label: string;
  exercises: MenuExercise[];
}

/** The next exercise open to the student (none: 204). */
export interface NextExercise {
  trainingId: number;
  lessonId: number;
  exerciseId: number;
  label: string;
}

/** A digital attendance code, valid `validSeconds` from the server's `serverNow`. */
export interface IssuedCode {
  code: string;
  expiresAt: string;
  /** the server's time when it issued the code */
  serverNow?: string;
  validSeconds: number;
}

export const otherAreaCalls = defineCalls('Study', {
  lessons: { method: 'GET', path: '/api/students/trainings/{courseId}/lessons', rule: 'student', response: returns<MenuLesson[]>() },
  nextExercise: { method: 'GET', path: '/api/trainings/{courseId}/exercises/{exerciseId}/NextExercise', rule: 'student', response: returns<NextExercise | undefined>() },
  digitalCode: {
    method: 'POST',
    path: '/api/Attendance/Student/DigitalCode/{exerciseId}',
    rule: 'student',
    query: z.object({ courseId: z.string().optional() }),
    response: returns<IssuedCode>(),
  },
  /** named in the user's language */
  freeTypes: { method: 'GET', path: '/api/questions/free/types', rule: 'signedIn', response: returns<FreeType[]>() },
});
