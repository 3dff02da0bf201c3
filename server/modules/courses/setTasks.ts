import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bySetInput, courseGroupPaths as P, type BySetAnswer, type BySetInput } from '../../../src/shared/courseGroups.js';
import { TaskType, type CourseRole } from '../../../src/shared/enums.js';
import { splitEmailList } from '../../../src/shared/programs.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, courseInstructors, courses, enrolmentLog, enrolments, notifications } from '../../db/schema/index.js';
import { AppError, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import type { Jobs, TaskContext } from '../../jobs/index.js';
import { visibleCourseIds } from './access.js';
import { opts, path, typed } from './common.js';
import { loadSet, subtreeCourseIds } from './setTree.js';

/** The payload of a by-set task (tasks.params). */
interface BySetPayload {
  setId: number;
  courseIds: number[];
  accountIds: number[];
  emails: string[];
  courseRole?: CourseRole;
}

type Kind = 'includeInstructors' | 'removeInstructors' | 'includeStudents';

const roles: Record<Kind, string[]> = {
  includeInstructors: ['Instructors', 'Root'],
  removeInstructors: ['Instructors', 'Root', 'Students', 'Guest'],
  includeStudents: ['Students'],
};

/** Spec 3 §8.7: include/exclude failures answer 400 System.OperationFinishedWithErrors with the message. */
function finishedWithErrors(request: FastifyRequest, detail: string): AppError {
  const lang = requestLang(request);
  const message = translate(lang, 'sets.operationFinishedWithErrors', { message: detail });
  return new AppError(400, 'System.OperationFinishedWithErrors', { title: message, description: message, errorCodeMessage: message });
}

async function accountsByEmail(db: Db, emails: string[], allowed: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(and(inArray(sql`lower(${accounts.email})`, emails), inArray(accounts.role, allowed)));
}

/** Validates a by-set call and queues its task (row and job in one transaction). */
async function queueBySet(fastify: FastifyInstance, request: FastifyRequest, user: AuthUser, body: BySetInput, kind: Kind): Promise<BySetAnswer> {
  const db = fastify.db;
  const set = await loadSet(db, user, body.setId ?? body.id, true);
  const emails = splitEmailList(body.emails);
  if (!emails) throw validationError({ emails: translate(requestLang(request), 'validation.emailList') });
  const found = await accountsByEmail(db, emails, roles[kind]);
  const known = new Set(found.map((a) => a.email.toLowerCase()));
  const unknown = emails.filter((e) => !known.has(e));
  if (unknown.length) throw finishedWithErrors(request, translate(requestLang(request), 'sets.unknownAccounts', { emails: unknown.join(', ') }));
  const all = await subtreeCourseIds(db, set.id);
  const mine = await visibleCourseIds(db, user, all);
  const courseIds = all.filter((id) => mine.has(id));
  if (courseIds.length === 0) throw finishedWithErrors(request, translate(requestLang(request), 'sets.noCourses'));
  const payload: BySetPayload = {
    setId: set.id,
    courseIds,
    accountIds: [...new Set(found.map((a) => a.id))],
    emails,
    ...(kind === 'includeInstructors' ? { courseRole: body.courseRole ?? 'instructor' } : {}),
  };
  await fastify.jobs.ready();
  const task = await db.transaction((tx) =>
    fastify.jobs.enqueueTask(tx, { type: TaskType[kind], courseId: null, payload: payload as unknown as Record<string, unknown>, createdBy: user.accountId }),
  );
  return { taskId: task.id, courses: courseIds.length, skippedCourses: all.length - courseIds.length, accounts: payload.accountIds.length };
}

/** Runs `work` per course of the payload, one transaction each, with a checkpoint between courses. */
async function perCourse(ctx: TaskContext, work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], courseId: number, p: BySetPayload) => Promise<void>) {
  const p = ctx.task.params as unknown as BySetPayload;
  const ids = p.courseIds ?? [];
  for (const [i, courseId] of ids.entries()) {
    await ctx.checkpoint(i, ids.length);
    const [course] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1);
    if (course) await ctx.db.transaction((tx) => work(tx, courseId, p));
    ctx.count({ courses: 1 });
  }
}

/** The handlers of the three by-set task types (idempotent: a rerun changes nothing more). */
export function registerSetTaskHandlers(jobs: Jobs): void {
  jobs.handle(TaskType.includeInstructors, (ctx) =>
    perCourse(ctx, async (tx, courseId, p) => {
      if (p.accountIds.length === 0) return;
      const added = await tx
        .insert(courseInstructors)
        .values(p.accountIds.map((accountId) => ({ courseId, accountId, courseRole: p.courseRole ?? 'instructor' })))
        .onConflictDoNothing()
        .returning({ id: courseInstructors.id });
      ctx.count({ added: added.length });
    }),
  );

  jobs.handle(TaskType.removeInstructors, (ctx) =>
    perCourse(ctx, async (tx, courseId, p) => {
      if (p.accountIds.length === 0) return;
      const removed = await tx
        .delete(courseInstructors)
        .where(and(eq(courseInstructors.courseId, courseId), inArray(courseInstructors.accountId, p.accountIds)))
        .returning({ id: courseInstructors.id });
      await tx.update(courses).set({ tutorId: null }).where(and(eq(courses.id, courseId), inArray(courses.tutorId, p.accountIds)));
      await tx.update(courses).set({ moderatorId: null }).where(and(eq(courses.id, courseId), inArray(courses.moderatorId, p.accountIds)));
      ctx.count({ removed: removed.length });
    }),
  );

  jobs.handle(TaskType.includeStudents, (ctx) =>
    perCourse(ctx, async (tx, courseId, p) => {
      if (p.accountIds.length === 0) return;
      // new students join; expelled or dropped ones study again; those studying stay as they are
      const joined = await tx
        .insert(enrolments)
        .values(p.accountIds.map((accountId) => ({ courseId, accountId, status: 1 as const })))
        .onConflictDoUpdate({
          target: [enrolments.courseId, enrolments.accountId],
          set: { status: 1, kickedAt: null, kickReason: null },
          setWhere: ne(enrolments.status, 1),
        })
        .returning({ accountId: enrolments.accountId });
      if (joined.length === 0) return;
      const [course] = await tx.select({ label: courses.label }).from(courses).where(eq(courses.id, courseId));
      await tx.insert(enrolmentLog).values(joined.map((j) => ({ courseId, accountId: j.accountId, event: 'joined', actorId: ctx.task.createdBy })));
      await tx.insert(notifications).values(
        joined.map((j) => ({
          accountId: j.accountId,
          type: 2 as const,
          text: `Вы добавлены в курс «${course?.label ?? ''}»`,
          link: `/my-courses/course/${courseId}`,
          linkFields: { trainingId: courseId },
        })),
      );
      ctx.count({ added: joined.length });
    }),
  );
}

/** POST .../Instructors/Remove/by-set, .../Instructors/Include/by-set, .../Students/Include/by-set. */
export function registerSetTaskRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const route = (p: string, kind: Kind) =>
    app.post(path(p), opts({ body: bySetInput }, 'course-groups'), async (request) => queueBySet(fastify, request, currentUser(request), request.body, kind));
  route(P.instructorsInclude, 'includeInstructors');
  route(P.instructorsRemove, 'removeInstructors');
  route(P.studentsInclude, 'includeStudents');
}
