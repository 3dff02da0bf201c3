import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  courseCreateInput,
  coursePaths as P,
  courseSettingsInput,
  parseApiDate,
  type CourseCreateInput,
  type CourseDescription,
  type CourseExerciseItem,
  type CourseGrades,
  type CourseGroupItem,
  type CourseInstructorItem,
  type CourseLessonItem,
  type CourseSettingsInput,
  type LinkNode,
  type RecalculateAnswer,
} from '../../../shared/courses.js';
import { ExerciseType, GradeAggregation, type CourseRole } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import {
  accounts,
  courseInstructors,
  courseLinks,
  courses,
  exercises,
  groups,
  invitations,
  lessons,
  programs,
} from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { checkPictureAddress, sanitizeRichText } from '../../richtext/index.js';
import { refreshProgress } from '../learning/courseProgress.js';
import { visibleProgramsWhere } from '../programs/access.js';
import { type CourseRow } from './access.js';
import { courseOf } from '../../auth/courseScope.js';
import { courseLessonParams, courseParams, fullName, iso, opts, path, typed } from './common.js';
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

function buildLinkTree(rows: { id: number; parentId: number | null; text: string; address: string | null }[]): LinkNode[] {
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const ids = new Set(rows.map((r) => r.id));
  const build = (parent: number | null, depth: number): LinkNode[] =>
    depth > 20 ? [] : (byParent.get(parent) ?? []).map((r) => ({ id: r.id, text: r.text, address: r.address, children: build(r.id, depth + 1) }));
  // a link whose parent is not in the set (another course's) hangs at the top
  const orphans = rows.filter((r) => r.parentId !== null && !ids.has(r.parentId));
  return [...build(null, 0), ...orphans.map((r) => ({ id: r.id, text: r.text, address: r.address, children: build(r.id, 1) }))];
}

/** Progress and completion of every student of the course (the repair of learning/courseProgress.ts, which finishes and restarts keep current). */
export async function recalculateCourse(db: Db | Tx, course: CourseRow): Promise<RecalculateAnswer> {
  const rows = await refreshProgress(db, course);
  return { students: rows.length, completed: rows.filter((r) => r.completed).length };
}

/** spec 3 §7.9 "Course data" and course create. */
export function registerCourseDataRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const db = fastify.db;

  app.post(path(P.create), opts({ body: courseCreateInput }), async (request, reply) => {
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

  app.get(path(P.description), opts({ params: courseParams }, 'courses', 'staff', 'view'), async (request): Promise<CourseDescription> => {
    const user = currentUser(request);
    const course = courseOf(request).course;
    const record = await courseRecord(db, user, course.id);
    return { ...record, group: record.groupLabel };
  });

  app.get(path(P.settings), opts({ params: courseParams }, 'courses', 'staff', 'view'), async (request) => {
    const user = currentUser(request);
    const course = courseOf(request).course;
    return courseRecord(db, user, course.id);
  });

  app.put(path(P.settings), opts({ params: courseParams, body: courseSettingsInput }, 'courses', 'staff', 'settings'), async (request) => {
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
      await tx
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
        .where(eq(courses.id, course.id));
      if (tutorId && tutorId !== course.tutorId) await ensureStaff(tx, course.id, tutorId, 'tutor');
      if (moderatorId && moderatorId !== course.moderatorId) await ensureStaff(tx, course.id, moderatorId, 'moderator');
    });
    return courseRecord(db, user, course.id);
  });

  app.post(path(P.recalculate), opts({ params: courseParams }, 'courses', 'staff', 'settings'), async (request) => {
    const course = courseOf(request).course;
    return recalculateCourse(db, course);
  });

  app.get(path(P.instructorsDescription), opts({ params: courseParams }, 'courses', 'staff', 'view'), async (request): Promise<CourseInstructorItem[]> => {
    const course = courseOf(request).course;
    const rows = await db
      .select({
        accountId: accounts.id,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        eMail: accounts.email,
        picture: accounts.picture,
        role: courseInstructors.courseRole,
        isHidden: courseInstructors.isHidden,
      })
      .from(courseInstructors)
      .innerJoin(accounts, eq(accounts.id, courseInstructors.accountId))
      .where(eq(courseInstructors.courseId, course.id))
      .orderBy(courseInstructors.addedAt, courseInstructors.id);
    return rows;
  });

  app.get(path(P.linksDescription), opts({ params: courseParams }, 'courses', 'staff', 'view'), async (request): Promise<LinkNode[]> => {
    const course = courseOf(request).course;
    const rows = await db
      .select({ id: courseLinks.id, parentId: courseLinks.parentId, text: courseLinks.text, address: courseLinks.address })
      .from(courseLinks)
      .where(or(eq(courseLinks.courseId, course.id), isNull(courseLinks.courseId)))
      .orderBy(courseLinks.sequence, courseLinks.id);
    return buildLinkTree(rows);
  });

  app.get(path(P.lessonsDescription), opts({ params: courseParams }, 'courses', 'staff', 'view'), async (request): Promise<CourseLessonItem[]> => {
    const course = courseOf(request).course;
    const rows = await db
      .select({
        id: lessons.id,
        label: lessons.label,
        description: lessons.description,
        sequence: lessons.sequence,
        exercisesCount: sql<number>`(select count(*)::int from "exercises" x where x."lesson_id" = "lessons"."id")`,
      })
      .from(lessons)
      .where(eq(lessons.programId, course.programId))
      .orderBy(lessons.sequence, lessons.id);
    return rows.map((r) => ({ ...r, exercisesCount: Number(r.exercisesCount) }));
  });

  app.get(path(P.lessonExercisesDescription), opts({ params: courseLessonParams }, 'courses', 'staff', 'view'), async (request): Promise<CourseExerciseItem[]> => {
    const course = courseOf(request).course;
    const lessonId = parseIntId(request.params.lessonId);
    const [lesson] =
      lessonId === null
        ? []
        : await db.select({ id: lessons.id }).from(lessons).where(and(eq(lessons.id, lessonId), eq(lessons.programId, course.programId))).limit(1);
    if (!lesson) throw notFound('LessonNotFound', { title: 'courses.lessonNotFound' });
    return db
      .select({ id: exercises.id, lessonId: exercises.lessonId, label: exercises.label, kind: exercises.kind, exerciseType: exercises.exerciseType, sequence: exercises.sequence })
      .from(exercises)
      .where(eq(exercises.lessonId, lesson.id))
      .orderBy(exercises.sequence, exercises.id);
  });

  app.get(path(P.grades), opts({ params: courseParams }, 'courses', 'staff', 'view'), async (request): Promise<CourseGrades> => {
    const course = courseOf(request).course;
    const settings = course.settings as Record<string, unknown>;
    const graded = await db
      .select({ id: exercises.id, label: exercises.label, exerciseType: exercises.exerciseType })
      .from(exercises)
      .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
      .where(and(eq(exercises.programId, course.programId), inArray(exercises.exerciseType, [ExerciseType.test, ExerciseType.task])))
      .orderBy(lessons.sequence, exercises.sequence, exercises.id);
    return {
      gradeAggregation: (settings.gradeAggregation as GradeAggregation | undefined) ?? GradeAggregation.average,
      passingScore: typeof settings.passingScore === 'number' ? settings.passingScore : null,
      exercises: graded,
    };
  });

  app.get(path(P.invitationLinkDescription), opts({ params: courseParams }, 'courses', 'staff', 'invitations'), async (request) => {
    const course = courseOf(request).course;
    const rows = await db
      .select({ invitationId: invitations.id, code: invitations.code, expiryDate: invitations.expiryDate })
      .from(invitations)
      .where(eq(invitations.courseId, course.id))
      .orderBy(desc(invitations.createdAt), desc(invitations.id));
    return rows.map((r) => ({ ...r, trainingId: course.id, courseId: course.id, expiryDate: iso(r.expiryDate) }));
  });

  app.get(path(P.groups), opts({ params: courseParams }, 'courses', 'staff', 'view'), async (request): Promise<CourseGroupItem[]> => {
    const course = courseOf(request).course;
    const rows = await db
      .select({
        id: groups.id,
        label: groups.label,
        leadId: accounts.id,
        leadEmail: accounts.email,
        leadFirst: accounts.firstName,
        leadLast: accounts.lastName,
        studentsCount: sql<number>`(select count(*)::int from "enrolments" e where e."group_id" = "groups"."id" and e."status" = 1)`,
      })
      .from(groups)
      .leftJoin(accounts, eq(accounts.id, groups.leadId))
      .where(eq(groups.courseId, course.id))
      .orderBy(groups.label, groups.id);
    return rows.map((r) => ({
      id: r.id,
      courseId: course.id,
      label: r.label,
      lead: r.leadId !== null ? { id: r.leadId, email: r.leadEmail ?? '', name: fullName({ firstName: r.leadFirst, lastName: r.leadLast }) } : null,
      studentsCount: Number(r.studentsCount),
    }));
  });
}
