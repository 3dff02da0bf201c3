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
  /** made by ELP from its template (with hours and a verification page), not uploaded */
  generated: boolean;
  hours: number | null;
  /** the public verification page of a generated certificate */
  verificationUrl: string | null;
  revoked: boolean;
  createdAt: string;
}

/** What the public verification page shows: a genuine certificate, and whether it is revoked. */
export interface CertificateVerification {
  genuine: true;
  revoked: boolean;
  revokedAt: string | null;
  studentName: string;
  courseLabel: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  hours: number | null;
}

/** The random code of a verification page: base64url. */
export const verificationCode = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A certificate made from the template (issue 30 item 5). */
export const generateCertificateBody = z.object({
  trainingId: z.coerce.number().int().positive(),
  studentId: z.coerce.number().int().positive(),
  title: z.string().trim().min(1).max(200),
  /** YYYY-MM-DD */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid'),
  hours: z.coerce.number().int().min(1).max(10_000),
  /** the language of the printed text */
  language: z.enum(['ru', 'en']).default('ru'),
});

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
  /** a certificate generated from the template: the PDF is made by the server, with a QR code to its verification page */
  generate: {
    method: 'POST',
    path: `${P}/generate`,
    rule: 'staff',
    course: { action: 'certificates', from: 'body.trainingId' },
    body: generateCertificateBody,
    status: 201,
    response: returns<CertificateRecord>(),
    idempotent: true,
  },
  /** revokes a certificate: its verification page then says so (the record and the PDF stay) */
  revoke: { method: 'POST', path: `${P}/{certificateId}/revoke`, rule: 'staff', response: returns<CertificateRecord>() },
  /** the public verification page's data (the QR code of a generated certificate leads there); 404 for an unknown code */
  verify: {
    method: 'GET',
    path: `${P}/verify/{code}`,
    rule: 'public',
    params: z.object({ code: z.string().max(100) }),
    response: returns<CertificateVerification>(),
    summary: 'Whether a generated certificate is genuine and not revoked (public: the code is in its QR code)',
  },
  /** the student's own certificates (achievements) */
  mine: { method: 'GET', path: '/api/students/credentials', rule: 'student', response: returns<CertificateRecord[]>() },
});
