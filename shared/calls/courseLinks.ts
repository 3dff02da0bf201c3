import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/** A link of a course's artifact tree (spec 3 §7.9 "Links"). */
export interface LinkRecord {
  id: number;
  courseId: number | null;
  parentId: number | null;
  text: string;
  address: string | null;
  sequence: number;
}
export interface LinkNode extends Omit<LinkRecord, 'courseId'> {
  children: LinkNode[];
}

/** An address: http(s)://… or a path of the app starting with / */
export const LINK_ADDRESS_RE = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;

export const linkInput = z.object({
  text: z.string().trim().min(1, 'validation.required').max(500, 'validation.tooLong'),
  address: z.string().trim().max(2000, 'validation.tooLong').nullish(),
  parentId: z.coerce.number().int().nullish(),
  sequence: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type LinkInput = z.input<typeof linkInput>;

const B = '/api/instructors/trainings/{courseId}/links';

/** The link tree of a course, for its staff (reading: any staff; changing: the syllabus permission). */
export const courseLinkCalls = defineCalls('links', {
  tree: { method: 'GET', path: B, rule: 'staff', course: { action: 'view' }, response: returns<LinkNode[]>(), summary: 'The course’s link tree' },
  create: { method: 'POST', path: B, rule: 'staff', course: { action: 'syllabus' }, body: linkInput, status: 201, response: returns<LinkNode>() },
  get: { method: 'GET', path: `${B}/{linkId}`, rule: 'staff', course: { action: 'view' }, response: returns<LinkRecord>() },
  update: { method: 'PUT', path: `${B}/{linkId}`, rule: 'staff', course: { action: 'syllabus' }, body: linkInput, response: returns<LinkRecord>() },
  remove: { method: 'DELETE', path: `${B}/{linkId}`, rule: 'staff', course: { action: 'syllabus' }, response: returns<{ ok: true }>() },
});
