import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { courseLinkCalls, LINK_ADDRESS_RE, type linkInput, type LinkNode } from '../../../shared/calls/courseLinks.js';
import { courseOf } from '../../auth/courseScope.js';
import { courseLinks } from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';

registerMessages({
  ru: { 'links.notFound': 'Ссылка не найдена', 'links.badParent': 'Родительская ссылка не найдена в курсе', 'links.badAddress': 'Адрес: http(s)://… или путь, начинающийся с /' },
  en: { 'links.notFound': 'Link not found', 'links.badParent': 'Parent link not found in the course', 'links.badAddress': 'Address: http(s)://… or a path starting with /' },
});

type LinkRow = typeof courseLinks.$inferSelect;

export function linkTree(rows: LinkRow[]): LinkNode[] {
  const nodes = new Map<number, LinkNode>(rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, text: r.text, address: r.address, sequence: r.sequence, children: [] }]));
  const roots: LinkNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: LinkNode[]) => {
    list.sort((a, b) => a.sequence - b.sequence || a.id - b.id);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}


/** Artifact link tree of a course: CRUD for its staff. */
export const courseLinksModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;
  const calls = courseLinkCalls;

  const courseRows = (courseId: number) => db.select().from(courseLinks).where(eq(courseLinks.courseId, courseId)).orderBy(asc(courseLinks.sequence), asc(courseLinks.id));

  async function loadLink(courseId: number, raw: string) {
    const id = parseIntId(raw);
    if (id === null) throw notFound('LinkNotFound', { title: 'links.notFound' });
    const [row] = await db.select().from(courseLinks).where(and(eq(courseLinks.id, id), eq(courseLinks.courseId, courseId)));
    if (!row) throw notFound('LinkNotFound', { title: 'links.notFound' });
    return row;
  }

  async function checkInput(request: Parameters<typeof requestLang>[0], courseId: number, b: z.output<typeof linkInput>, self?: LinkRow) {
    const selfId = self?.id;
    const lang = requestLang(request);
    const address = b.address?.trim() || null;
    if (address && !LINK_ADDRESS_RE.test(address)) throw validationError({ address: translate(lang, 'links.badAddress') });
    // an edit without parentId keeps the link where it is
    const parentId = b.parentId === undefined && self ? self.parentId : (b.parentId ?? null);
    if (parentId !== null) {
      const rows = await courseRows(courseId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      // the parent must be in this course and not the link itself or one of its descendants
      let p = byId.get(parentId);
      let ok = !!p;
      for (let guard = 0; p && guard < 1000; guard++) {
        if (p.id === selfId) { ok = false; break; }
        p = p.parentId !== null ? byId.get(p.parentId) : undefined;
      }
      if (!ok) throw validationError({ parentId: translate(lang, 'links.badParent') });
    }
    return { text: b.text, address, parentId };
  }

  route(fastify, calls.tree, async (request) => {
    const { course } = courseOf(request);
    return linkTree(await courseRows(course.id));
  });

  route(fastify, calls.create, async (request, reply) => {
    const { course } = courseOf(request);
    const v = await checkInput(request, course.id, request.body);
    const siblings = (await courseRows(course.id)).filter((r) => r.parentId === v.parentId);
    const sequence = request.body.sequence ?? (siblings.length ? Math.max(...siblings.map((s) => s.sequence)) + 1 : 0);
    const [row] = await db.insert(courseLinks).values({ courseId: course.id, ...v, sequence }).returning();
    return reply.status(201).send({ ...row, children: [] });
  });

  route(fastify, calls.get, async (request) => {
    const { course } = courseOf(request);
    return loadLink(course.id, request.params.linkId);
  });

  route(fastify, calls.update, async (request) => {
    const { course } = courseOf(request);
    const link = await loadLink(course.id, request.params.linkId);
    const v = await checkInput(request, course.id, request.body, link);
    const [row] = await db.update(courseLinks).set({ ...v, sequence: request.body.sequence ?? link.sequence }).where(eq(courseLinks.id, link.id)).returning();
    return row;
  });

  route(fastify, calls.remove, async (request) => {
    const { course } = courseOf(request);
    const link = await loadLink(course.id, request.params.linkId);
    await db.delete(courseLinks).where(eq(courseLinks.id, link.id));
    return { ok: true as const };
  });
  // GET /api/students/trainings/links (a student's courses) is served by server/modules/learning (myCourses.ts).
};
