import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courseInstructorCalls as calls } from '../../../shared/calls/courseInstructors.js';
import { courseOf } from '../../auth/courseScope.js';
import { accounts, enrolments, tutorStudents } from '../../db/schema/index.js';
import { AppError, notFound, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import type { CourseRow } from '../courses/access.js';
import { accountsByEmail, fullName, parseEmails } from '../students/shared.js';
import { finishedWithErrors, staffRow } from './messages.js';

/** A tutor's students: the course's students with whether the tutor has them, attach or detach one, attach by e-mail list. */
export function tutorRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  async function tutorOf(course: CourseRow, rawId: string | number) {
    const row = await staffRow(db, course.id, rawId);
    if (row.courseRole !== 'tutor') throw new AppError(400, 'NotTutor', { title: 'instructors.notTutor' });
    return row;
  }

  route(fastify, calls.tutorStudents, async (request) => {
    const { course } = courseOf(request);
    const tutor = await staffRow(db, course.id, request.params.tutorId);
    const attached = new Set(
      (await db.select({ id: tutorStudents.studentId }).from(tutorStudents).where(and(eq(tutorStudents.courseId, course.id), eq(tutorStudents.tutorId, tutor.accountId)))).map((r) => r.id),
    );
    const students = await db
      .select({ accountId: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, groupId: enrolments.groupId })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .where(and(eq(enrolments.courseId, course.id), eq(enrolments.status, 1)))
      .orderBy(asc(accounts.lastName), asc(accounts.firstName));
    return students.map((s) => ({ id: s.accountId, accountId: s.accountId, email: s.email, name: fullName(s), groupId: s.groupId, attached: attached.has(s.accountId) }));
  });

  route(fastify, calls.toggleTutorStudent, async (request) => {
    const { course } = courseOf(request);
    const tutor = await tutorOf(course, request.params.tutorId);
    const studentId = parseIntId(request.params.studentId);
    const [e] = studentId === null ? [] : await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.accountId, studentId), eq(enrolments.status, 1)));
    if (!e || studentId === null) throw notFound('StudentNotFound', { title: 'instructors.studentNotFound' });
    const where = and(eq(tutorStudents.courseId, course.id), eq(tutorStudents.tutorId, tutor.accountId), eq(tutorStudents.studentId, studentId));
    const removed = await db.delete(tutorStudents).where(where).returning();
    if (removed.length) return { attached: false };
    await db.insert(tutorStudents).values({ courseId: course.id, tutorId: tutor.accountId, studentId });
    return { attached: true };
  });

  route(fastify, calls.attachTutorStudents, async (request) => {
    const { course } = courseOf(request);
    const tutor = await tutorOf(course, request.body.tutorId);
    const emails = parseEmails(request, request.body.studentsEmails, 'studentsEmails');
    const { found } = await accountsByEmail(db, emails);
    const enrolled = found.length
      ? await db.select({ id: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, course.id), eq(enrolments.status, 1), inArray(enrolments.accountId, found.map((a) => a.id))))
      : [];
    const ids = new Set(enrolled.map((r) => r.id));
    const attached = ids.size
      ? await db.insert(tutorStudents).values([...ids].map((studentId) => ({ courseId: course.id, tutorId: tutor.accountId, studentId }))).onConflictDoNothing().returning()
      : [];
    const missing = emails.filter((e) => !found.some((a) => a.email.toLowerCase() === e && ids.has(a.id)));
    if (missing.length) throw finishedWithErrors(translate(requestLang(request), 'instructors.unknownStudents', { emails: missing.join(', ') }), { attached: attached.length, notFound: missing });
    return { attached: attached.length };
  });
}
