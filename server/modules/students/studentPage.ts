import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { studentCalls as calls } from '../../../shared/calls/students.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import {
  accounts,
  answers,
  attempts,
  attributeValues,
  attributes,
  enrolmentLog,
  enrolments,
  exerciseProgress,
  exercises,
  files,
  lessons,
} from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { studentScope } from '../courses/access.js';
import { profileChanges } from '../audit/history.js';
import { loadEnrolment } from './shared.js';

/** A student's page (progress per exercise, profile), their changes and answer files, and leaving their group. */
export function studentPageRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  /** The enrolment of the student in the request's course, among those the caller may see (a tutor: their own). */
  function enrolmentOf(request: FastifyRequest, studentId: number | null) {
    const access = courseOf(request);
    return loadEnrolment(db, access.course.id, studentId, studentScope(access, currentUser(request), enrolments.accountId));
  }

  route(fastify, calls.view, async (request) => {
    const { course } = courseOf(request);
    const e = await enrolmentOf(request, parseIntId(request.params.studentId));
    const [a] = await db.select().from(accounts).where(eq(accounts.id, e.accountId));
    const ex = await db
      .select({ id: exercises.id, label: exercises.label, exerciseType: exercises.exerciseType, lessonId: lessons.id, lessonLabel: lessons.label, status: exerciseProgress.status, score: exerciseProgress.score, completedAt: exerciseProgress.completedAt })
      .from(exercises)
      .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
      .leftJoin(exerciseProgress, and(eq(exerciseProgress.exerciseId, exercises.id), eq(exerciseProgress.courseId, course.id), eq(exerciseProgress.accountId, e.accountId)))
      .where(eq(exercises.programId, course.programId))
      .orderBy(asc(lessons.sequence), asc(exercises.sequence));
    const filter = request.query.filter;
    const list = ex
      .map((x) => ({ ...x, status: x.status ?? 0, completedAt: x.completedAt?.toISOString() ?? null }))
      .filter((x) => (filter === 'completed' ? x.status >= 3 : filter === 'notCompleted' ? x.status < 3 : true));
    const profile = await db
      .select({ attributeId: attributes.id, label: attributes.label, value: attributeValues.value })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(and(eq(attributeValues.accountId, e.accountId), or(sql`${attributeValues.trainingId} is null`, eq(attributeValues.trainingId, course.id))));
    return {
      student: { accountId: a.id, email: a.email, firstName: a.firstName, lastName: a.lastName, middleName: a.middleName, phone: a.phone, picture: a.picture },
      enrolment: { status: e.status, groupId: e.groupId, progress: e.progress, completed: e.completed, joinedAt: e.joinedAt.toISOString(), kickReason: e.kickReason },
      exercises: list,
      profile,
    };
  });

  route(fastify, calls.changes, async (request) => {
    const { course } = courseOf(request);
    const e = await enrolmentOf(request, parseIntId(request.params.studentId));
    // the course's view of the profile: its own values and this course's (the course-wide history's query)
    const history = await profileChanges(db, { accountId: e.accountId, courseId: course.id, take: 500 });
    const log = await db.select().from(enrolmentLog).where(and(eq(enrolmentLog.courseId, course.id), eq(enrolmentLog.accountId, e.accountId))).orderBy(desc(enrolmentLog.at));
    return {
      profile: history.result.map((r) => ({ id: r.id, field: r.field, oldValue: r.oldValue, newValue: r.newValue, changedAt: r.at })),
      enrolment: log.map((l) => ({ id: l.id, event: l.event, groupId: l.groupId, reason: l.reason, at: l.at.toISOString() })),
    };
  });

  route(fastify, calls.resultFiles, async (request) => {
    const { course } = courseOf(request);
    const q = request.query;
    await enrolmentOf(request, q.studentId);
    const rows = await db
      .select({ fileId: files.id, name: files.name, attemptId: attempts.id, exerciseId: attempts.exerciseId, savedAt: answers.savedAt })
      .from(answers)
      .innerJoin(attempts, eq(attempts.id, answers.attemptId))
      .innerJoin(files, eq(files.id, answers.fileId))
      .where(and(eq(attempts.courseId, course.id), eq(attempts.accountId, q.studentId), q.exerciseId ? eq(attempts.exerciseId, q.exerciseId) : undefined))
      .orderBy(desc(answers.savedAt));
    return rows.map((r) => ({ ...r, address: `/api/files/${r.fileId}`, savedAt: r.savedAt.toISOString() }));
  });

  route(fastify, calls.leaveGroup, async (request) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const e = await enrolmentOf(request, parseIntId(request.params.studentId));
    await db.transaction(async (tx) => {
      await tx.update(enrolments).set({ groupId: null }).where(eq(enrolments.id, e.id));
      await tx.insert(enrolmentLog).values({ courseId: course.id, accountId: e.accountId, event: 'group_changed', groupId: null, actorId: user.accountId });
    });
    return { ok: true };
  });
}
