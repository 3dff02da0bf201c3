import { and, asc, eq, or } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { attributeCalls } from '../../../shared/calls/attributes.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { attributeGroups, attributes, courses, enrolments } from '../../db/schema/index.js';
import { notFound, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { allDefinitions, answersOf, courseForm, definitionsWithChains, formItems, isFilled, profileRequirement, storedRequirements } from './definitions.js';
import { chainAttributeRoutes } from './chainAttributes.js';
import { attributeChainRoutes } from './chains.js';
import { dictionaryRoutes } from './dictionaries.js';
import { attributeFileRoutes } from './files.js';
import './messages.js';
import { saveAttributeAnswers, throwProblems } from './save.js';
import { builtinSuggestions, noSuggestions } from './suggestions.js';

const groupNotFound = () => notFound('NotFound', { title: 'attributes.groupNotFound' });
const courseNotFound = () => notFound('NotFound', { title: 'learning.trainingNotFound' });

/** A course the account may answer attributes for: published, or one it studies in. */
async function answerableCourse(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, accountId), eq(enrolments.status, 1)))
    .where(and(eq(courses.id, id), or(eq(courses.isPublished, true), eq(enrolments.status, 1))))
    .limit(1);
  if (!row) throw courseNotFound();
  return row.id;
}

/**
 * Profile attributes (spec 3 §7.1, §7.2, §7.5): attribute groups as the profile's pages, the profile
 * fields save (the one place profile answers are written besides the join form and the attributes
 * question, all through `saveAttributeAnswers`), and address and company suggestions.
 */
export const attributesModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;
  // the file attributes' uploads (parsed part by part in their handlers, limits there)
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const suggestions = fastify.config.ATTRIBUTE_SUGGESTIONS === 'off' ? noSuggestions : builtinSuggestions(db);

  route(fastify, attributeCalls.groups, async () => {
    return db
      .select({ id: attributeGroups.id, label: attributeGroups.label, description: attributeGroups.description })
      .from(attributeGroups)
      .orderBy(asc(attributeGroups.sequence), asc(attributeGroups.id));
  });

  route(fastify, attributeCalls.group, async (request) => {
    const user = currentUser(request);
    const id = parseIntId(request.params.id);
    if (id === null) throw groupNotFound();
    const [group] = await db.select().from(attributeGroups).where(eq(attributeGroups.id, id));
    if (!group) throw groupNotFound();
    const own = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.attributeGroupId, id)).orderBy(asc(attributes.sequence), asc(attributes.id));
    const inGroup = new Set(own.map((a) => a.id));
    const defs = await definitionsWithChains(db, inGroup);
    const answers = await answersOf(db, user.accountId, defs.map((d) => d.id), null);
    return {
      id: group.id,
      label: group.label,
      description: group.description,
      attributes: formItems(defs, (d) => (inGroup.has(d.id) ? profileRequirement(d) : null), answers),
    };
  });

  route(fastify, attributeCalls.saveFields, async (request) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const { training } = request.query;
    const answers = request.body.fields;
    let result;
    if (training !== undefined) {
      const courseId = await answerableCourse(db, user.accountId, training);
      const form = await courseForm(db, courseId);
      result = await saveAttributeAnswers(db, { accountId: user.accountId, actorId: user.accountId, answers, courseId, ...form });
    } else {
      // the profile asks every attribute with its own flags; chains need their conditions, so all are read
      const defs = await allDefinitions(db);
      result = await saveAttributeAnswers(db, { accountId: user.accountId, actorId: user.accountId, answers, defs, base: profileRequirement, courseId: null });
    }
    throwProblems(result.problems, lang);
    return { saved: result.saved };
  });

  // the profile's (or a course's) required attributes with no answer yet, chains applied over the stored answers
  route(fastify, attributeCalls.unfilled, async (request) => {
    const user = currentUser(request);
    const { trainingId } = request.query;
    const courseId = trainingId === undefined ? null : await answerableCourse(db, user.accountId, trainingId);
    const form = courseId === null ? { defs: await allDefinitions(db), base: profileRequirement, perCourse: new Set<number>() } : await courseForm(db, courseId);
    const answers = await answersOf(db, user.accountId, form.defs.map((d) => d.id), courseId, form.perCourse);
    const req = storedRequirements(form.defs, form.base, answers);
    const unfilled = form.defs.filter((d) => req.get(d.id) === 'required' && !isFilled(answers.get(d.id)));
    return unfilled.map((d) => ({ ...d, requirement: 'required' as const, answer: null }));
  });

  attributeFileRoutes(fastify, answerableCourse);
  attributeChainRoutes(fastify, answerableCourse);
  dictionaryRoutes(fastify);
  chainAttributeRoutes(fastify);

  route(fastify, attributeCalls.addressSuggestions, async (request) => {
    const user = currentUser(request);
    return suggestions.address(request.body.query, { accountId: user.accountId, language: request.body.language ?? requestLang(request) });
  });
  route(fastify, attributeCalls.companySuggestions, async (request) => {
    const user = currentUser(request);
    return suggestions.company(request.body.query, { accountId: user.accountId, language: request.body.language ?? requestLang(request) });
  });
};
