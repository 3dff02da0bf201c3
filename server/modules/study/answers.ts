import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { answerBodies, type AnswerKind, type CaseRun, type SaveAck } from '../../../shared/calls/study/answers.js';
import type { Db } from '../../db/client.js';
import {
  codeQuestionFiles,
  codeQuestions,
  codeTestCases,
  files,
  freeQuestions,
  slides,
} from '../../db/schema/index.js';
import { ChoiceMode, ContentKind, InputValueType, QuestionAnswerKind, type AnswerCorrectness } from '../../../shared/enums.js';
import { AppError, validationError, zodFieldErrors } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { runTestCases, throwSandboxError, type CaseResult } from '../../sandbox/index.js';
import type { Storage } from '../../files/index.js';
import { saveNotFound, type StudyContext } from './context.js';
import { attributeProblems, questionForm, saveQuestionAnswersToProfile, toAttributeAnswer, type AttributeAnswerBody } from '../attributes/question.js';
import {
  normaliseFree,
  scoreAttributes,
  scoreChoice,
  scoreCode,
  scoreFile,
  scoreFree,
  scoreMatching,
  scoreSequence,
  TEXTAREA_MAX,
  type Scored,
} from './scoring.js';
import { jsonOf, rowsOf } from '../../db/rows.js';

type SlideRow = typeof slides.$inferSelect;

/** Content kind of the slide each save call answers. */
export const slideKindOf: Record<AnswerKind, number> = {
  answers: ContentKind.answers,
  free: ContentKind.free,
  matches: ContentKind.matching,
  sequences: ContentKind.sequence,
  code: ContentKind.code,
  files: ContentKind.file,
  attributes: ContentKind.attributes,
};

export const answerKindOf: Record<AnswerKind, QuestionAnswerKind> = {
  answers: QuestionAnswerKind.answers,
  free: QuestionAnswerKind.free,
  matches: QuestionAnswerKind.matching,
  sequences: QuestionAnswerKind.sequence,
  code: QuestionAnswerKind.code,
  files: QuestionAnswerKind.file,
  attributes: QuestionAnswerKind.attributes,
};

/** Parses a save body (shared/calls/study/answers.ts, the client's too): 400 with field errors, nothing saved. */
export function parseBody<K extends AnswerKind>(kind: K, body: unknown, lang: Lang): ParsedAnswer<K> {
  const r = answerBodies[kind].safeParse(body ?? {});
  if (!r.success) throw validationError(zodFieldErrors(r.error, lang));
  return r.data as ParsedAnswer<K>;
}
type ParsedAnswer<K extends AnswerKind> = z.output<(typeof answerBodies)[K]>;

/**
 * What grading needs of the slide's question, read with the slide in the same round trip for
 * the kinds saved in bulk (an exam): choice, free, matching and sequence. Code, file and
 * attribute answers read theirs while grading.
 */
export type Grading =
  | { choiceMode: ChoiceMode; options: { id: number; isCorrect: boolean }[] }
  | Pick<typeof freeQuestions.$inferSelect, 'inputType' | 'correctValues' | 'caseSensitive' | 'min' | 'max'>
  | { options: { id: number; correctTargetId: number | null }[]; targetIds: number[] }
  | { items: { id: number; correctPosition: number }[] };
export type AnsweredSlide = SlideRow & { grading: Grading | null };

const gradingSql: Partial<Record<AnswerKind, SQL>> = {
  answers: sql`(select json_build_object('choiceMode', q."choice_mode", 'options',
      coalesce((select json_agg(json_build_object('id', o."id", 'isCorrect', o."is_correct")) from "closed_question_options" o where o."question_id" = q."id"), '[]'::json))
    from "closed_questions" q where q."id" = ${slides.closedQuestionId})`,
  free: sql`(select json_build_object('inputType', q."input_type", 'correctValues', q."correct_values", 'caseSensitive', q."case_sensitive", 'min', q."min", 'max', q."max")
    from "free_questions" q where q."id" = ${slides.freeQuestionId})`,
  matches: sql`(select json_build_object(
      'options', coalesce((select json_agg(json_build_object('id', o."id", 'correctTargetId', o."correct_target_id")) from "matching_options" o where o."question_id" = ${slides.matchingQuestionId}), '[]'::json),
      'targetIds', coalesce((select json_agg(t."id") from "matching_targets" t where t."question_id" = ${slides.matchingQuestionId}), '[]'::json))
    where ${slides.matchingQuestionId} is not null)`,
  sequences: sql`(select json_build_object('items',
      coalesce((select json_agg(json_build_object('id', i."id", 'correctPosition', i."correct_position")) from "sequence_items" i where i."question_id" = ${slides.sequenceQuestionId}), '[]'::json))
    where ${slides.sequenceQuestionId} is not null)`,
};

/** The slide of the exercise answered by this call, with its grading data (404 'No course, exercise or slide found'). */
export async function answeredSlide(db: Db, exerciseId: number, rawSlideId: string, kind: AnswerKind): Promise<AnsweredSlide> {
  if (!/^\d{1,10}$/.test(rawSlideId)) throw saveNotFound();
  const id = Number(rawSlideId);
  if (id > 2_147_483_647) throw saveNotFound();
  const [row] = await db
    .select({ s: slides, grading: gradingSql[kind] ?? sql`null` })
    .from(slides)
    .where(and(eq(slides.id, id), eq(slides.exerciseId, exerciseId)))
    .limit(1);
  if (!row || row.s.contentKind !== slideKindOf[kind]) throw saveNotFound();
  const grading = jsonOf(row.grading);
  return { ...row.s, grading: (grading ?? null) as Grading | null };
}

const fail = (lang: Lang, field: string, key: string, vars?: Record<string, string | number>) =>
  validationError({ [field]: translate(lang, key, vars) });

/** When an answer was made by the server's reckoning (answerClock.ts) and when it came: both stored, they show an answer sent late. */
export interface AnswerTimes {
  answeredAt: Date;
  receivedAt: Date;
}

export interface Graded {
  value: Record<string, unknown>;
  scored: Scored;
  fileId?: number | null;
  /** what the save's acknowledgement adds (code: cases passed; file answer: its files) */
  extra?: Pick<SaveAck, 'passed' | 'total' | 'files'>;
  /** what follows once the answer is stored (attributes: the answers reach the profile) */
  afterSave?: () => Promise<unknown>;
}

/** Runs the student's code in the sandbox, in the student's turn of the fair queue (server/sandbox/queue.ts). */
async function runCode(db: Db, storage: Storage, questionId: number, code: string, onlyVisible: boolean, accountId: number): Promise<CaseResult[]> {
  const [q] = await db.select().from(codeQuestions).where(eq(codeQuestions.id, questionId));
  if (!q) throw new AppError(404, 'NotFound', { title: 'study.saveNotFound' });
  const cases = await db.select().from(codeTestCases).where(eq(codeTestCases.questionId, q.id)).orderBy(asc(codeTestCases.sequence), asc(codeTestCases.id));
  const used = onlyVisible ? cases.filter((c) => !c.isHidden) : cases;
  if (!used.length) return [];
  const fileRows = await db
    .select({ name: codeQuestionFiles.name, storageKey: files.storageKey })
    .from(codeQuestionFiles)
    .innerJoin(files, eq(files.id, codeQuestionFiles.fileId))
    .where(eq(codeQuestionFiles.questionId, q.id));
  const sandboxFiles: { name: string; content: Buffer }[] = [];
  for (const f of fileRows) {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(f.storageKey)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    sandboxFiles.push({ name: f.name, content: Buffer.concat(chunks) });
  }
  try {
    return await runTestCases({
      language: q.language,
      code,
      files: sandboxFiles,
      testCases: used.map((c, i) => ({ sequence: i + 1, inputValues: c.inputValues, outputValue: c.outputValue })),
      limits: { timeMs: q.timeLimitMs, memoryMb: q.memoryLimitMb },
      owner: accountId,
    });
  } catch (e) {
    throwSandboxError(e);
  }
}

/** Runs the visible test cases of a code question (execTextCases): results only, nothing saved. */
export async function execVisibleCases(db: Db, storage: Storage, slide: SlideRow, code: string, accountId: number): Promise<CaseRun[]> {
  if (!slide.codeQuestionId) throw saveNotFound();
  const results = await runCode(db, storage, slide.codeQuestionId, code, true, accountId);
  return results.map((r) => ({ sequence: r.sequence, passed: r.passed, stdout: r.stdout, stderr: r.stderr, timedOut: r.timedOut }));
}

/**
 * Validates the answer against the slide's question (400 with field errors) and scores it.
 * Runs before the transaction: a code answer's test run does not hold a connection.
 */
export async function gradeAnswer(db: Db, storage: Storage, slide: AnsweredSlide, kind: AnswerKind, body: Record<string, unknown>, lang: Lang, accountId: number): Promise<Graded> {
  switch (kind) {
    case 'answers': {
      const optionIds = [...new Set(body.optionIds as number[])];
      const q = slide.grading as { choiceMode: ChoiceMode; options: { id: number; isCorrect: boolean }[] } | null;
      if (!q) throw saveNotFound();
      const opts = q.options;
      const known = new Set(opts.map((o) => o.id));
      if (optionIds.some((id) => !known.has(id))) throw fail(lang, 'optionIds', 'study.invalidOption');
      if (q.choiceMode === 1 && optionIds.length !== 1) throw fail(lang, 'optionIds', 'study.radioOne');
      return { value: { optionIds }, scored: scoreChoice(q.choiceMode, opts.filter((o) => o.isCorrect).map((o) => o.id), optionIds) };
    }
    case 'free': {
      const q = slide.grading as Pick<typeof freeQuestions.$inferSelect, 'inputType' | 'correctValues' | 'caseSensitive' | 'min' | 'max'> | null;
      if (!q) throw saveNotFound();
      const value = String(body.value);
      const t = q.inputType;
      if (t === InputValueType.text || t === InputValueType.string || t === InputValueType.undefined) {
        if (value.length > TEXTAREA_MAX) throw fail(lang, 'value', 'study.textTooLong', { count: TEXTAREA_MAX });
        if (!value.trim()) throw validationError({ value: translate(lang, 'validation.required') });
        // the question's bounds are lengths for text (spec 2 §6)
        if (q.min !== null && value.trim().length < q.min) throw fail(lang, 'value', 'study.lengthMin', { count: q.min });
        if (q.max !== null && value.length > q.max) throw fail(lang, 'value', 'study.textTooLong', { count: q.max });
      } else if (normaliseFree(t, value) === null) {
        const key = { [InputValueType.date]: 'study.date', [InputValueType.integer]: 'study.integer', [InputValueType.float]: 'study.float', [InputValueType.boolean]: 'study.boolean' }[t] ?? 'validation.invalid';
        throw fail(lang, 'value', key);
      } else if (t === InputValueType.integer || t === InputValueType.float) {
        // and values for numbers
        const n = Number(normaliseFree(t, value));
        if (q.min !== null && n < q.min) throw fail(lang, 'value', 'study.numberMin', { value: q.min });
        if (q.max !== null && n > q.max) throw fail(lang, 'value', 'study.numberMax', { value: q.max });
      }
      return { value: { value }, scored: scoreFree(t, q.correctValues, value, q.caseSensitive) };
    }
    case 'matches': {
      const m = slide.grading as { options: { id: number; correctTargetId: number | null }[]; targetIds: number[] } | null;
      if (!slide.matchingQuestionId || !m) throw saveNotFound();
      const pairs = body.pairs as { optionId: number; targetId: number | null }[];
      const opts = m.options;
      const o = new Set(opts.map((x) => x.id));
      const tg = new Set(m.targetIds);
      const seen = new Set<number>();
      for (const p of pairs) {
        if (!o.has(p.optionId) || seen.has(p.optionId) || (p.targetId !== null && !tg.has(p.targetId))) throw fail(lang, 'pairs', 'study.invalidOption');
        seen.add(p.optionId);
      }
      return { value: { pairs }, scored: scoreMatching(opts, pairs) };
    }
    case 'sequences': {
      const seq = slide.grading as { items: { id: number; correctPosition: number }[] } | null;
      if (!slide.sequenceQuestionId || !seq) throw saveNotFound();
      const order = body.itemIds as number[];
      const items = seq.items;
      const known = new Set(items.map((i) => i.id));
      if (order.length !== items.length || new Set(order).size !== order.length || order.some((id) => !known.has(id))) throw fail(lang, 'itemIds', 'study.permutation');
      return { value: { itemIds: order }, scored: scoreSequence(items, order) };
    }
    case 'code': {
      if (!slide.codeQuestionId) throw saveNotFound();
      const code = body.code as string;
      const results = await runCode(db, storage, slide.codeQuestionId, code, false, accountId);
      const scored = scoreCode(results);
      return {
        value: { code, passed: results.filter((r) => r.passed).length, total: results.length },
        scored,
        extra: { passed: results.filter((r) => r.passed).length, total: results.length },
      };
    }
    case 'files': {
      const fileIds = [...new Set(body.fileIds as number[])];
      const c = slide.content as { maxFiles?: number; allowedExtensions?: string[]; maxFileSizeMb?: number };
      if (c.maxFiles && fileIds.length > c.maxFiles) throw fail(lang, 'fileIds', 'study.fileTooMany');
      const rows = await db.select().from(files).where(and(inArray(files.id, fileIds), eq(files.ownerId, accountId)));
      if (rows.length !== fileIds.length) throw fail(lang, 'fileIds', 'study.fileNotFound');
      const allowed = (c.allowedExtensions ?? []).map((e) => e.replace(/^\./, '').toLowerCase()).filter(Boolean);
      for (const f of rows) {
        const ext = f.name.includes('.') ? f.name.split('.').pop()!.toLowerCase() : '';
        if (allowed.length && !allowed.includes(ext)) throw fail(lang, 'fileIds', 'study.fileType', { allowedExtensions: allowed.join(', ') });
        if (c.maxFileSizeMb && f.size / 1024 / 1024 >= c.maxFileSizeMb) throw fail(lang, 'fileIds', 'study.fileSize', { name: f.name, maxFileSize: c.maxFileSizeMb });
      }
      // in the order sent; the save answer lists them too (a multipart upload's client learns the new file's id there)
      const stored = fileIds.map((id) => rows.find((f) => f.id === id)!).map((f) => ({ id: f.id, name: f.name, size: f.size }));
      return { value: { fileIds, files: stored }, scored: scoreFile(), fileId: fileIds[0], extra: { files: stored } };
    }
    case 'attributes': {
      const c = slide.content as { attributeIds?: number[] };
      const allowed = new Set((c.attributeIds ?? []).map(String));
      const values = body.values as Record<string, AttributeAnswerBody>;
      if (Object.keys(values).some((k) => !allowed.has(k))) throw fail(lang, 'values', 'study.invalidOption');
      const answers = Object.entries(values).map(([id, v]) => toAttributeAnswer(Number(id), v));
      // checked by the shared validator, the attributes as the question asks them (spec 2 §4, §6): all or nothing
      const form = await questionForm(db, c.attributeIds ?? []);
      const problems = await attributeProblems(db, accountId, form, answers);
      if (Object.keys(problems).length) throw validationError(Object.fromEntries(Object.entries(problems).map(([id, p]) => [`values.${id}`, translate(lang, p.key, p.vars)])));
      // once the answer is stored, the answers reach the student's profile (spec G3)
      const toProfile = () => saveQuestionAnswersToProfile(db, accountId, form, answers);
      return { value: { values }, scored: scoreAttributes(), afterSave: toProfile };
    }
  }
}

/**
 * Saves the graded answer in one statement, the hot path of an exam: the attempt row is
 * updated (the resume position, and a row lock that waits for a finish or expiry in
 * progress, after which the conditions are checked again on the committed row) only while
 * it is the caller's, of this course and exercise, in progress and within its time by the
 * server clock; the answer is upserted from that row (last write wins per slide). The
 * statement commits before the 200, so an acknowledged answer is durable. No row back
 * means nothing was written: the caller works out which error applies (`activeAttempt`).
 * `attemptId` null: the caller's latest attempt that a retake did not discard.
 */
export async function storeAnswer(db: Db, ctx: StudyContext, attemptId: number | null, slide: Pick<SlideRow, 'id' | 'maxScore'>, kind: AnswerKind, graded: Graded, now = new Date(), times: AnswerTimes | null = null): Promise<number | null> {
  // the deadline is checked at the time the answer was made by the server's reckoning (answerClock.ts)
  const at = times?.answeredAt ?? now;
  const correctness: AnswerCorrectness = graded.scored.correctness;
  const score = graded.scored.fraction === null ? null : graded.scored.fraction * slide.maxScore;
  const { accountId } = ctx.user;
  const target =
    attemptId !== null
      ? sql`${attemptId}::int`
      : sql`(select "id" from "attempts" where "account_id" = ${accountId} and "course_id" = ${ctx.course.id} and "exercise_id" = ${ctx.exercise.id} and "status" <> 'discarded' order by "attempt_no" desc limit 1)`;
  const result = await db.execute(sql`with live as (
      update "attempts" set "current_slide_id" = ${slide.id}
       where "id" = ${target} and "account_id" = ${accountId} and "course_id" = ${ctx.course.id} and "exercise_id" = ${ctx.exercise.id}
         and "status" = 'in_progress' and ("deadline_at" is null or "deadline_at" > ${at.toISOString()}::timestamptz)
      returning "id")
    insert into "answers" ("attempt_id", "slide_id", "question_kind", "value", "correctness", "score", "file_id", "saved_at", "answered_at", "received_at")
    select live."id", ${slide.id}, ${answerKindOf[kind]}, ${JSON.stringify(graded.value)}::jsonb, ${correctness}, ${score}::double precision, ${graded.fileId ?? null}::int, ${now.toISOString()}::timestamptz,
      ${times ? times.answeredAt.toISOString() : null}::timestamptz, ${times ? times.receivedAt.toISOString() : null}::timestamptz from live
    on conflict ("attempt_id", "slide_id") do update set "question_kind" = excluded."question_kind", "value" = excluded."value",
      "correctness" = excluded."correctness", "score" = excluded."score", "file_id" = excluded."file_id", "saved_at" = excluded."saved_at",
      "answered_at" = excluded."answered_at", "received_at" = excluded."received_at"
    returning "attempt_id"`);
  const rows = rowsOf<{ attempt_id: number }>(result);
  const [row] = rows;
  return row ? Number(row.attempt_id) : null;
}
