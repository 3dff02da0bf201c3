import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { studentCalls as calls } from '../../../shared/calls/students.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import { accounts, attributeValueHistory, attributeValues, attributes, enrolments } from '../../db/schema/index.js';
import { AppError, notFound, requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { studentScope } from '../courses/access.js';
import { accountsByEmail, parseEmails } from './shared.js';
import { checkAttributeAnswer } from '../../../shared/attributes/index.js';
import { allDefinitions } from '../attributes/definitions.js';
import { sourcesFor } from '../attributes/sources.js';

/** Profile attributes of a course's students: the settable list and the filters, set for some or all, clear. */
export function studentAttributeRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const attributeList = () =>
    db.select({ id: attributes.id, label: attributes.label, type: attributes.type, options: attributes.options }).from(attributes).orderBy(asc(attributes.sequence), asc(attributes.id));

  route(fastify, calls.settableAttributes, async () => attributeList());
  route(fastify, calls.filters, async () => attributeList());

  route(fastify, calls.setAttribute, async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const access = courseOf(request);
    const { course } = access;
    const def = (await allDefinitions(db)).find((d) => d.id === b.attributeId);
    if (!def) throw notFound('AttributeNotFound', { title: 'students.attributeNotFound' });
    // the one validator of every attribute form (spec 2 §6): a value the student could not enter is refused here too
    const answer = { attributeId: def.id, value: b.value ?? b.date ?? null };
    const checked = checkAttributeAnswer(def, 'optional', answer, await sourcesFor(db, [def], [answer]));
    if (!checked.ok) throw validationError({ value: translate(requestLang(request), checked.problem.key, checked.problem.vars) });
    const stored = checked.stored;
    const targetIds = b.emails !== undefined
      ? (await accountsByEmail(db, parseEmails(request, b.emails))).found.map((a) => a.id)
      : (await db.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.status, 1)))).map((r) => r.id);
    const enrolled = new Set(
      (await db.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, course.id), studentScope(access, user, enrolments.accountId)))).map((r) => r.id),
    );
    const ids = targetIds.filter((id) => enrolled.has(id));
    const shown = stored ? (stored.value ?? (stored.valueJson ? JSON.stringify(stored.valueJson) : null)) : null;
    await db.transaction(async (tx) => {
      for (const accountId of ids) {
        await tx.delete(attributeValues).where(and(eq(attributeValues.accountId, accountId), eq(attributeValues.attributeId, def.id), eq(attributeValues.trainingId, course.id)));
        if (stored) await tx.insert(attributeValues).values({ accountId, attributeId: def.id, trainingId: course.id, ...stored });
        await tx.insert(attributeValueHistory).values({ accountId, attributeId: def.id, trainingId: course.id, newValue: shown, changedBy: user.accountId });
      }
    });
    return { updated: ids.length };
  });

  route(fastify, calls.clearAttributes, async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const access = courseOf(request);
    const { course } = access;
    const { found, unknown } = await accountsByEmail(db, parseEmails(request, b.emails), undefined, studentScope(access, user, accounts.id));
    if (unknown.length) {
      throw new AppError(400, '26', { title: 'error.badRequest', extra: { messages: unknown.map((e) => translate(requestLang(request), 'students.import.unknownEmail', { email: e })) } });
    }
    const ids = found.map((a) => a.id);
    const removed = ids.length
      ? await db.delete(attributeValues).where(and(eq(attributeValues.trainingId, course.id), inArray(attributeValues.accountId, ids), inArray(attributeValues.attributeId, b.attributes))).returning({ id: attributeValues.id })
      : [];
    return { cleared: removed.length };
  });
}
