import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { freeQuestionCalls as calls } from '../../../shared/calls/questions.js';
import {
  FREE_INPUT_TYPES,
  freePreviewOf,
  parseFreeValue,
  type FreeQuestion,
  type FreeQuestionInput,
  type FreeQuestionPreview,
} from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { freeQuestions } from '../../db/schema/index.js';
import { requestLang } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { assertProgramVisible, userOf, type DbOrTx } from './access.js';
import { route } from '../../http/route.js';
import { bankOf, cleanText } from './common.js';
import { dropQuestion } from './drop.js';

/** Free-answer questions: one typed input (spec 2 §4 InputValueType), accepted values, bounds. */
type Row = typeof freeQuestions.$inferSelect;

export const freeRecordOf = (q: Row): FreeQuestion => ({
  id: q.id,
  label: q.label,
  text: q.text,
  courseId: q.programId,
  inputType: q.inputType,
  correctValues: q.correctValues,
  caseSensitive: q.caseSensitive,
  min: q.min,
  max: q.max,
});

/** Values as stored: each in its canonical form (numbers without a comma, dates as YYYY-MM-DD). */
export function freeValues(input: Pick<FreeQuestionInput, 'inputType' | 'label' | 'text' | 'caseSensitive' | 'min' | 'max' | 'correctValues'> & { programId: number | null }) {
  return {
    label: input.label,
    text: cleanText(input.text),
    programId: input.programId,
    inputType: input.inputType as Row['inputType'],
    correctValues: input.correctValues.map((v) => {
      const parsed = parseFreeValue(input.inputType, v);
      return parsed.ok ? parsed.value : v;
    }),
    caseSensitive: input.caseSensitive,
    min: input.min,
    max: input.max,
  };
}

export async function insertFreeQuestion(tx: DbOrTx, values: ReturnType<typeof freeValues>, createdBy: number | null): Promise<number> {
  const [row] = await tx.insert(freeQuestions).values({ ...values, createdBy }).returning({ id: freeQuestions.id });
  return row.id;
}

/** The question as a student sees it: the input's kind and bounds, never the correct values. */
export const previewOf = (q: Row): FreeQuestionPreview => freePreviewOf(q);

/** The typed input kinds, named in the caller's language. */
export function freeTypes(request: FastifyRequest) {
  const lang = requestLang(request);
  return FREE_INPUT_TYPES.map((t) => ({ id: t.id, key: t.key, label: translate(lang, `questions.freeType.${t.key}`), contentType: t.code }));
}

export function registerFreeRoutes(app: FastifyInstance): void {
  const db: Db = app.db;
  const bank = bankOf(db, freeQuestions, async (rows) => rows.map(freeRecordOf));
  const load = bank.load;

  // the player needs these too (spec 3 §7.4): any signed-in user
  route(app, calls.types, async (request) => freeTypes(request));

  route(app, calls.list, async (request) => bank.list(request));

  route(app, calls.create, async (request, reply) => {
    const user = userOf(request);
    await assertProgramVisible(db, user, request.body.courseId, 'field', request);
    const id = await insertFreeQuestion(db, freeValues({ ...request.body, programId: request.body.courseId }), user.accountId);
    reply.status(201);
    return bank.byId(id);
  });

  route(app, calls.update, async (request) => {
    const user = userOf(request);
    const q = await load(request, request.params.id);
    await assertProgramVisible(db, user, request.body.courseId, 'field', request);
    const [row] = await db
      .update(freeQuestions)
      .set({ ...freeValues({ ...request.body, programId: request.body.courseId }), updatedAt: new Date() })
      .where(eq(freeQuestions.id, q.id))
      .returning();
    return freeRecordOf(row);
  });

  route(app, calls.get, async (request) => freeRecordOf(await load(request, request.params.id)));

  route(app, calls.preview, async (request) => previewOf(await load(request, request.params.id)));

  route(app, calls.drop, async (request) => {
    const q = await load(request, request.params.id);
    await dropQuestion(db, 'free', q.id);
    return { id: q.id };
  });
}
