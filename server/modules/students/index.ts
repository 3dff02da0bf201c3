import multipart from '@fastify/multipart';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { studentCalls as calls } from '../../../shared/calls/students.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import { accounts, enrolments, groups } from '../../db/schema/index.js';
import { notFound, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { studentScope } from '../courses/access.js';
import { likePattern } from '../courses/common.js';
import { studentAttributeRoutes } from './attributes.js';
import { studentImportRoute } from './import.js';
import { KICK_REASONS } from './messages.js';
import { forgetStudents } from '../study/hotCache.js';
import { accountsByEmail, enrolStudents, expelStudents, fullName, parseEmails } from './shared.js';
import { studentPageRoutes } from './studentPage.js';

/**
 * Students of a course (spec 3 §7.9 "Students"): list with filters, include/exclude by e-mail
 * lists, the expelled list and kick reasons (here); a student's page, results files and changes
 * (studentPage.ts); profile attributes (attributes.ts); import from xlsx/csv (import.ts).
 * Rule 'showStudents'; the course is checked by each call's declared course action.
 */
export const studentsModule: FastifyPluginAsync = async (fastify) => {
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  const db = fastify.db;

  route(fastify, calls.list, async (request) => {
    const access = courseOf(request);
    const { course } = access;
    const b = request.body;
    const groupId = b.groupId ?? b.group ?? null;
    const conds: (SQL | undefined)[] = [
      eq(enrolments.courseId, course.id),
      eq(enrolments.status, (b.status ?? 1) as 1 | 2 | 3),
      studentScope(access, currentUser(request), enrolments.accountId),
    ];
    if (groupId !== null) conds.push(eq(enrolments.groupId, groupId));
    const s = b.search?.trim();
    if (s) {
      const p = likePattern(s);
      conds.push(or(ilike(accounts.email, p), ilike(accounts.firstName, p), ilike(accounts.lastName, p), ilike(sql`${accounts.lastName} || ' ' || ${accounts.firstName}`, p)));
    }
    for (const f of b.filter ?? []) {
      conds.push(sql`exists (select 1 from "attribute_values" av where av."account_id" = ${accounts.id} and av."attribute_id" = ${f.attributeId}
        and (av."training_id" is null or av."training_id" = ${course.id}) and av."value" = ${f.value})`);
    }
    const where = and(...conds);
    const [{ total }] = await db.select({ total: count() }).from(enrolments).innerJoin(accounts, eq(accounts.id, enrolments.accountId)).where(where);
    const rows = await db
      .select({ e: enrolments, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, groupLabel: groups.label })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .leftJoin(groups, eq(groups.id, enrolments.groupId))
      .where(where)
      .orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id))
      .limit(b.take)
      .offset(b.skip);
    return {
      result: rows.map((r) => ({
        id: r.e.accountId,
        accountId: r.e.accountId,
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        name: fullName(r),
        groupId: r.e.groupId,
        groupLabel: r.groupLabel,
        status: r.e.status,
        progress: r.e.progress,
        completed: r.e.completed,
        joinedAt: r.e.joinedAt.toISOString(),
      })),
      metadata: { filteredRecords: total },
    };
  });

  route(fastify, calls.include, async (request) => {
    const user = currentUser(request);
    const { course } = courseOf(request);
    const emails = parseEmails(request, request.body.emails);
    const groupId = request.body.groupId ?? null;
    if (groupId !== null) {
      const [g] = await db.select({ id: groups.id }).from(groups).where(and(eq(groups.id, groupId), eq(groups.courseId, course.id)));
      if (!g) throw notFound('GroupNotFound');
    }
    const { found, unknown } = await accountsByEmail(db, emails);
    const included = await db.transaction((tx) => enrolStudents(tx, course.id, course.label, found.map((a) => a.id), user.accountId, { groupId }));
    return { included, alreadyIncluded: found.length - included, notFound: unknown };
  });

  route(fastify, calls.exclude, async (request) => {
    const user = currentUser(request);
    const access = courseOf(request);
    const { course } = access;
    const emails = parseEmails(request, request.body.emails);
    // a tutor excludes only their own students; the others count as not in the course
    const { found, unknown } = await accountsByEmail(db, emails, undefined, studentScope(access, user, accounts.id));
    const reason = request.body.reason?.trim() || null;
    const excluded = await db.transaction((tx) => expelStudents(tx, course.id, course.label, found.map((a) => a.id), user.accountId, reason));
    forgetStudents(db, found.map((a) => a.id)); // after the commit: their next save reads the expulsion
    return { excluded, notInCourse: found.length - excluded, notFound: unknown };
  });

  route(fastify, calls.expelled, async (request) => {
    const access = courseOf(request);
    const rows = await db
      .select({ e: enrolments, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.accountId))
      .where(and(eq(enrolments.courseId, access.course.id), inArray(enrolments.status, [2, 3]), studentScope(access, currentUser(request), enrolments.accountId)))
      .orderBy(desc(enrolments.kickedAt));
    return rows.map((r) => ({
      id: r.e.accountId,
      accountId: r.e.accountId,
      email: r.email,
      name: fullName(r),
      status: r.e.status,
      kickReason: r.e.kickReason,
      kickedAt: r.e.kickedAt?.toISOString() ?? null,
    }));
  });

  route(fastify, calls.kickReasons, async (request) => {
    const lang = requestLang(request);
    return KICK_REASONS.map((id) => ({ id, label: translate(lang, `students.kick.${id}`) }));
  });

  studentPageRoutes(fastify);
  studentAttributeRoutes(fastify);
  studentImportRoute(fastify);
};
