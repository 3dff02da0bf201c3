import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { closedAnswerCalls as answers, closedQuestionCalls as calls } from '../../../shared/calls/questions.js';
import { ChoiceMode } from '../../../shared/enums.js';
import { deriveChoiceMode, type ClosedOption, type ClosedQuestion } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { closedQuestionOptions, closedQuestions } from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { assertProgramVisible, userOf, type DbOrTx } from './access.js';
import { route } from '../../http/route.js';
import { bankOf, newFields, ownFields } from './common.js';
import { dropQuestion } from './drop.js';
import { whereUsed } from './used.js';

/**
 * Closed (choice) questions and their answer options (spec 3 §7.8). Options are ordered by
 * `sequence` (1-based, no gaps); the choice mode is radio (one correct) or checkbox
 * (several), derived from the options when not given.
 */
type Row = typeof closedQuestions.$inferSelect;
type OptionRow = typeof closedQuestionOptions.$inferSelect;

const optionOf = (o: OptionRow): ClosedOption => ({ id: o.id, text: o.text, correct: o.isCorrect, sequence: o.sequence });

async function optionsOf(db: DbOrTx, questionIds: number[]): Promise<Map<number, ClosedOption[]>> {
  const map = new Map<number, ClosedOption[]>(questionIds.map((id) => [id, []]));
  if (questionIds.length === 0) return map;
  const rows = await db
    .select()
    .from(closedQuestionOptions)
    .where(inArray(closedQuestionOptions.questionId, questionIds))
    .orderBy(asc(closedQuestionOptions.sequence), asc(closedQuestionOptions.id));
  for (const o of rows) map.get(o.questionId)!.push(optionOf(o));
  return map;
}

const recordOf = (q: Row, options: ClosedOption[]): ClosedQuestion => ({
  id: q.id,
  label: q.label,
  text: q.text,
  courseId: q.programId,
  choiceMode: q.choiceMode as ClosedQuestion['choiceMode'],
  options,
});

export async function closedRecords(db: DbOrTx, rows: Row[]): Promise<ClosedQuestion[]> {
  const options = await optionsOf(db, rows.map((r) => r.id));
  return rows.map((r) => recordOf(r, options.get(r.id) ?? []));
}

/** Inserts a closed question with its options (used by create, the import and the demo seed). */
export async function insertClosedQuestion(
  tx: DbOrTx,
  input: { label: string; text: string; programId: number | null; choiceMode?: ChoiceMode; options: { text: string; correct: boolean }[] },
  createdBy: number | null,
): Promise<number> {
  const [q] = await tx
    .insert(closedQuestions)
    .values({ ...newFields(input, createdBy), choiceMode: input.choiceMode ?? deriveChoiceMode(input.options) })
    .returning({ id: closedQuestions.id });
  if (input.options.length) {
    await tx.insert(closedQuestionOptions).values(
      input.options.map((o, i) => ({ questionId: q.id, text: o.text, isCorrect: o.correct, sequence: i + 1 })),
    );
  }
  return q.id;
}

const optionNotFound = () => notFound('OptionNotFound', { title: 'questions.optionNotFound' });

function radioError(request: FastifyRequest, field: string) {
  return validationError({ [field]: translate(requestLang(request), 'questions.radioOneCorrect') });
}

/** Renumbers the options 1..n in the given order. */
async function renumber(tx: DbOrTx, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i++) {
    await tx.update(closedQuestionOptions).set({ sequence: i + 1 }).where(eq(closedQuestionOptions.id, ids[i]));
  }
}

async function orderedOptionIds(tx: DbOrTx, questionId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: closedQuestionOptions.id })
    .from(closedQuestionOptions)
    .where(eq(closedQuestionOptions.questionId, questionId))
    .orderBy(asc(closedQuestionOptions.sequence), asc(closedQuestionOptions.id));
  return rows.map((r) => r.id);
}

async function loadOption(db: DbOrTx, questionId: number, rawOptionId: string): Promise<OptionRow> {
  const id = parseIntId(rawOptionId);
  if (id === null) throw optionNotFound();
  const [row] = await db
    .select()
    .from(closedQuestionOptions)
    .where(and(eq(closedQuestionOptions.id, id), eq(closedQuestionOptions.questionId, questionId)))
    .limit(1);
  if (!row) throw optionNotFound();
  return row;
}

/** Another correct option of a radio question makes two: refused. */
async function otherCorrectCount(db: DbOrTx, questionId: number, exceptOptionId?: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(closedQuestionOptions)
    .where(
      and(
        eq(closedQuestionOptions.questionId, questionId),
        eq(closedQuestionOptions.isCorrect, true),
        exceptOptionId ? ne(closedQuestionOptions.id, exceptOptionId) : undefined,
      ),
    );
  return n;
}

export function registerClosedRoutes(app: FastifyInstance): void {
  const db: Db = app.db;
  const bank = bankOf(db, closedQuestions, (rows) => closedRecords(db, rows));
  const load = bank.load;

  route(app, calls.list, async (request) => bank.list(request));

  route(app, calls.create, async (request, reply) => {
    const user = userOf(request);
    const input = request.body;
    await assertProgramVisible(db, user, input.courseId, 'field', request);
    const id = await db.transaction((tx) =>
      insertClosedQuestion(
        tx,
        { label: input.label, text: input.text, programId: input.courseId, choiceMode: input.choiceMode, options: input.options ?? [] },
        user.accountId,
      ),
    );
    reply.status(201);
    return bank.byId(id);
  });

  route(app, calls.update, async (request) => {
    const user = userOf(request);
    const q = await load(request, request.params.id);
    const input = request.body;
    await assertProgramVisible(db, user, input.courseId, 'field', request);
    const correct = await otherCorrectCount(db, q.id);
    const mode = input.choiceMode ?? (correct > 1 ? ChoiceMode.checkbox : q.choiceMode);
    if (mode === ChoiceMode.radio && correct > 1) throw radioError(request, 'choiceMode');
    await db
      .update(closedQuestions)
      .set({ ...ownFields(input), choiceMode: mode })
      .where(eq(closedQuestions.id, q.id));
    return bank.byId(q.id);
  });

  route(app, calls.get, async (request) => bank.record(await load(request, request.params.id)));

  route(app, calls.used, async (request) => whereUsed(db, 'closed', (await load(request, request.params.id)).id));

  route(app, calls.drop, async (request) => {
    const q = await load(request, request.params.id);
    await dropQuestion(db, 'closed', q.id);
    return { id: q.id };
  });

  // ------------------------------------------------------------ answers

  route(app, answers.list, async (request) => {
    const q = await load(request, request.params.questionId);
    return (await optionsOf(db, [q.id])).get(q.id) ?? [];
  });

  route(app, answers.create, async (request, reply) => {
    const q = await load(request, request.params.questionId);
    const input = request.body;
    const option = await db.transaction(async (tx) => {
      if (input.correct && q.choiceMode === ChoiceMode.radio && (await otherCorrectCount(tx, q.id)) > 0) throw radioError(request, 'correct');
      const [{ max }] = await tx
        .select({ max: sql<number>`coalesce(max(${closedQuestionOptions.sequence}), 0)::int` })
        .from(closedQuestionOptions)
        .where(eq(closedQuestionOptions.questionId, q.id));
      const [row] = await tx
        .insert(closedQuestionOptions)
        .values({ questionId: q.id, text: input.text, isCorrect: input.correct, sequence: max + 1 })
        .returning();
      return row;
    });
    reply.status(201);
    return optionOf(option);
  });

  route(app, answers.get, async (request) => {
    const q = await load(request, request.params.questionId);
    return optionOf(await loadOption(db, q.id, request.params.optionId));
  });

  route(app, answers.update, async (request) => {
    const q = await load(request, request.params.questionId);
    const option = await loadOption(db, q.id, request.params.optionId);
    const input = request.body;
    if (input.correct && q.choiceMode === ChoiceMode.radio && (await otherCorrectCount(db, q.id, option.id)) > 0) throw radioError(request, 'correct');
    const [row] = await db
      .update(closedQuestionOptions)
      .set({ text: input.text, isCorrect: input.correct })
      .where(eq(closedQuestionOptions.id, option.id))
      .returning();
    return optionOf(row);
  });

  route(app, answers.drop, async (request) => {
    const q = await load(request, request.params.questionId);
    const option = await loadOption(db, q.id, request.params.optionId);
    await db.transaction(async (tx) => {
      await tx.delete(closedQuestionOptions).where(eq(closedQuestionOptions.id, option.id));
      await renumber(tx, await orderedOptionIds(tx, q.id));
    });
    return { id: option.id };
  });

  route(app, answers.move, async (request) => {
    const q = await load(request, request.params.questionId);
    const option = await loadOption(db, q.id, request.params.optionId);
    const n = Number(request.params.n);
    if (!/^\d{1,4}$/.test(request.params.n) || n < 1) throw validationError({ n: translate(requestLang(request), 'validation.invalid') });
    await db.transaction(async (tx) => {
      const ids = (await orderedOptionIds(tx, q.id)).filter((id) => id !== option.id);
      ids.splice(Math.min(n, ids.length + 1) - 1, 0, option.id);
      await renumber(tx, ids);
    });
    return (await optionsOf(db, [q.id])).get(q.id) ?? [];
  });
}
