import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { supportCalls, type MergeCandidate } from '../../../shared/calls/support.js';
import { accountLinks, accounts, courseInstructors, courses } from '../../db/schema/index.js';
import { badRequest, notFound, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { fullName } from '../accounts/family.js';
import { audit } from '../../http/audit.js';
import { mergeAccounts, mergeCounts } from './merge.js';
import { forgetAccount } from '../../auth/context.js';
import { forgetStudents } from '../study/hotCache.js';
import './messages.js';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** User search, profile rights and profile merge for administrators (spec 1 §2.9, spec 3 §7.9). */
export const supportModule: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const accountNotFound = () => notFound('AccountNotFound', { title: 'support.accountNotFound' });

  route(app, supportCalls.users, async (request) => {
    const { search, take, skip } = request.query;
    const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
    // every word in the last, first or middle name or the e-mail
    const where = words.length
      ? and(...words.map((w) => or(ilike(accounts.lastName, like(w)), ilike(accounts.firstName, like(w)), ilike(accounts.middleName, like(w)), ilike(accounts.email, like(w)))))
      : undefined;
    const [rows, [total]] = await Promise.all([
      db.select().from(accounts).where(where).orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id)).limit(take).offset(skip),
      db.select({ n: count() }).from(accounts).where(where),
    ]);
    return {
      result: rows.map((r) => ({ accountId: r.id, fullName: fullName(r), eMail: r.email, role: r.role, permissions: r.flags, lastLoginAt: r.lastLoginAt })),
      metadata: { filteredRecords: total.n },
    };
  });

  route(app, supportCalls.rights, async (request) => {
    const id = parseIntId(request.params.accountId);
    const [row] = id === null ? [] : await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    if (!row) throw accountNotFound();
    const [link] = await db.select({ main: accountLinks.mainAccountId }).from(accountLinks).where(eq(accountLinks.linkedAccountId, row.id)).limit(1);
    const staff = await db
      .select({ courseId: courses.id, label: courses.label, courseRole: courseInstructors.courseRole, panelPermissions: courseInstructors.panelPermissions, createdBy: courses.createdBy })
      .from(courseInstructors)
      .innerJoin(courses, eq(courses.id, courseInstructors.courseId))
      .where(eq(courseInstructors.accountId, row.id))
      .orderBy(asc(courses.label), asc(courses.id));
    return {
      accountId: row.id,
      fullName: fullName(row),
      eMail: row.email,
      role: row.role,
      permissions: row.flags,
      accessToPhysical: row.accessToPhysical,
      mainAccountId: link?.main ?? null,
      courses: staff.map(({ createdBy, ...c }) => ({ ...c, panelPermissions: c.panelPermissions as number[], isCreator: createdBy === row.id })),
    };
  });

  route(app, supportCalls.mergePreview, async (request) => {
    const emails = [...new Set(request.query.emailString.split(/[\s,;]+/).map((e) => e.trim().toLowerCase()).filter(Boolean))].slice(0, 10);
    const rows = emails.length
      ? await db.select().from(accounts).where(inArray(sql`lower(${accounts.email})`, emails)).orderBy(asc(accounts.id))
      : [];
    const found: MergeCandidate[] = [];
    for (const r of rows) found.push({ accountId: r.id, fullName: fullName(r), eMail: r.email, role: r.role, counts: await mergeCounts(db, r.id) });
    const known = new Set(rows.map((r) => r.email.toLowerCase()));
    return { accounts: found, notFound: emails.filter((e) => !known.has(e)) };
  });

  route(app, supportCalls.merge, async (request) => {
    const user = request.user!;
    const { survivingAccountId, mergedAccountId } = request.body;
    const lang = requestLang(request);
    const pair = await db.select().from(accounts).where(inArray(accounts.id, [survivingAccountId, mergedAccountId]));
    const surviving = pair.find((r) => r.id === survivingAccountId);
    const merged = pair.find((r) => r.id === mergedAccountId);
    if (!surviving || !merged) throw accountNotFound();
    // student profiles only: staff accounts carry course roles and rights a merge must not hand over
    const notStudent = [surviving, merged].find((r) => r.role !== 'Students');
    if (notStudent) {
      const field = notStudent === surviving ? 'survivingAccountId' : 'mergedAccountId';
      throw validationError({ [field]: translate(lang, 'support.merge.studentsOnly') });
    }
    if (user.accountId === mergedAccountId) throw badRequest('MergeSelf', { title: 'support.merge.self' });
    const before = { surviving: await mergeCounts(db, surviving.id), merged: await mergeCounts(db, merged.id) };
    const result = await db.transaction(async (tx) => {
      // one merge of an account at a time: a second one waits for the row locks
      await tx.execute(sql`select id from accounts where id in (${surviving.id}, ${merged.id}) order by id for update`);
      const outcome = await mergeAccounts(tx, surviving.id, merged.id);
      await audit(
        request,
        {
          action: 'merge-profiles',
          table: 'accounts',
          recordId: surviving.id,
          before: { survivingAccountId: surviving.id, mergedAccountId: merged.id, mergedEMail: merged.email, counts: before },
          after: outcome,
        },
        tx,
      );
      return outcome;
    });
    // the merged account's sessions were deleted and its enrolments moved: no process keeps them cached
    forgetAccount(db, merged.id);
    forgetStudents(db, [merged.id]);
    request.log.info({ survivingAccountId, mergedAccountId, by: user.accountId }, 'profiles merged');
    return { survivingAccountId, mergedAccountId, ...result };
  });
};
