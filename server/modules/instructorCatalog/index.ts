import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { instructorCatalogCalls as calls } from '../../../shared/calls/instructorCatalog.js';
import { accounts, courseInstructors, courses } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { fullName } from '../accounts/family.js';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The instructors' catalogue (/instructor-catalog): every instructor account and every staff
 * member of a course (a student can be a course's tutor), with e-mail, phone and the courses
 * they teach. Any staff member reads all of it: colleagues' contacts and courses are what the
 * catalogue is for (docs/decisions: NOTES-insight-admin.md).
 */
export const instructorCatalogModule: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, calls.list, async (request) => {
    const { search, take, skip } = request.query;
    const staffOf = (courseWhere?: SQL) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(courseInstructors)
          .innerJoin(courses, eq(courses.id, courseInstructors.courseId))
          .where(and(eq(courseInstructors.accountId, accounts.id), courseWhere)),
      );
    const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
    // every word in a name, the e-mail or one of the instructor's courses
    const matches = words.map((w) =>
      or(ilike(accounts.lastName, like(w)), ilike(accounts.firstName, like(w)), ilike(accounts.middleName, like(w)), ilike(accounts.email, like(w)), staffOf(ilike(courses.label, like(w)))),
    );
    const where = and(or(eq(accounts.role, 'Instructors'), staffOf()), ...matches);
    const [rows, [total]] = await Promise.all([
      db.select().from(accounts).where(where).orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id)).limit(take).offset(skip),
      db.select({ n: count() }).from(accounts).where(where),
    ]);
    const taught = rows.length
      ? await db
          .select({ accountId: courseInstructors.accountId, label: courses.label })
          .from(courseInstructors)
          .innerJoin(courses, eq(courses.id, courseInstructors.courseId))
          .where(inArray(courseInstructors.accountId, rows.map((r) => r.id)))
          .orderBy(asc(courses.label), asc(courses.id))
      : [];
    return {
      result: rows.map((r) => {
        const labels = taught.filter((t) => t.accountId === r.id).map((t) => t.label);
        return { id: r.id, fullName: fullName(r), email: r.email, phone: r.phone, courses: labels.join(', '), courseCount: labels.length };
      }),
      metadata: { filteredRecords: total.n },
    };
  });
};
