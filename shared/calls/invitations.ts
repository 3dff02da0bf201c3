import { z } from 'zod';
import { dayEnd, dayProblem } from '../days';
import { defineCalls, returns } from '../http/call';

/** ErrorCode of a 400 answer to the invitation view/join (the client's code is `400.{ErrorCode}`, spec 3 §8.5). */
export const InvitationErrorCode = {
  /** already a student of the course (spec 3 §8.2 400.1) */
  alreadyJoined: '1',
  /** expired; the answer also carries InvitationDate */
  expired: '2',
  /** the course needs a confirmed e-mail */
  emailNotConfirmed: '3',
  /** the course is over or closed for joining (the catalogue join's "enrolment impossible") */
  unavailable: '4',
} as const;

export const INVITATION_CODE_RE = /^[A-Za-z0-9_-]{4,64}$/;

/** DD/MM/YYYY or DD.MM.YYYY (spec 2 §6), also YYYY-MM-DD; the end of that day UTC, or null when invalid (shared/days.ts). */
export const parseDayEnd = dayEnd;

/** An invitation link of a course (its address is /invite/{code}). */
export interface InvitationRecord {
  id: number;
  invitationId: number;
  trainingId: number;
  courseId: number;
  code: string;
  /** ISO date-time of the end of its last day, or null: no limit */
  expiryDate: string | null;
}

/** The course list of invitations (spec: "Course data" …/invitation-link/description). */
export type InvitationListItem = Omit<InvitationRecord, 'id'>;

/** What a guest or student sees of an invitation before joining (spec 3 §7.3). */
export interface InvitePreview {
  invitationId: number;
  trainingId: number;
  courseId: number;
  code: string;
  expiryDate: string | null;
  label: string;
  description: string | null;
  picture: string | null;
  begin: string | null;
  end: string | null;
  joinMode: 'direct' | 'application';
  /** for a signed-in student (…/trainings/{courseId}/view) */
  isJoined?: boolean;
  isApplied?: boolean;
}

/** The answer of joining: enrolled, or an application made (isApply). */
export interface JoinAnswer {
  isApply: boolean;
  trainingId: number;
}

/** What the invitation form edits: the code (blank: one is generated) and the last valid day (DD/MM/YYYY, DD.MM.YYYY or YYYY-MM-DD). */
export const invitationForm = z.object({
  code: z.string().max(200).nullish(),
  expiryDate: z.string().max(40).nullish(),
});

/**
 * The same form as the page checks it before sending: a day in no accepted form, or one the
 * calendar has not («31.02.2026»), is named as such at the input. The call's body stays the plain
 * form: the server answers those with the spec's Code / ExpiryDate fields (spec 3 §8.5).
 */
export const invitationFormChecked = invitationForm.extend({
  expiryDate: invitationForm.shape.expiryDate.superRefine((v, ctx) => {
    const problem = v && v.trim() ? dayProblem(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
/** Body of the create call: the form and its course. */
export const invitationInput = invitationForm.extend({ trainingId: z.coerce.number().int() });

const codeQuery = z.object({ code: z.string().max(100).optional(), inviteId: z.string().max(100).optional() });

/** Invitations (spec 3 §7.3, errors §8.5): the preview is public, joining is for students, the rest for the course's staff. */
export const invitationCalls = defineCalls('invitations', {
  /** `{invitationId}` is the invitation's code here: ids are guessable, codes are not */
  preview: { method: 'GET', path: '/api/invite/{invitationId}', rule: 'public', params: z.object({ invitationId: z.string().max(100) }), response: returns<InvitePreview>() },
  courseView: { method: 'GET', path: '/api/invite/trainings/{courseId}/view', rule: 'student', query: codeQuery, response: returns<InvitePreview>() },
  join: {
    method: 'POST',
    path: '/api/invite/trainings/{courseId}/join',
    rule: 'student',
    idempotent: true,
    query: codeQuery,
    body: z.object({ code: z.string().max(100).optional() }).nullish(),
    response: returns<JoinAnswer>(),
  },
  generateCode: { method: 'POST', reads: true, path: '/api/invite/generate-code', rule: 'staff', response: returns<{ code: string }>() },
  /** the course's invitations (served by the courses module) */
  list: { method: 'GET', path: '/api/instructors/trainings/{courseId}/invitation-link/description', rule: 'staff', course: { action: 'invitations' }, response: returns<InvitationListItem[]>() },
  create: {
    method: 'POST',
    path: '/api/invite',
    rule: 'staff',
    course: { action: 'invitations', from: 'body.trainingId' },
    body: invitationInput,
    status: 201,
    response: returns<InvitationRecord>(),
  },
  get: { method: 'GET', path: '/api/invite/{invitationId}/edit', rule: 'staff', response: returns<InvitationRecord>() },
  update: { method: 'PUT', path: '/api/invite/{invitationId}', rule: 'staff', body: invitationInput.partial({ trainingId: true }), response: returns<InvitationRecord>() },
  remove: { method: 'DELETE', path: '/api/invite/{invitationId}', rule: 'staff', response: returns<{ ok: boolean }>() },
});
