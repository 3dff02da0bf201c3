import { z } from 'zod';
import type { ListAnswer } from '../account';
import type { ApplicationStatus } from '../enums';
import { defineCalls, returns } from '../http/call';

/** An application to join a course that needs one (spec 3 §7.9 "Applications"). */
export interface EnrolmentApplication {
  id: number;
  trainingId: number;
  courseLabel: string;
  accountId: number;
  email: string;
  name: string;
  status: ApplicationStatus;
  createdAt: string;
  decidedAt: string | null;
}

/** A student's application to leave a course, with an optional document. */
export interface ExpulsionApplication {
  id: number;
  trainingId: number;
  courseLabel: string;
  accountId: number;
  /** for staff */
  email?: string;
  name?: string;
  reason: string | null;
  status: ApplicationStatus;
  file: { id: number; name: string | null; address: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApplicationDecision {
  id: number;
  status: ApplicationStatus;
}

/** Expulsion application documents: file kinds and size. */
export const EXPULSION_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'odt', 'png', 'jpg', 'jpeg'] as const;
export const EXPULSION_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const applicationStatus = z.enum(['pending', 'allowed', 'denied', 'withdrawn']);

/**
 * Enrolment applications (allow, deny, list, count, export), expulsion applications for staff,
 * and the student's own expulsion applications.
 */
export const applicationCalls = defineCalls('applications', {
  allow: { method: 'POST', path: '/api/applications/{applicationId}/allow', rule: 'enrollmentApplications', response: returns<ApplicationDecision>() },
  deny: { method: 'POST', path: '/api/applications/{applicationId}/deny', rule: 'enrollmentApplications', response: returns<ApplicationDecision>() },
  /** the caller's courses' applications (pending unless a status is asked); `training`: one course */
  list: {
    method: 'POST', reads: true,
    path: '/api/instructors/applications',
    rule: 'enrollmentApplications',
    query: z.object({ training: z.coerce.number().int().optional() }),
    body: z.object({ status: applicationStatus.optional(), take: z.coerce.number().int().min(1).max(1000).default(50), skip: z.coerce.number().int().min(0).default(0) }).nullish(),
    response: returns<ListAnswer<EnrolmentApplication>>(),
  },
  /** pending applications of the caller's courses (the menu badge) */
  count: { method: 'GET', path: '/api/instructors/trainings/applications/count', rule: 'enrollmentApplications', response: returns<{ count: number }>() },
  /** a course's applications as an xlsx file */
  export: { method: 'POST', path: '/api/applications/trainings/{trainingId}/export', rule: 'enrollmentApplications', course: { action: 'students' } },

  expulsions: {
    method: 'GET',
    path: '/api/instructors/expulsions',
    rule: 'staff',
    query: z.object({ training: z.coerce.number().int().optional(), status: applicationStatus.optional() }),
    response: returns<ExpulsionApplication[]>(),
  },
  allowExpulsion: { method: 'POST', path: '/api/instructors/expulsions/{id}/allow', rule: 'staff', response: returns<ApplicationDecision>() },
  denyExpulsion: { method: 'POST', path: '/api/instructors/expulsions/{id}/deny', rule: 'staff', response: returns<ApplicationDecision>() },

  myExpulsions: { method: 'GET', path: '/api/students/expulsion/applications', rule: 'student', response: returns<ExpulsionApplication[]>() },
  /** multipart: trainingId, reason and an optional document */
  applyForExpulsion: { method: 'POST', path: '/api/students/expulsion/application', rule: 'student', bodyKind: 'multipart', status: 201, response: returns<ApplicationDecision>(), idempotent: true },
  withdrawExpulsion: { method: 'POST', path: '/api/students/expulsion/application/{id}/withdraw', rule: 'student', response: returns<ApplicationDecision>() },
  /** multipart: reason and/or a new document */
  editExpulsion: { method: 'POST', path: '/api/students/expulsion/application/{id}/edit', rule: 'student', bodyKind: 'multipart', response: returns<ExpulsionApplication>() },
  /** the document: its student, or staff of the course */
  expulsionFile: { method: 'GET', path: '/api/expulsion/application/{id}/file', rule: 'signedIn' },
});
