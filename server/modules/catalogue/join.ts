import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { attributeValueProblem } from '../../../shared/attributes.js';
import { catalogueCalls } from '../../../shared/calls/catalogue.js';
import { NotificationType } from '../../../shared/enums.js';
import type { JoinAnswer } from '../../../shared/learning.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import {
  accounts,
  attributes,
  attributeValues,
  courses,
  enrolmentLog,
  enrolments,
  enrollmentApplications,
  notifications,
} from '../../db/schema/index.js';
import { AppError, badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { trainingNotFound, type CourseRow } from '../learning/outline.js';
import { awardIfProfileCompleted } from '../learning/achievements.js';

/**
 * Joining a course from the catalogue (spec 3 §7.3, §8.2):
 * POST /api/students/trainings/{courseId}/join → { isApply, trainingId }.
 * Rules in order: 404 unknown/unpublished; 400 "1" already studying; 400 "3" e-mail not
 * confirmed; 400 "4" enrolment impossible (ended, closed, expelled); 400 "5" already in a
 * course of the same related category; 400 "14" mandatory profile attributes unfilled.
 * By application: a pending enrollment_applications row (the row the applications module
 * allows or denies). Directly: the enrolment, a log row and a notification of type 2.
 *
 * The 400.14 form: GET /api/Attribute/course/{courseId}/unfilled (spec 3 §7.2) lists the
 * attributes, POST to the same path saves their values (profile values, trainingId null).
 */
export const JoinErrorCode = { alreadyJoined: '1', emailNotConfirmed: '3', impossible: '4', relatedCategory: '5', unfilled: '14' } as const;

/** Required attributes the account has no value for (profile-wide or given for this course). */
export async function unfilledAttributes(db: Db, accountId: number, courseId: number) {
  return db
    .select()
    .from(attributes)
    .where(
      and(
        eq(attributes.required, true),
        sql`not exists (select 1 from ${attributeValues} v where v."attribute_id" = ${attributes.id} and v."account_id" = ${accountId}
          and (v."training_id" is null or v."training_id" = ${courseId})
          and (coalesce(v."value", '') <> '' or v."value_json" is not null or v."file_id" is not null or v."is_has_none_value"))`,
      ),
    )
    .orderBy(asc(attributes.sequence), asc(attributes.id));
}

async function joinableCourse(db: Db, raw: string): Promise<CourseRow> {
  const id = parseIntId(raw);
  if (id === null) throw trainingNotFound();
  const [course] = await db.select().from(courses).where(and(eq(courses.id, id), eq(courses.isPublished, true))).limit(1);
  if (!course) throw trainingNotFound();
  return course;
}

export async function joinCourse(db: Db, user: AuthUser, course: CourseRow, now = new Date()): Promise<JoinAnswer> {
  const fail = (code: string, title: string) => new AppError(400, code, { title });
  const [mine] = await db.select().from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, user.accountId))).limit(1);
  if (mine?.status === 1) throw fail(JoinErrorCode.alreadyJoined, 'learning.alreadyJoined');
  if (course.requiresEmailConfirmation) {
    const [a] = await db.select({ ok: accounts.emailConfirmed }).from(accounts).where(eq(accounts.id, user.accountId));
    if (!a?.ok) throw fail(JoinErrorCode.emailNotConfirmed, 'learning.emailNotConfirmed');
  }
  const ended = (course.end && course.end < now) || (course.close && course.close < now);
  if (ended || mine?.status === 2) throw fail(JoinErrorCode.impossible, 'learning.enrolImpossible');
  if (course.relatedCategory) {
    const [other] = await db
      .select({ id: courses.id })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(
        and(
          eq(enrolments.accountId, user.accountId),
          eq(enrolments.status, 1),
          ne(courses.id, course.id),
          eq(courses.relatedCategory, course.relatedCategory),
        ),
      )
      .limit(1);
    if (other) throw fail(JoinErrorCode.relatedCategory, 'learning.relatedCategory');
  }
  if ((await unfilledAttributes(db, user.accountId, course.id)).length > 0) throw fail(JoinErrorCode.unfilled, 'learning.unfilledAttributes');

  if (course.joinMode === 'application') {
    await db.insert(enrollmentApplications).values({ courseId: course.id, accountId: user.accountId }).onConflictDoNothing();
    return { isApply: true, trainingId: course.id };
  }
  await db.transaction(async (tx) => {
    if (mine) {
      await tx.update(enrolments).set({ status: 1, kickedAt: null, kickReason: null, joinedAt: new Date() }).where(eq(enrolments.id, mine.id));
    } else {
      await tx.insert(enrolments).values({ courseId: course.id, accountId: user.accountId, status: 1 });
    }
    await tx.insert(enrolmentLog).values({ courseId: course.id, accountId: user.accountId, event: mine ? 'restored' : 'joined', actorId: user.accountId });
    await tx.insert(notifications).values({
      accountId: user.accountId,
      type: NotificationType.includeToCourse,
      text: `Вы зачислены на курс «${course.label}»`,
      link: `/my-courses/course/${course.id}`,
      linkFields: { trainingId: course.id } as never,
    });
  });
  return { isApply: false, trainingId: course.id };
}

export function registerJoinRoutes(fastify: FastifyInstance) {
  const db = fastify.db;

  route(fastify, catalogueCalls.join, async (request) => {
    const user = currentUser(request);
    return joinCourse(db, user, await joinableCourse(db, request.params.courseId));
  });

  route(fastify, catalogueCalls.unfilled, async (request) => {
    const user = currentUser(request);
    const course = await joinableCourse(db, request.params.courseId);
    const rows = await unfilledAttributes(db, user.accountId, course.id);
    return rows.map((a) => ({
      id: a.id,
      name: a.name,
      label: a.label,
      description: a.description,
      type: a.type,
      regex: a.regex,
      min: a.min,
      max: a.max,
      options: a.options,
      isTextArea: a.isTextArea,
      required: true,
    }));
  });

  route(fastify, catalogueCalls.saveUnfilled, async (request) => {
    const user = currentUser(request);
    const course = await joinableCourse(db, request.params.courseId);
    const ids = request.body.values.map((v) => v.attributeId);
    const defs = await db.select().from(attributes).where(inArray(attributes.id, ids));
    const byId = new Map(defs.map((d) => [d.id, d]));
    const fields: Record<string, string> = {};
    for (const v of request.body.values) {
      const def = byId.get(v.attributeId);
      if (!def || def.readonly) fields[String(v.attributeId)] = 'learning.attributeInvalid';
      else {
        const problem = attributeValueProblem(def, v.value);
        if (problem) fields[String(v.attributeId)] = problem === 'required' ? 'learning.attributeRequired' : 'learning.attributeInvalid';
      }
    }
    if (Object.keys(fields).length) throw badRequest('ValidationError', { fields });
    await db.transaction(async (tx) => {
      for (const v of request.body.values) {
        const [existing] = await tx
          .select({ id: attributeValues.id })
          .from(attributeValues)
          .where(and(eq(attributeValues.accountId, user.accountId), eq(attributeValues.attributeId, v.attributeId), isNull(attributeValues.trainingId)));
        if (existing) await tx.update(attributeValues).set({ value: v.value.trim(), updatedAt: new Date() }).where(eq(attributeValues.id, existing.id));
        else await tx.insert(attributeValues).values({ accountId: user.accountId, attributeId: v.attributeId, value: v.value.trim() });
      }
    });
    // the profile's required attributes may all be filled now (achievement "profile completed")
    await awardIfProfileCompleted(db, user.accountId);
    const left = await unfilledAttributes(db, user.accountId, course.id);
    return { unfilled: left.map((a) => a.id) };
  });
}
