import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { courseGroupCalls as calls } from '../../../../shared/calls/courseGroups.js';
import type { courseGroupTaskInput, CourseGroupTaskAnswer, CourseGroupTaskInput } from '../../../../shared/courseGroups.js';
import type { CallSpec } from '../../../../shared/http/call.js';
import { TaskType, type CourseRole } from '../../../../shared/enums.js';
import { splitEmailList } from '../../../../shared/programs.js';
import { allows, type CourseAction } from '../../../../shared/permissions.js';
import { accountPrincipal, currentUser, type AuthUser } from '../../../auth/context.js';
import { courses } from '../../../db/schema/index.js';
import { AppError, requestLang, validationError } from '../../../errors.js';
import { translate } from '../../../i18n/messages.js';
import type { Jobs, TaskContext } from '../../../jobs/index.js';
import { courseForbidden, loadCourseAccess, visibleCourseIds, type CourseAccess } from '../access.js';
import { includeStaff, removeStaff } from '../../courseInstructors/staff.js';
import { accountsByEmail, enrolStudents, type Tx } from '../../students/shared.js';
import { route } from '../../../http/route.js';
import { loadCourseGroup, subtreeCourseIds } from './access.js';

/** The payload of a by-set task (tasks.params). */
interface CourseGroupTaskPayload {
  setId: number;
  courseIds: number[];
  accountIds: number[];
  emails: string[];
  courseRole?: CourseRole;
}

type Kind = 'includeInstructors' | 'removeInstructors' | 'includeStudents';

/**
 * What the direct call of each kind checks (…/Instructors/Include, …/Instructors/Exclude,
 * …/students/training/{id}/include): its global rule, its course action, the roles of the
 * accounts it takes. A by-set task checks exactly that for every course of the group.
 */
const direct: Record<Kind, { call: CallSpec & { body: typeof courseGroupTaskInput }; action: CourseAction; roles: string[] }> = {
  includeInstructors: { call: calls.instructorsInclude, action: 'instructors', roles: ['Instructors', 'Root'] },
  removeInstructors: { call: calls.instructorsRemove, action: 'instructors', roles: ['Instructors', 'Root', 'Students', 'Guest'] },
  includeStudents: { call: calls.studentsInclude, action: 'manageStudents', roles: ['Students'] },
};

/** Spec 3 §8.7: include/exclude failures answer 400 System.OperationFinishedWithErrors with the message. */
function finishedWithErrors(request: FastifyRequest, detail: string): AppError {
  const lang = requestLang(request);
  const message = translate(lang, 'sets.operationFinishedWithErrors', { message: detail });
  return new AppError(400, 'System.OperationFinishedWithErrors', { title: message, description: message, errorCodeMessage: message });
}

/** Validates a by-set call and queues its task (row and job in one transaction). */
async function queueCourseGroupTask(fastify: FastifyInstance, request: FastifyRequest, user: AuthUser, body: CourseGroupTaskInput, kind: Kind): Promise<CourseGroupTaskAnswer> {
  const db = fastify.db;
  const group = await loadCourseGroup(db, user, body.setId ?? body.id, true);
  const emails = splitEmailList(body.emails);
  if (!emails) throw validationError({ emails: translate(requestLang(request), 'validation.emailList') });
  const { found, unknown } = await accountsByEmail(db, emails, direct[kind].roles);
  if (unknown.length) throw finishedWithErrors(request, translate(requestLang(request), 'sets.unknownAccounts', { emails: unknown.join(', ') }));
  const all = await subtreeCourseIds(db, group.id);
  const mine = await visibleCourseIds(db, user, all);
  // the caller's courses of the group; each is checked again when the task runs
  const courseIds = all.filter((id) => mine.has(id));
  if (courseIds.length === 0) throw finishedWithErrors(request, translate(requestLang(request), 'sets.noCourses'));
  const payload: CourseGroupTaskPayload = {
    setId: group.id,
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

type Work = (tx: Tx, access: CourseAccess, p: CourseGroupTaskPayload, actorId: number) => Promise<void>;

/**
 * Runs `work` per course of the payload as the task's author would run the direct call: their
 * global rule and their course action are checked for every course when the task reaches it
 * (rights may have changed since it was queued). One transaction per course: a course is changed
 * wholly or not at all; the courses refused are recorded with the reason (TaskRecord.refusedCourses).
 */
async function perCourse(ctx: TaskContext, kind: Kind, work: Work) {
  const p = ctx.task.params as unknown as CourseGroupTaskPayload;
  const ids = p.courseIds ?? [];
  const author = ctx.task.createdBy === null ? null : await accountPrincipal(ctx.db, ctx.task.createdBy);
  const refused: { id: number; label: string; reason: string }[] = [];
  for (const [i, courseId] of ids.entries()) {
    await ctx.checkpoint(i, ids.length);
    const [course] = await ctx.db.select({ id: courses.id, label: courses.label }).from(courses).where(eq(courses.id, courseId)).limit(1);
    if (!course) continue;
    try {
      if (!author || !allows(author, direct[kind].call.rule)) throw courseForbidden();
      const access = await loadCourseAccess(ctx.db, author, courseId, direct[kind].action);
      await ctx.db.transaction((tx) => work(tx, access, p, author.accountId));
      ctx.count({ courses: 1 });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.push({ id: course.id, label: course.label, reason: err.options.title ?? 'error.forbidden' });
      ctx.count({ refused: 1 });
      ctx.detail('refused', refused);
    }
  }
}

/** The handlers of the three by-set task types (idempotent: a rerun changes nothing more). */
export function registerCourseGroupTaskHandlers(jobs: Jobs): void {
  jobs.handle(TaskType.includeInstructors, (ctx) =>
    perCourse(ctx, 'includeInstructors', async (tx, access, p) => {
      ctx.count({ added: await includeStaff(tx, access, p.accountIds, p.courseRole ?? 'instructor') });
    }),
  );

  jobs.handle(TaskType.removeInstructors, (ctx) =>
    perCourse(ctx, 'removeInstructors', async (tx, access, p) => {
      ctx.count({ removed: (await removeStaff(tx, access, p.accountIds)).length });
    }),
  );

  jobs.handle(TaskType.includeStudents, (ctx) =>
    perCourse(ctx, 'includeStudents', async (tx, access, p, actorId) => {
      // new students join; expelled or dropped ones study again; those studying stay as they are
      ctx.count({ added: await enrolStudents(tx, access.course.id, access.course.label, p.accountIds, actorId) });
    }),
  );
}

/** POST .../Instructors/Remove/by-set, .../Instructors/Include/by-set, .../Students/Include/by-set. */
export function registerCourseGroupTaskRoutes(fastify: FastifyInstance): void {
  for (const kind of Object.keys(direct) as Kind[]) {
    route(fastify, direct[kind].call, async (request) => queueCourseGroupTask(fastify, request, currentUser(request), request.body, kind));
  }
}
