import { z } from 'zod';
import { courseLinkCalls, linkInput, type LinkNode } from '../calls/courseLinks';
import { defineResource } from './define';
import { wholeList } from './wholeList';

/** A link of a course's tree, with its place in the tree (depth and position in tree order) for the list. */
export const linkRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  text: z.string(),
  address: z.string().nullable(),
  sequence: z.number(),
  depth: z.number().optional(),
  position: z.number().optional(),
});
export type LinkRow = z.infer<typeof linkRow>;

/** The tree in reading order, each node with its depth. */
export function flattenLinks(nodes: LinkNode[], depth = 0): LinkRow[] {
  return nodes.flatMap(({ children, ...n }) => [{ ...n, depth }, ...flattenLinks(children, depth + 1)]);
}

/** Links of a course (/courses/{courseId}/links; spec 3 §7.9 "Links"): a tree, listed in tree order. */
export const courseLinkResource = defineResource({
  name: 'course-links',
  schema: { record: linkRow, create: linkInput },
  rule: 'staff',
  scope: ['courseId'],
  course: { read: 'view', write: 'syllabus' },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: courseLinkCalls.tree,
        request: () => ({}),
        response: (json, req) => wholeList(flattenLinks(json as LinkNode[]).map((r, position) => ({ ...r, position })), req),
      },
      getOne: { call: courseLinkCalls.get },
      create: { call: courseLinkCalls.create },
      update: { call: courseLinkCalls.update },
      delete: { call: courseLinkCalls.remove, response: () => undefined },
    },
  },
  ui: {
    recordRepresentation: 'text',
    fields: { text: { kind: 'text' }, address: { kind: 'text' }, parentId: { kind: 'select' } },
    list: { columns: [{ source: 'text' }, { source: 'address' }], sort: { field: 'position', order: 'ASC' }, perPage: 50 },
    inputs: ['text', 'address', 'parentId'],
  },
});
