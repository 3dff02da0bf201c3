import { z } from 'zod';
import type { ListAnswer } from '../account';
import { defineCalls, returns } from '../http/call';
import { sendToJournalInput, type VisitMark } from './visitJournal';

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

/** A confirmed code in the digital-code journal. */
export interface ConfirmedCode {
  id: number;
  code: string;
  exerciseId: number;
  exerciseLabel: string;
  lessonId: number;
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  confirmedAt: string;
  confirmedBy: string | null;
}

export const confirmedCodesQuery = z.object({
  exerciseId: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(2_147_483_647, 'validation.tooBig').optional(),
  take: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(200, 'validation.tooBig').default(50),
  skip: z.coerce.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(10_000_000, 'validation.tooBig').default(0),
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
  /**
   * Marks the students present at a lesson or an exercise of the course in the visit journal (spec 3
   * §7.10; its body is not given: docs/decisions/running-a-course.md). Without lessonId and exerciseId: 400 with the
   * spec's 'Не задан id урока и/или упражнения!'.
   */
  sendToJournal: {
    method: 'POST',
    path: '/api/Attendance/SendToJournal',
    rule: 'digitalCodeJournal',
    course: { action: 'attendance', from: 'body.courseId' },
    body: sendToJournalInput,
    response: returns<{ message: string; marked: number; mark: VisitMark }>(),
  },
  /** the digital-code journal: the codes confirmed in the course, newest first (not in the spec: docs/decisions/running-a-course.md) */
  confirmedCodes: {
    method: 'GET',
    path: '/api/Attendance/DigitalCode/Journal/{courseId}',
    rule: 'digitalCodeJournal',
    course: { action: 'attendance' },
    query: confirmedCodesQuery,
    response: returns<ListAnswer<ConfirmedCode>>(),
  },
});
