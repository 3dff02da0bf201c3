import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AttributeDefinition } from '../../../shared/attributes/index.js';
import { catalogueCalls } from '../../../shared/calls/catalogue.js';
import { NotificationType } from '../../../shared/enums.js';
import type { JoinAnswer } from '../../../shared/learning.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import {
  accounts,
  courses,
  enrolmentLog,
  enrolments,
  enrollmentApplications,
} from '../../db/schema/index.js';
import { AppError, requestLang } from '../../errors.js';
import { notify } from '../notifications/notify.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { trainingNotFound, type CourseRow } from '../learning/outline.js';
import { answersOf, courseForm, formItems, isFilled, storedRequirements } from '../attributes/definitions.js';
import { saveAttributeAnswers, throwProblems } from '../attributes/save.js';
import { mailingEvent } from '../mailings/triggers.js';

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
 * attributes, POST to the same path saves their answers through the shared validator (profile
 * answers, or the course's own for a per-course attribute). Requirements are the course's own
 * (course_attributes), not the attribute's global flag.
 */
export const JoinErrorCode = { alreadyJoined: '1', emailNotConfirmed: '3', impossible: '4', relatedCategory: '5', unfilled: '14' } as const;

/**
 * The course's attributes (course_attributes) the account still has to fill: those the course
 * requires, and chain results a stored answer made required (spec 2 §5), with no answer for this
 * course (a per-course attribute: the course's own answer; else the profile's or the course's).
 */
export async function unfilledAttributes(db: Db, accountId: number, courseId: number): Promise<AttributeDefinition[]> {
  const form = await courseForm(db, courseId);
  const answers = await answersOf(db, accountId, form.defs.map((d) => d.id), courseId, form.perCourse);
  const req = storedRequirements(form.defs, form.base, answers);
  return form.defs.filter((d) => req.get(d.id) === 'required' && !isFilled(answers.get(d.id)));
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
    await notify(tx, [{
      accountId: user.accountId,
      type: NotificationType.includeToCourse,
      key: 'notifications.enrolled',
      params: { course: course.label },
      link: `/my-courses/course/${course.id}`,
      linkFields: { trainingId: course.id },
    }]);
  });

  await mailingEvent(db, { trigger: 'enrolled', courseId: course.id, accountIds: [user.accountId] });
  return { isApply: false, trainingId: course.id };
}

export function registerJoinRoutes(fastify: FastifyInstance) {
  const db = fastify.db;

  route(fastify, catalogueCalls.join, async (request) => {
    const user = currentUser(request);
    return joinCourse(db, user, await joinableCourse(db, request.params.courseId));
  });

  // the 400.14 form: the unfilled attributes, and every chain condition and result of the course,
  // with the student's answers, so the client evaluates the chains as the server does
  route(fastify, catalogueCalls.unfilled, async (request) => {
    const user = currentUser(request);
    const course = await joinableCourse(db, request.params.courseId);
    const form = await courseForm(db, course.id);
    const answers = await answersOf(db, user.accountId, form.defs.map((d) => d.id), course.id, form.perCourse);
    const req = storedRequirements(form.defs, form.base, answers);
    const results = new Set(form.defs.flatMap((d) => d.chain?.results.map((r) => r.chainResultAttributeId) ?? []));
    const shown = form.defs.filter((d) => d.chain || results.has(d.id) || (req.get(d.id) === 'required' && !isFilled(answers.get(d.id))));
    return formItems(shown, form.base, answers);
  });

  route(fastify, catalogueCalls.saveUnfilled, async (request) => {
    const user = currentUser(request);
    const course = await joinableCourse(db, request.params.courseId);
    const form = await courseForm(db, course.id);
    const { problems } = await saveAttributeAnswers(db, { accountId: user.accountId, actorId: user.accountId, answers: request.body.values, courseId: course.id, ...form });
    throwProblems(problems, requestLang(request));
    const left = await unfilledAttributes(db, user.accountId, course.id);
    return { unfilled: left.map((a) => a.id) };
  });
}
