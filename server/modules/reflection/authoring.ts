import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reflectionCalls as calls, type ReflectionQuestionRecord } from '../../../shared/calls/reflection.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { reflectionAnswers, reflectionQuestions } from '../../db/schema/index.js';
import { notFound, requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise } from '../programs/access.js';
import './messages.js';

type QuestionRow = typeof reflectionQuestions.$inferSelect;
const questionNotFound = () => notFound('ReflectionQuestionNotFound', { title: 'reflection.questionNotFound' });

async function records(db: Db, exerciseId: number): Promise<ReflectionQuestionRecord[]> {
  const rows = await db.select().from(reflectionQuestions).where(eq(reflectionQuestions.exerciseId, exerciseId)).orderBy(asc(reflectionQuestions.sequence), asc(reflectionQuestions.id));
  const counts = rows.length
    ? await db
        .select({ questionId: reflectionAnswers.questionId, n: count() })
        .from(reflectionAnswers)
        .where(inArray(reflectionAnswers.questionId, rows.map((r) => r.id)))
        .groupBy(reflectionAnswers.questionId)
    : [];
  return rows.map((q) => toRecord(q, Number(counts.find((c) => c.questionId === q.id)?.n ?? 0)));
}

const toRecord = (q: QuestionRow, answers: number): ReflectionQuestionRecord => ({
  id: q.id,
  exerciseId: q.exerciseId,
  text: q.text,
  answerKind: q.answerKind,
  required: q.required,
  minChars: q.minChars,
  maxAnswers: q.maxAnswers,
  options: q.options,
  sequence: q.sequence,
  answers,
});

/**
 * Options of a saved question: those given with an id keep it (they must be the question's own),
 * new ones get the next free ids, so answers already given keep naming the same options.
 */
function withIds(options: { id?: number | null; text: string }[], before: { id: number }[], unknown: () => Error) {
  const known = new Set(before.map((o) => o.id));
  let next = Math.max(0, ...before.map((o) => o.id), ...options.map((o) => o.id ?? 0)) + 1;
  return options.map((o) => {
    if (o.id != null && !known.has(o.id)) throw unknown();
    return { id: o.id ?? next++, text: o.text };
  });
}

/**
 * Authoring of an exercise's reflection questions (spec 2 §6 "Survey reflection"): list, create,
 * edit and order, on exercises of the programs the caller sees (programs/access.ts, 404 otherwise).
 * The delete is the question banks' DELETE /api/reflection/questions/{id}.
 */
export function registerReflectionAuthoring(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.list, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.exerciseId);
    return records(db, exercise.id);
  });

  route(fastify, calls.create, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.exerciseId);
    const lang = requestLang(request);
    const b = request.body;
    const options = withIds(b.options, [], () => validationError({ options: translate(lang, 'reflection.unknownOption') }));
    const [{ last }] = await db.select({ last: max(reflectionQuestions.sequence) }).from(reflectionQuestions).where(eq(reflectionQuestions.exerciseId, exercise.id));
    const [row] = await db
      .insert(reflectionQuestions)
      .values({ exerciseId: exercise.id, text: b.text, answerKind: b.answerKind, required: b.required, minChars: b.minChars ?? null, maxAnswers: b.maxAnswers ?? null, options, sequence: (last ?? -1) + 1 })
      .returning();
    return toRecord(row, 0);
  });

  route(fastify, calls.update, async (request) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const id = parseIntId(request.params.id);
    if (id === null) throw questionNotFound();
    const [before] = await db.select().from(reflectionQuestions).where(eq(reflectionQuestions.id, id)).limit(1);
    if (!before) throw questionNotFound();
    await loadExercise(db, user, before.exerciseId).catch(() => {
      throw questionNotFound();
    });
    const b = request.body;
    const options = withIds(b.options, before.answerKind === 'choice' ? before.options : [], () => validationError({ options: translate(lang, 'reflection.unknownOption') }));
    const [row] = await db
      .update(reflectionQuestions)
      .set({ text: b.text, answerKind: b.answerKind, required: b.required, minChars: b.minChars ?? null, maxAnswers: b.maxAnswers ?? null, options })
      .where(eq(reflectionQuestions.id, id))
      .returning();
    const [{ n }] = await db.select({ n: count() }).from(reflectionAnswers).where(eq(reflectionAnswers.questionId, id));
    return toRecord(row, Number(n));
  });

  route(fastify, calls.reorder, async (request) => {
    const { exercise } = await loadExercise(db, currentUser(request), request.params.exerciseId);
    const ids = request.body.ids;
    const current = await db.select({ id: reflectionQuestions.id }).from(reflectionQuestions).where(eq(reflectionQuestions.exerciseId, exercise.id));
    const mine = new Set(current.map((c) => c.id));
    if (new Set(ids).size !== ids.length || ids.length !== mine.size || ids.some((i) => !mine.has(i))) {
      throw validationError({ ids: translate(requestLang(request), 'reflection.orderMismatch') });
    }
    await db.transaction(async (tx) => {
      for (const [sequence, qid] of ids.entries()) await tx.update(reflectionQuestions).set({ sequence }).where(and(eq(reflectionQuestions.id, qid), eq(reflectionQuestions.exerciseId, exercise.id)));
    });
    return records(db, exercise.id);
  });
}
