import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sequenceQuestionCalls as calls } from '../../../shared/calls/questions.js';
import type { SequenceQuestion, SequenceQuestionInput } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { sequenceItems, sequenceQuestions } from '../../db/schema/index.js';
import { requestLang, validationError } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { assertProgramVisible, userOf, type DbOrTx } from './access.js';
import { route } from '../../http/route.js';
import { bankOf, newFields, ownFields } from './common.js';
import { dropQuestion } from './drop.js';

/**
 * Sequence questions: items in their correct order. Guarded by 'sequenceQuestions'
 * (OnlyEditSettings or TrainingSettings, spec 1 §6). Item ids are kept across edits.
 */
type Row = typeof sequenceQuestions.$inferSelect;

export async function sequenceRecords(db: DbOrTx, rows: Row[]): Promise<SequenceQuestion[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const items = await db
    .select()
    .from(sequenceItems)
    .where(inArray(sequenceItems.questionId, ids))
    .orderBy(asc(sequenceItems.correctPosition), asc(sequenceItems.id));
  return rows.map((q) => ({
    id: q.id,
    label: q.label,
    text: q.text,
    courseId: q.programId,
    items: items.filter((i) => i.questionId === q.id).map((i, n) => ({ id: i.id, text: i.text, position: n + 1 })),
  }));
}

export async function writeSequenceItems(tx: DbOrTx, questionId: number, items: SequenceQuestionInput['items'], lang: Lang): Promise<void> {
  const existing = new Set(
    (await tx.select({ id: sequenceItems.id }).from(sequenceItems).where(eq(sequenceItems.questionId, questionId))).map((r) => r.id),
  );
  const bad: Record<string, string> = {};
  items.forEach((it, i) => { if (it.id !== undefined && !existing.has(it.id)) bad[`items.${i}.id`] = translate(lang, 'questions.noSuchItem'); });
  if (Object.keys(bad).length) throw validationError(bad);
  const kept: number[] = [];
  for (const [i, it] of items.entries()) {
    if (it.id !== undefined) {
      await tx.update(sequenceItems).set({ text: it.text, correctPosition: i }).where(eq(sequenceItems.id, it.id));
      kept.push(it.id);
    } else {
      const [row] = await tx.insert(sequenceItems).values({ questionId, text: it.text, correctPosition: i }).returning({ id: sequenceItems.id });
      kept.push(row.id);
    }
  }
  await tx.delete(sequenceItems).where(and(eq(sequenceItems.questionId, questionId), notInArray(sequenceItems.id, kept)));
}

export async function insertSequenceQuestion(
  tx: DbOrTx,
  input: { label: string; text: string; programId: number | null; items: { text: string }[] },
  createdBy: number | null,
  lang: Lang = 'ru',
): Promise<number> {
  const [q] = await tx
    .insert(sequenceQuestions)
    .values(newFields(input, createdBy))
    .returning({ id: sequenceQuestions.id });
  await writeSequenceItems(tx, q.id, input.items, lang);
  return q.id;
}

export function registerSequenceRoutes(app: FastifyInstance): void {
  const db: Db = app.db;
  const bank = bankOf(db, sequenceQuestions, (rows) => sequenceRecords(db, rows));

  route(app, calls.list, async (request) => bank.list(request));

  route(app, calls.create, async (request, reply) => {
    const user = userOf(request);
    const input = request.body;
    await assertProgramVisible(db, user, input.courseId, 'field', request);
    const id = await db.transaction((tx) =>
      insertSequenceQuestion(tx, { ...input, programId: input.courseId, items: input.items.map((i) => ({ text: i.text })) }, user.accountId, requestLang(request)),
    );
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
      await tx.update(sequenceQuestions).set(ownFields(input)).where(eq(sequenceQuestions.id, q.id));
      await writeSequenceItems(tx, q.id, input.items, requestLang(request));
    });
    return bank.byId(q.id);
  });

  route(app, calls.drop, async (request) => {
    const q = await bank.load(request, request.params.id);
    await dropQuestion(db, 'sequence', q.id);
    return { id: q.id };
  });
}
