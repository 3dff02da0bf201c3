import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { programCalls } from '../../../shared/calls/programs.js';
import { EMAIL_LIST_MESSAGE, splitEmailList, type AuthorRecord } from '../../../shared/programs.js';
import { accounts, programAuthors } from '../../db/schema/index.js';
import { badRequest, notFound, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { route } from '../../http/route.js';
import { loadProgram } from './access.js';
import { iso } from './common.js';
import { currentUser } from '../../auth/context.js';

/** Authors of a program: list, include by an e-mail list, exclude (never the last one). */
export function registerAuthorRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  const list = async (programId: number): Promise<AuthorRecord[]> => {
    const rows = await db
      .select({ accountId: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, addedAt: programAuthors.addedAt })
      .from(programAuthors)
      .innerJoin(accounts, eq(accounts.id, programAuthors.accountId))
      .where(eq(programAuthors.programId, programId))
      .orderBy(asc(programAuthors.addedAt), asc(accounts.id));
    return rows.map((r) => ({ ...r, addedAt: iso(r.addedAt)! }));
  };

  route(fastify, programCalls.authors, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.id);
    return list(program.id);
  });

  route(fastify, programCalls.includeAuthors, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.id);
    const lang = requestLang(request);
    const emails = splitEmailList(request.body.emails);
    if (!emails) throw validationError({ emails: translate(lang, EMAIL_LIST_MESSAGE) });
    // Only staff accounts (Instructors, Root) can author; all or nothing.
    const found = await db
      .select({ id: accounts.id, email: sql<string>`lower(${accounts.email})` })
      .from(accounts)
      .where(and(inArray(sql`lower(${accounts.email})`, emails), inArray(accounts.role, ['Instructors', 'Root'])));
    const known = new Set(found.map((f) => f.email));
    const missing = emails.filter((e) => !known.has(e));
    if (missing.length) {
      throw validationError({ emails: translate(lang, 'programs.unknownAuthors', { emails: missing.join(', ') }) });
    }
    const ids = [...new Set(found.map((f) => f.id))];
    await db
      .insert(programAuthors)
      .values(ids.map((accountId) => ({ programId: program.id, accountId })))
      .onConflictDoNothing();
    return list(program.id);
  });

  route(fastify, programCalls.excludeAuthor, async (request) => {
    const program = await loadProgram(db, currentUser(request), request.params.id);
    const accountId = Number(request.params.accountId);
    if (!Number.isInteger(accountId) || accountId < 1 || accountId > 2_147_483_647) {
      throw notFound('AuthorNotFound', { title: 'programs.authorNotFound' });
    }
    await db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(programAuthors).where(eq(programAuthors.programId, program.id));
      const [row] = await tx
        .select()
        .from(programAuthors)
        .where(and(eq(programAuthors.programId, program.id), eq(programAuthors.accountId, accountId)));
      if (!row) throw notFound('AuthorNotFound', { title: 'programs.authorNotFound' });
      // Without authors a program becomes visible to every instructor with the flag (access.ts).
      if (n <= 1) throw badRequest('LastAuthor', { title: 'programs.lastAuthor' });
      await tx.delete(programAuthors).where(and(eq(programAuthors.programId, program.id), eq(programAuthors.accountId, accountId)));
    });
    return list(program.id);
  });
}
