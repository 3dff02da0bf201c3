import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/** One of the student's Open Badges (an achievement or a completed course) with its public addresses. */
export interface MyBadge {
  assertionId: string;
  /** the badge class's name */
  name: string;
  /** the hosted assertion (JSON-LD): what a backpack imports and a verifier fetches */
  assertionUrl: string;
  /** the badge's picture (SVG) */
  imageUrl: string;
  issuedOn: string;
  revoked: boolean;
}

/** Badge class ids: `achievement-<kind>` or `course-<courseId>`. */
export const badgeClassId = z.string().regex(/^(achievement-[a-z_]{1,40}|course-\d{1,10})$/);

/**
 * Open Badges 2.0 (issue 30 item 4): the issuer profile, badge classes, hosted assertions and the
 * badge picture are public JSON-LD at stable addresses (a backpack or a verifier reads them with no
 * sign-in; an assertion's id is random and unguessable). The student lists their own badges; Root
 * revokes one (the assertion then answers `revoked: true`).
 */
export const badgeCalls = defineCalls('badges', {
  issuer: { method: 'GET', path: '/api/badges/issuer', rule: 'public', summary: 'The Open Badges 2.0 Issuer profile (JSON-LD)' },
  badgeClass: { method: 'GET', path: '/api/badges/classes/{classId}', rule: 'public', params: z.object({ classId: z.string().max(100) }), summary: 'An Open Badges 2.0 BadgeClass (JSON-LD)' },
  image: { method: 'GET', path: '/api/badges/classes/{classId}/image', rule: 'public', params: z.object({ classId: z.string().max(100) }), summary: 'A badge class’s picture (SVG)' },
  assertion: {
    method: 'GET',
    path: '/api/badges/assertions/{assertionId}',
    rule: 'public',
    params: z.object({ assertionId: z.string().max(100) }),
    summary: 'A hosted Open Badges 2.0 Assertion (JSON-LD); a revoked one answers 410 with revoked: true',
  },
  mine: { method: 'GET', path: '/api/badges/mine', rule: 'student', response: returns<MyBadge[]>() },
  revoke: {
    method: 'POST',
    path: '/api/badges/assertions/{assertionId}/revoke',
    rule: 'root',
    params: z.object({ assertionId: z.string().max(100) }),
    body: z.object({ reason: z.string().trim().max(500).optional() }),
    response: returns<{ ok: boolean }>(),
  },
});
