import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chainAttributeCalls, type AttributeTemplate, type CourseAttributeRow } from '../../../shared/calls/chainAttributes.js';
import { AttributeChainUsage } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { attributes, attributeTemplates, courseAttributes, dictionaries } from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { allDefinitions } from './definitions.js';
import { dictionaryChoices } from './sources.js';

const templateNotFound = () => notFound('NotFound', { title: 'chainAttributes.templateNotFound' });

/** 400 naming the rows whose attribute does not exist (`attributes.{i}.attributeId`). */
async function checkAttributesExist(db: Db, rows: CourseAttributeRow[], lang: Lang): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((r) => r.attributeId);
  const known = new Set((await db.select({ id: attributes.id }).from(attributes).where(inArray(attributes.id, ids))).map((a) => a.id));
  const errors: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (!known.has(r.attributeId)) errors[`attributes.${i}.attributeId`] = translate(lang, 'chainAttributes.unknownAttribute');
  });
  if (Object.keys(errors).length) throw validationError(errors);
}

/** A template's rows as stored in attribute_templates.payload ({ attributes }). */
function toTemplate(row: typeof attributeTemplates.$inferSelect): AttributeTemplate {
  const rows = (row.payload as { attributes?: CourseAttributeRow[] }).attributes ?? [];
  return { id: row.id, label: row.label, attributes: rows, createdAt: row.createdAt.toISOString() };
}

async function courseRows(db: Db, courseId: number): Promise<CourseAttributeRow[]> {
  const rows = await db.select().from(courseAttributes).where(eq(courseAttributes.courseId, courseId)).orderBy(asc(courseAttributes.sequence), asc(courseAttributes.attributeId));
  return rows.map((r) => ({ attributeId: r.attributeId, requirement: r.requirement, perCourse: r.perCourse }));
}

/**
 * The instructors' side of attributes (spec 3 §7.2 chain-attributes): what to choose from, a
 * course's attribute requirements (course_attributes, read by 400.14) and attribute templates.
 * A template is applied by saving its rows as the course's (the editor loads it, the instructor
 * may change rows before saving).
 */
export function chainAttributeRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, chainAttributeCalls.attributes, async () => {
    const defs = await allDefinitions(db);
    return defs.map((d) => ({ id: d.id, label: d.label, type: d.type, options: d.options, dictionaryId: d.dictionaryId, hierarchyId: d.hierarchyId, required: d.required, chain: d.chain }));
  });

  route(fastify, chainAttributeCalls.dictionaries, async () => {
    const rows = await db.select({ id: dictionaries.id, label: dictionaries.label }).from(dictionaries).orderBy(asc(dictionaries.label));
    const entries = await dictionaryChoices(db, rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, entries: entries.get(r.id) ?? [] }));
  });

  route(fastify, chainAttributeCalls.usages, async () => Object.values(AttributeChainUsage));

  route(fastify, chainAttributeCalls.course, async (request) => {
    const { course } = courseOf(request);
    return { trainingId: course.id, attributes: await courseRows(db, course.id) };
  });

  route(fastify, chainAttributeCalls.saveCourse, async (request) => {
    const { course } = courseOf(request);
    const rows = request.body.attributes;
    await checkAttributesExist(db, rows, requestLang(request));
    await db.transaction(async (tx) => {
      await tx.delete(courseAttributes).where(eq(courseAttributes.courseId, course.id));
      if (rows.length) await tx.insert(courseAttributes).values(rows.map((r, i) => ({ courseId: course.id, ...r, sequence: i })));
    });
    return { trainingId: course.id, attributes: await courseRows(db, course.id) };
  });

  route(fastify, chainAttributeCalls.templates, async () => {
    const rows = await db.select().from(attributeTemplates).orderBy(desc(attributeTemplates.createdAt), desc(attributeTemplates.id));
    return rows.map(toTemplate);
  });

  route(fastify, chainAttributeCalls.template, async (request) => {
    const id = parseIntId(request.params.id);
    if (id === null) throw templateNotFound();
    const [row] = await db.select().from(attributeTemplates).where(eq(attributeTemplates.id, id));
    if (!row) throw templateNotFound();
    return toTemplate(row);
  });

  route(fastify, chainAttributeCalls.createTemplate, async (request, reply) => {
    const user = currentUser(request);
    const { label, attributes: rows } = request.body;
    await checkAttributesExist(db, rows, requestLang(request));
    const [row] = await db.insert(attributeTemplates).values({ label, payload: { attributes: rows }, createdBy: user.accountId }).returning();
    reply.status(201);
    return toTemplate(row);
  });
}
