import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { courseCalls as calls, type RecalculateAnswer } from '../../../shared/calls/courses.js';
import { parseApiDate, type CourseCreateInput, type CourseDescription, type CourseSettingsInput } from '../../../shared/courses.js';
import type { CourseRole } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import type { Db } from '../../db/client.js';
import { accounts, courseInstructors, courses, programs } from '../../db/schema/index.js';
import { requestLang, validationError } from '../../errors.js';
import { audit, changedFields } from '../../http/audit.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { checkPictureAddress, sanitizeRichText } from '../../richtext/index.js';
import { refreshProgress } from '../learning/courseProgress.js';
import { forgetAvailability } from '../study/hotCache.js';
import { visibleProgramsWhere } from '../programs/access.js';
import { type CourseRow } from './access.js';
import { courseRecord } from './records.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An instructor (or Root) account by e-mail, for tutor and moderator; a 400 field error otherwise. */
async function staffByEmail(db: Db, request: FastifyRequest, field: string, email: string): Promise<number> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, inArray(accounts.role, ['Instructors', 'Root'])))
    .orderBy(desc(accounts.lastLoginAt), desc(accounts.id))
    .limit(1);
  if (!row) throw validationError({ [field]: translate(requestLang(request), 'courses.staffNotFound', { email }) });
  return row.id;
}

/** Adds an account to the course's staff unless it is there already (its role then stays). */
async function ensureStaff(tx: Tx | Db, courseId: number, accountId: number, courseRole: CourseRole): Promise<void> {
  await tx.insert(courseInstructors).values({ courseId, accountId, courseRole }).onConflictDoNothing();
}

const toDate = (v: string | null | undefined, edge: 'start' | 'end' = 'start') => (v ? parseApiDate(v, edge) ?? null : null);

/** The date and availability columns of validated input. */
function datesOf(b: CourseCreateInput | CourseSettingsInput) {
  const byDates = b.alwaysAvailableByDates !== false && !!b.open && !!b.close;
  return {
    begin: toDate(b.begin),
    end: toDate(b.end, 'end'),
    open: byDates ? toDate(b.open) : null,
    close: byDates ? toDate(b.close, 'end') : null,
    alwaysAvailableByDates: byDates,
  };
}

const clean = (html: string | null | undefined) => (html ? sanitizeRichText(html) : html);

/** Progress and completion of every student of the course (the repair of learning/courseProgress.ts, which finishes and restarts keep current). */
export async function recalculateCourse(db: Db | Tx, course: CourseRow): Promise<RecalculateAnswer> {
  const rows = await refreshProgress(db, course);
  return { students: rows.length, completed: rows.filter((r) => r.completed).length };
}

/** Course create, its record, settings and progress repair (spec 3 §7.9 "Course data"). */
export function registerCourseDataRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.create, async (request, reply) => {
    const user = currentUser(request);
    const b = request.body;
    checkPictureAddress(request, b.picture);
    const [program] = await db
      .select({ id: programs.id, label: programs.label })
      .from(programs)
      .where(and(eq(programs.id, b.programId), visibleProgramsWhere(user)))
      .limit(1);
    if (!program) throw validationError({ programId: translate(requestLang(request), 'courses.programNotFound') });
    const tutorId = b.tutorEmail ? await staffByEmail(db, request, 'tutorEmail', b.tutorEmail) : null;
    const moderatorId = b.moderatorEmail ? await staffByEmail(db, request, 'moderatorEmail', b.moderatorEmail) : null;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values({
          programId: program.id,
          label: b.label ?? program.label,
          description: clean(b.description) ?? null,
          picture: b.picture ?? null,
          ...datesOf(b),
          groupLabel: b.groupLabel ?? null,
          tutorId,
          moderatorId,
          joinMode: b.joinMode ?? 'direct',
          requiresEmailConfirmation: b.requiresEmailConfirmation ?? false,
          relatedCategory: b.relatedCategory ?? null,
          isPublished: b.isPublished ?? false,
          createdBy: user.accountId,
        })
        .returning({ id: courses.id });
      // the creator runs the course (access.ts); tutor and moderator join its staff
      await ensureStaff(tx, row.id, user.accountId, 'instructor');
      if (tutorId) await ensureStaff(tx, row.id, tutorId, 'tutor');
      if (moderatorId) await ensureStaff(tx, row.id, moderatorId, 'moderator');
      return row.id;
    });
    reply.status(201);
    return courseRecord(db, user, id);
  });

  route(fastify, calls.description, async (request): Promise<CourseDescription> => {
    const user = currentUser(request);
    const course = courseOf(request).course;
    const record = await courseRecord(db, user, course.id);
    return { ...record, group: record.groupLabel };
  });

  route(fastify, calls.settings, async (request) => {
    const user = currentUser(request);
    const course = courseOf(request).course;
    return courseRecord(db, user, course.id);
  });

  route(fastify, calls.updateSettings, async (request) => {
    const user = currentUser(request);
    const course = courseOf(request).course;
    const b = request.body;
    checkPictureAddress(request, b.picture);
    const tutorId = b.tutorEmail === undefined ? course.tutorId : b.tutorEmail ? await staffByEmail(db, request, 'tutorEmail', b.tutorEmail) : null;
    const moderatorId =
      b.moderatorEmail === undefined ? course.moderatorId : b.moderatorEmail ? await staffByEmail(db, request, 'moderatorEmail', b.moderatorEmail) : null;
    const keep = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
    const settings = {
      ...course.settings,
      ...(b.datesVisibility !== undefined ? { datesVisibility: b.datesVisibility } : {}),
      ...(b.gradeAggregation !== undefined ? { gradeAggregation: b.gradeAggregation } : {}),
      ...(b.passingScore !== undefined ? { passingScore: b.passingScore } : {}),
    };
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(courses)
        .set({
          label: b.label ?? course.label,
          description: b.description === undefined ? course.description : clean(b.description) ?? null,
          footer: b.footer === undefined ? course.footer : clean(b.footer) ?? null,
          picture: keep(b.picture, course.picture),
          ...datesOf(b),
          groupLabel: keep(b.groupLabel, course.groupLabel),
          tutorId,
          moderatorId,
          joinMode: b.joinMode ?? course.joinMode,
          requiresEmailConfirmation: b.requiresEmailConfirmation ?? course.requiresEmailConfirmation,
          relatedCategory: keep(b.relatedCategory, course.relatedCategory),
          isPublished: b.isPublished ?? course.isPublished,
          keywords: keep(b.keywords, course.keywords),
          settings,
          updatedAt: new Date(),
        })
        .where(eq(courses.id, course.id))
        .returning();
      await audit(request, { table: 'courses', recordId: course.id, ...changedFields(course, updated) }, tx);
      if (tutorId && tutorId !== course.tutorId) await ensureStaff(tx, course.id, tutorId, 'tutor');
      if (moderatorId && moderatorId !== course.moderatorId) await ensureStaff(tx, course.id, moderatorId, 'moderator');
    });
    forgetAvailability(db); // the course's dates open and close its exercises
    return courseRecord(db, user, course.id);
  });

  route(fastify, calls.recalculate, async (request) => {
    const course = courseOf(request).course;
    return recalculateCourse(db, course);
  });
}
