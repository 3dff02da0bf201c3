import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AttributeDefinition, Requirement } from '../../../shared/attributes/index.js';
import { requirementsOf } from '../../../shared/attributes/index.js';
import { attributeChainCalls } from '../../../shared/calls/attributeChains.js';
import { AttributeDataType } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { attributeCategories, enrolments } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { loadCourseAccess } from '../courses/access.js';
import { allDefinitions, answersOf, chainValue, courseForm, formItems, profileRequirement } from './definitions.js';

type Form = { defs: AttributeDefinition[]; base: (d: AttributeDefinition) => Requirement | null; perCourse: Set<number> };
const profileForm = async (db: Db): Promise<Form> => ({ defs: await allDefinitions(db), base: profileRequirement, perCourse: new Set() });

/** Attributes that may filter the catalogue: choices to pick from (references, sets) and flags. */
const REFINABLE = new Set<number>([AttributeDataType.reference, AttributeDataType.set, AttributeDataType.bool]);

/**
 * Chains, refined attributes and categories (spec 3 §7.2): chain results checked and chain
 * conditions read on the server with the shared chain rule; catalogue filters; the profile's
 * attributes by category.
 */
export function attributeChainRoutes(fastify: FastifyInstance, answerableCourse: (db: Db, accountId: number, id: number) => Promise<number>): void {
  const db = fastify.db;

  route(fastify, attributeChainCalls.checkChainResults, async (request) => {
    const user = currentUser(request);
    const { trainingId, values } = request.body;
    const courseId = trainingId === undefined ? null : await answerableCourse(db, user.accountId, trainingId);
    const form = courseId === null ? await profileForm(db) : await courseForm(db, courseId);
    const stored = await answersOf(db, user.accountId, form.defs.map((d) => d.id), courseId, form.perCourse);
    const sent = new Map(values.map((a) => [a.attributeId, a.value === null || a.value === undefined ? null : String(a.value)]));
    const req = requirementsOf(form.defs, form.base, (id) => (sent.has(id) ? sent.get(id) : chainValue(stored.get(id))));
    return [...req].map(([attributeId, requirement]) => ({ attributeId, requirement }));
  });

  route(fastify, attributeChainCalls.chainConditions, async (request) => {
    const user = currentUser(request);
    const { accountId = user.accountId, trainingId } = request.query;
    let courseId: number | null = null;
    if (accountId !== user.accountId) {
      // another account's answers: only the staff of a course that account studies in
      if (trainingId === undefined) throw forbidden();
      courseId = (await loadCourseAccess(db, user, trainingId, 'students')).course.id;
      const [enrolled] = await db.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.accountId, accountId))).limit(1);
      if (!enrolled) throw notFound('NotFound', { title: 'attributes.studentNotFound' });
    } else if (trainingId !== undefined) {
      courseId = await answerableCourse(db, user.accountId, trainingId);
    }
    const form = courseId === null ? await profileForm(db) : await courseForm(db, courseId);
    const conditions = form.defs.filter((d) => d.chain);
    const answers = await answersOf(db, accountId, conditions.map((d) => d.id), courseId, form.perCourse);
    return formItems(conditions, form.base, answers);
  });

  route(fastify, attributeChainCalls.refine, async () => {
    const defs = await allDefinitions(db);
    return defs.filter((d) => REFINABLE.has(d.type)).map((d) => ({ id: d.id, name: d.name, label: d.label, type: d.type, regex: d.regex, options: d.options }));
  });

  route(fastify, attributeChainCalls.listByCategories, async (request) => {
    const user = currentUser(request);
    const wanted = request.body.categoryIds;
    const categories = await db
      .select()
      .from(attributeCategories)
      .where(wanted?.length ? inArray(attributeCategories.id, wanted) : undefined)
      .orderBy(asc(attributeCategories.sequence), asc(attributeCategories.id));
    const defs = (await allDefinitions(db)).filter((d) => (wanted?.length ? d.categoryId !== null && wanted.includes(d.categoryId) : true));
    const answers = await answersOf(db, user.accountId, defs.map((d) => d.id), null);
    const items = formItems(defs, profileRequirement, answers);
    const lists = categories.map((c) => ({ id: c.id, label: c.label, attributes: items.filter((i) => i.categoryId === c.id) }));
    // attributes of no category come last, when every category is asked for
    const loose = items.filter((i) => i.categoryId === null);
    return wanted?.length || !loose.length ? lists : [...lists, { id: null, label: null, attributes: loose }];
  });
}
