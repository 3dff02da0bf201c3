import { and, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import {
  closedQuestions,
  codeQuestions,
  freeQuestions,
  matchingQuestions,
  programs,
  sequenceQuestions,
} from '../../db/schema/index.js';
import { notFound, requestLang, unauthorized, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import type { QuestionKind, QuestionListQuery } from '../../../shared/questions/index.js';
import { visibleProgramsWhere } from '../programs/access.js';

/**
 * Who sees which question (no IDOR by construction: every lookup goes through here).
 * A question belongs to a program (courseId) or to nobody (shared). The caller sees shared
 * questions and those of the programs they may see (the programs module's rule: Root all,
 * an instructor the programs they author and the authorless ones); others answer 404.
 */

export const bankTables = {
  closed: closedQuestions,
  free: freeQuestions,
  matching: matchingQuestions,
  sequence: sequenceQuestions,
  code: codeQuestions,
} as const;
export type BankTable = (typeof bankTables)[QuestionKind];

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const questionNotFound = () => notFound('QuestionNotFound', { title: 'questions.notFound' });

/** Conditions of a bank list: visibility, the program (plus shared questions), a label search. */
export async function listWhere(db: Db, user: AuthUser, table: BankTable, query: QuestionListQuery): Promise<SQL | undefined> {
  const parts: (SQL | undefined)[] = [visibleQuestionsWhereDb(db, user, table.programId)];
  if (query.courseId !== undefined) {
    await assertProgramVisible(db, user, query.courseId, 'notFound');
    parts.push(or(eq(table.programId, query.courseId), isNull(table.programId)));
  }
  const search = query.search?.trim();
  if (search) parts.push(ilike(table.label, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...parts);
}

/** Visibility condition with the sub-select of visible programs. */
export function visibleQuestionsWhereDb(db: DbOrTx, user: AuthUser, programColumn: PgColumn): SQL | undefined {
  const visible = visibleProgramsWhere(user);
  if (!visible) return undefined;
  return or(isNull(programColumn), inArray(programColumn, db.select({ id: programs.id }).from(programs).where(visible)));
}

/**
 * The program a question is written to: it must exist and be visible. For a list filter a
 * missing program answers 404; for input it is a field error on courseId.
 */
export async function assertProgramVisible(
  db: DbOrTx,
  user: AuthUser,
  programId: number | null,
  as: 'notFound' | 'field',
  request?: FastifyRequest,
): Promise<void> {
  if (programId === null) return;
  const [row] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.id, programId), visibleProgramsWhere(user)))
    .limit(1);
  if (row) return;
  if (as === 'notFound') throw notFound('ProgramNotFound', { title: 'questions.programNotFound' });
  throw validationError({ courseId: translate(request ? requestLang(request) : 'ru', 'questions.programNotFound') });
}

/** A visible bank question by its raw path id, or 404. */
export async function loadQuestion<T extends BankTable>(db: DbOrTx, user: AuthUser, table: T, rawId: string | number | undefined): Promise<T['$inferSelect']> {
  const id = parseIntId(rawId);
  if (id === null) throw questionNotFound();
  const [row] = await db
    .select()
    .from(table as BankTable)
    .where(and(eq(table.id, id), visibleQuestionsWhereDb(db, user, table.programId)))
    .limit(1);
  if (!row) throw questionNotFound();
  return row as T['$inferSelect'];
}
