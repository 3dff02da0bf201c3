import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseOf } from '../../auth/courseScope.js';
import { courseLinks } from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';

registerMessages({
  ru: { 'links.notFound': 'Ссылка не найдена', 'links.badParent': 'Родительская ссылка не найдена в курсе', 'links.badAddress': 'Адрес: http(s)://… или путь, начинающийся с /' },
  en: { 'links.notFound': 'Link not found', 'links.badParent': 'Parent link not found in the course', 'links.badAddress': 'Address: http(s)://… or a path starting with /' },
});

export interface LinkTreeNode {
  id: number;
  parentId: number | null;
  text: string;
  address: string | null;
  sequence: number;
  children: LinkTreeNode[];
}

type LinkRow = typeof courseLinks.$inferSelect;

export function linkTree(rows: LinkRow[]): LinkTreeNode[] {
  const nodes = new Map<number, LinkTreeNode>(rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, text: r.text, address: r.address, sequence: r.sequence, children: [] }]));
  const roots: LinkTreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: LinkTreeNode[]) => {
    list.sort((a, b) => a.sequence - b.sequence || a.id - b.id);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

const ADDRESS_RE = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;
const linkInput = z.object({
  text: z.string().trim().min(1, 'validation.required').max(500, 'validation.tooLong'),
  address: z.string().trim().max(2000, 'validation.tooLong').nullish(),
  parentId: z.coerce.number().int().nullish(),
  sequence: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** Artifact link tree of a course: CRUD for its staff. */
export const courseLinksModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.db;
  const read = { config: { rule: 'staff' as const, course: { action: 'view' as const } } };
  const write = { config: { rule: 'staff' as const, course: { action: 'syllabus' as const } } };
  const tag = { tags: ['links'] };
  const B = '/api/instructors/trainings/:courseId/links';
  const courseP = z.object({ courseId: z.string() });
  const linkP = z.object({ courseId: z.string(), linkId: z.string() });

  const courseRows = (courseId: number) => db.select().from(courseLinks).where(eq(courseLinks.courseId, courseId)).orderBy(asc(courseLinks.sequence), asc(courseLinks.id));

  async function loadLink(courseId: number, raw: string) {
    const id = parseIntId(raw);
    if (id === null) throw notFound('LinkNotFound', { title: 'links.notFound' });
    const [row] = await db.select().from(courseLinks).where(and(eq(courseLinks.id, id), eq(courseLinks.courseId, courseId)));
    if (!row) throw notFound('LinkNotFound', { title: 'links.notFound' });
    return row;
  }

  async function checkInput(request: Parameters<typeof requestLang>[0], courseId: number, b: z.infer<typeof linkInput>, self?: LinkRow) {
    const selfId = self?.id;
    const lang = requestLang(request);
    const address = b.address?.trim() || null;
    if (address && !ADDRESS_RE.test(address)) throw validationError({ address: translate(lang, 'links.badAddress') });
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

  app.get(B, { ...read, schema: { ...tag, params: courseP } }, async (request) => {
    const { course } = courseOf(request);
    return linkTree(await courseRows(course.id));
  });

  app.post(B, { ...write, schema: { ...tag, params: courseP, body: linkInput } }, async (request, reply) => {
    const { course } = courseOf(request);
    const v = await checkInput(request, course.id, request.body);
    const siblings = (await courseRows(course.id)).filter((r) => r.parentId === v.parentId);
    const sequence = request.body.sequence ?? (siblings.length ? Math.max(...siblings.map((s) => s.sequence)) + 1 : 0);
    const [row] = await db.insert(courseLinks).values({ courseId: course.id, ...v, sequence }).returning();
    return reply.status(201).send({ ...row, children: [] });
  });

  app.get(`${B}/:linkId`, { ...read, schema: { ...tag, params: linkP } }, async (request) => {
    const { course } = courseOf(request);
    return loadLink(course.id, request.params.linkId);
  });

  app.put(`${B}/:linkId`, { ...write, schema: { ...tag, params: linkP, body: linkInput } }, async (request) => {
    const { course } = courseOf(request);
    const link = await loadLink(course.id, request.params.linkId);
    const v = await checkInput(request, course.id, request.body, link);
    const [row] = await db.update(courseLinks).set({ ...v, sequence: request.body.sequence ?? link.sequence }).where(eq(courseLinks.id, link.id)).returning();
    return row;
  });

  app.delete(`${B}/:linkId`, { ...write, schema: { ...tag, params: linkP } }, async (request) => {
    const { course } = courseOf(request);
    const link = await loadLink(course.id, request.params.linkId);
    await db.delete(courseLinks).where(eq(courseLinks.id, link.id));
    return { ok: true };
  });
  // GET /api/students/trainings/links (a student's courses) is served by server/modules/learning (myCourses.ts).
};
