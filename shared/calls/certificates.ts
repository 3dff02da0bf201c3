import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/** A certificate (API "Credential", spec 3 §7.9 "Credentials"): a PDF issued to a student of a course. */
export interface CertificateRecord {
  id: number;
  certificateId: number;
  trainingId: number;
  courseLabel: string;
  studentId: number;
  studentEmail: string;
  studentName: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  file: { id: number; name: string | null; address: string } | null;
  createdAt: string;
}

/** Certificates: a PDF of at most this size. */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

const P = '/api/Credential';

/** Certificates: issued and deleted by the course's instructors and tutors, read by them and by their student. */
export const certificateCalls = defineCalls('certificates', {
  /** the course's certificates (a POST in the spec) */
  list: { method: 'POST', reads: true, path: `${P}/{courseId}`, rule: 'staff', course: { action: 'students' }, response: returns<CertificateRecord[]>() },
  /** multipart: trainingId, studentId, title, date and the PDF file */
  create: { method: 'POST', path: P, rule: 'staff', bodyKind: 'multipart', status: 201, response: returns<CertificateRecord>(), idempotent: true },
  remove: { method: 'DELETE', path: `${P}/{certificateId}`, rule: 'staff', response: returns<{ ok: boolean }>() },
  view: {
    method: 'GET',
    path: `${P}/View/{certificateId}`,
    rule: 'signedIn',
    query: z.object({ trainingId: z.coerce.number().int().optional() }),
    response: returns<CertificateRecord>(),
  },
  /** the PDF (range requests) */
  file: { method: 'GET', path: `${P}/View/{certificateId}/file`, rule: 'signedIn' },
  /** the student's own certificates (achievements) */
  mine: { method: 'GET', path: '/api/students/credentials', rule: 'student', response: returns<CertificateRecord[]>() },
});
