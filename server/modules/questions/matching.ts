import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matchingQuestionCalls as calls } from '../../../shared/calls/questions.js';
import type { MatchingQuestion, MatchingQuestionInput } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { matchingOptions, matchingQuestions, matchingTargets } from '../../db/schema/index.js';
import { requestLang, validationError } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { assertProgramVisible, userOf, type DbOrTx } from './access.js';
import { route } from '../../http/route.js';
import { bankOf, newFields, ownFields } from './common.js';
import { dropQuestion } from './drop.js';

/**
 * Matching questions: targets and options, each option matched to one target (or none, a
 * distractor). Edits keep the ids of the items sent back with their id (student answers
 * refer to them), add the others and remove the missing ones.
 */
type Row = typeof matchingQuestions.$inferSelect;

export async function matchingRecords(db: DbOrTx, rows: Row[]): Promise<MatchingQuestion[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const targets = await db
    .select()
    .from(matchingTargets)
    .where(inArray(matchingTargets.questionId, ids))
    .orderBy(asc(matchingTargets.sequence), asc(matchingTargets.id));
  const options = await db
    .select()
    .from(matchingOptions)
    .where(inArray(matchingOptions.questionId, ids))
    .orderBy(asc(matchingOptions.sequence), asc(matchingOptions.id));
  return rows.map((q) => {
    const ts = targets.filter((t) => t.questionId === q.id);
    const index = new Map(ts.map((t, i) => [t.id, i]));
    return {
      id: q.id,
      label: q.label,
      text: q.text,
      courseId: q.programId,
      targets: ts.map((t) => ({ id: t.id, text: t.text, sequence: t.sequence })),
      options: options
        .filter((o) => o.questionId === q.id)
        .map((o) => ({
          id: o.id,
          text: o.text,
          target: o.correctTargetId === null ? null : (index.get(o.correctTargetId) ?? null),
          targetId: o.correctTargetId,
          isCorrectAnswer: o.correctTargetId !== null,
          sequence: o.sequence,
        })),
    };
  });
}

/**
 * Writes the targets and options of a question (new question: all inserted). Ids that do
 * not belong to the question are refused with a field error.
 */
export async function writeMatchingItems(tx: DbOrTx, questionId: number, input: Pick<MatchingQuestionInput, 'targets' | 'options'>, lang: Lang): Promise<void> {
  const existingTargets = new Set(
    (await tx.select({ id: matchingTargets.id }).from(matchingTargets).where(eq(matchingTargets.questionId, questionId))).map((r) => r.id),
  );
  const existingOptions = new Set(
    (await tx.select({ id: matchingOptions.id }).from(matchingOptions).where(eq(matchingOptions.questionId, questionId))).map((r) => r.id),
  );
  const bad: Record<string, string> = {};
  input.targets.forEach((t, i) => { if (t.id !== undefined && !existingTargets.has(t.id)) bad[`targets.${i}.id`] = translate(lang, 'questions.noSuchItem'); });
  input.options.forEach((o, i) => { if (o.id !== undefined && !existingOptions.has(o.id)) bad[`options.${i}.id`] = translate(lang, 'questions.noSuchItem'); });
  if (Object.keys(bad).length) throw validationError(bad);

  const targetIds: number[] = [];
  for (const [i, t] of input.targets.entries()) {
    if (t.id !== undefined) {
      await tx.update(matchingTargets).set({ text: t.text, sequence: i + 1 }).where(eq(matchingTargets.id, t.id));
      targetIds.push(t.id);
    } else {
      const [row] = await tx.insert(matchingTargets).values({ questionId, text: t.text, sequence: i + 1 }).returning({ id: matchingTargets.id });
      targetIds.push(row.id);
    }
  }
  const optionIds: number[] = [];
  for (const [i, o] of input.options.entries()) {
    const values = { text: o.text, sequence: i + 1, correctTargetId: o.target === null ? null : targetIds[o.target] };
    if (o.id !== undefined) {
      await tx.update(matchingOptions).set(values).where(eq(matchingOptions.id, o.id));
      optionIds.push(o.id);
    } else {
      const [row] = await tx.insert(matchingOptions).values({ questionId, ...values }).returning({ id: matchingOptions.id });
      optionIds.push(row.id);
    }
  }
  await tx.delete(matchingOptions).where(and(eq(matchingOptions.questionId, questionId), notInArray(matchingOptions.id, optionIds)));
  await tx.delete(matchingTargets).where(and(eq(matchingTargets.questionId, questionId), notInArray(matchingTargets.id, targetIds)));
}

export async function insertMatchingQuestion(
  tx: DbOrTx,
  input: Pick<MatchingQuestionInput, 'label' | 'text' | 'targets' | 'options'> & { programId: number | null },
  createdBy: number | null,
  lang: Lang = 'ru',
): Promise<number> {
  const [q] = await tx
    .insert(matchingQuestions)
    .values(newFields(input, createdBy))
    .returning({ id: matchingQuestions.id });
  await writeMatchingItems(tx, q.id, input, lang);
  return q.id;
}

export function registerMatchingRoutes(app: FastifyInstance): void {
  const db: Db = app.db;
  const bank = bankOf(db, matchingQuestions, (rows) => matchingRecords(db, rows));

  route(app, calls.list, async (request) => bank.list(request));

  route(app, calls.create, async (request, reply) => {
    const user = userOf(request);
    const input = request.body;
    await assertProgramVisible(db, user, input.courseId, 'field', request);
    // new items only: ids sent on create are ignored
    const fresh = { ...input, targets: input.targets.map((t) => ({ text: t.text })), options: input.options.map((o) => ({ text: o.text, target: o.target })) };
    const id = await db.transaction((tx) => insertMatchingQuestion(tx, { ...fresh, programId: input.courseId }, user.accountId, requestLang(request)));
    reply.status(201);
    return bank.byId(id);
  });

  route(app, calls.get, async (request) => bank.record(await bank.load(request, request.params.id)));

  route(app, calls.update, async (request) => {
    const user = userOf(request);
    const q = await bank.load(request, request.params.id);
    const input = request.body;
    await assertProgramVisible(db, user, input.courseId, 'field', request);
    await db.transaction(async (tx) => {
      await tx.update(matchingQuestions).set(ownFields(input)).where(eq(matchingQuestions.id, q.id));
      await writeMatchingItems(tx, q.id, input, requestLang(request));
    });
    return bank.byId(q.id);
  });

  route(app, calls.drop, async (request) => {
    const q = await bank.load(request, request.params.id);
    await dropQuestion(db, 'matching', q.id);
    return { id: q.id };
  });
}
