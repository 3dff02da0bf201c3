import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/** A fresh digital attendance code (spec 3 §7.4): 6 digits, valid `validSeconds` from `serverNow`. */
export interface DigitalCode {
  code: string;
  courseId: number;
  exerciseId: number;
  expiresAt: string;
  serverNow: string;
  validSeconds: number;
}

/** The visit a confirmed code recorded. */
export interface ConfirmedVisit {
  id: number;
  courseId: number;
  lessonId: number | null;
  exerciseId: number | null;
  exerciseLabel: string;
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  source: string;
  markedAt: string;
}

const intId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/).transform(Number)]);

export const digitalCodeInput = z.object({
  // a number loses its leading zeros on the way: pad it back
  code: z.union([z.string().trim(), z.number().int().nonnegative().transform((n) => String(n).padStart(6, '0'))]).pipe(z.string().regex(/^\d{6}$/, 'attendance.codeFormat')),
  courseId: intId,
  exerciseId: intId.optional().nullable(),
});

/** Digital-code attendance: the student gets a code, an instructor of the course confirms it (spec 3 §7.4, §7.10). */
export const attendanceCalls = defineCalls('Attendance', {
  studentCode: {
    method: 'POST',
    path: '/api/Attendance/Student/DigitalCode/{exerciseId}',
    rule: 'student',
    query: z.object({ courseId: z.string().optional() }),
    response: returns<DigitalCode>(),
  },
  confirm: {
    method: 'POST',
    path: '/api/Attendance/DigitalCode/Confirm',
    rule: 'digitalCodeJournal',
    course: { action: 'attendance', from: 'body.courseId' },
    body: digitalCodeInput,
    response: returns<{ message: string; visit: ConfirmedVisit }>(),
  },
});
