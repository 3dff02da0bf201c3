import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsCalls as calls, type QuestionStats, type QuestionsExportFilter } from '../../../shared/calls/analytics.js';
import { TaskType } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';
import type { Jobs, TaskContext } from '../../jobs/index.js';
import type { SheetColumn } from '../../jobs/xlsx.js';
import { rowsOf } from '../../db/rows.js';
import { intArray } from '../journal/query.js';
import { authorAccess, batches, storeWorkbook, type ExportPayload } from '../journal/taskRun.js';
import { answersCte, checkPathScope, slideLabelSql, slideQuestionJoins, type AnswerScope } from './scope.js';
import { computeSums } from './answerSums.js';
import { mergeSums } from './typicalErrors.js';

/**
 * The answers and questions exports (spec 3 §7.10 "Analytics") through the task queue, as the
 * journal's exports do (server/modules/journal/exports.ts, whose helpers run them): the call
 * checks the caller and the path's lesson or exercise, queues a task (types 22 and 23) and
 * answers `{ taskId }`; the task checks its author again, writes the xlsx into storage with
 * progress per batch and offers it in the course's task queue.
 */

interface AnswersPayload extends ExportPayload, Pick<AnswerScope, 'lessonId' | 'exerciseId'> {
  attributeIds?: number[];
}
interface QuestionsPayload extends ExportPayload, AnswerScope {}

const BATCH = 2000;
const dateTime = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString().replace('T', ' ').slice(0, 16));
/** A day alone as the end of a period means the whole of that day. */
const endOf = (end: string | undefined) => (end && /^\d{4}-\d{2}-\d{2}$/.test(end) ? new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString() : end);

async function queue(fastify: FastifyInstance, request: FastifyRequest, type: TaskType, payload: object) {
  const { course } = courseOf(request);
  await fastify.jobs.ready();
  const task = await fastify.db.transaction((tx) =>
    fastify.jobs.enqueueTask(tx, { type, courseId: course.id, createdBy: currentUser(request).accountId, payload: payload as Record<string, unknown> }),
  );
  return { taskId: task.id };
}

/** The chosen attributes must exist (400 on the field otherwise). */
async function checkAttributes(fastify: FastifyInstance, request: FastifyRequest, ids: number[] | undefined) {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  const [{ n }] = rowsOf<{ n: number }>(await fastify.db.execute(sql`select count(*)::int as "n" from "attributes" where "id" = any(${intArray(unique)}::int[])`));
  if (n !== unique.length) throw validationError({ attributeIds: translate(requestLang(request), 'validation.invalid') });
}

export function registerAnalyticsExportRoutes(fastify: FastifyInstance): void {
  const answers = async (request: FastifyRequest, lessonId: number | undefined, exerciseId: number | undefined, attributeIds: number[] | undefined) => {
    await checkPathScope(fastify.db, courseOf(request), { lessonId, exerciseId });
    await checkAttributes(fastify, request, attributeIds);
    const payload: AnswersPayload = { lang: requestLang(request), lessonId, exerciseId, attributeIds: attributeIds ? [...new Set(attributeIds)] : undefined };
    return queue(fastify, request, TaskType.answersExport, payload);
  };
  const pathId = (v: string, field: string, request: FastifyRequest) => {
    const n = Number(v);
    if (!/^\d{1,10}$/.test(v) || n < 1 || n > 2_147_483_647) throw validationError({ [field]: translate(requestLang(request), 'validation.invalid') });
    return n;
  };
  route(fastify, calls.answersExportCourse, async (request) => answers(request, undefined, undefined, request.query.attributeIds));
  route(fastify, calls.answersExportLesson, async (request) => answers(request, pathId(request.params.lessonId, 'lessonId', request), undefined, request.query.attributeIds));
  route(fastify, calls.answersExportExercise, async (request) => answers(request, undefined, pathId(request.params.exerciseId, 'exerciseId', request), request.query.attributeIds));

  const questions = async (request: FastifyRequest, lessonId: number | undefined, exerciseId: number | undefined, q: QuestionsExportFilter) => {
    await checkPathScope(fastify.db, courseOf(request), { lessonId, exerciseId });
    const payload: QuestionsPayload = { lang: requestLang(request), lessonId, exerciseId, kinds: q.types ? [...new Set(q.types)] : undefined, begin: q.begin, end: endOf(q.end) };
    return queue(fastify, request, TaskType.questionsExport, payload);
  };
  route(fastify, calls.questionsExportCourse, async (request) => questions(request, undefined, undefined, request.query));
  route(fastify, calls.questionsExportLesson, async (request) => questions(request, pathId(request.params.lessonId, 'lessonId', request), undefined, request.query));
  route(fastify, calls.questionsExportExercise, async (request) =>
    questions(request, pathId(request.params.lessonId, 'lessonId', request), pathId(request.params.exerciseId, 'exerciseId', request), request.query),
  );
}

interface AnswerRow {
  account_id: number;
  last_name: string | null;
  first_name: string | null;
  email: string;
  group_label: string | null;
  lesson_label: string;
  exercise_label: string;
  attempt_no: number;
  label: string;
  kind: number;
  answer: string | null;
  verdict: 'r' | 'p' | 'w' | 'n';
  score: number | null;
  max_score: number;
  saved_at: string | Date;
}

/** The answer as a reader sees it: option texts, pairs, the order, the text, tests passed, file names. */
const answerTextSql = sql`case ans."kind"
  when 2 then (select string_agg(o."text", '; ' order by o."sequence", o."id") from jsonb_array_elements_text(ans."value" -> 'optionIds') as x("id") join "closed_question_options" o on o."id" = x."id"::int)
  when 12 then (select string_agg(mo."text" || ' → ' || coalesce(mt."text", '—'), '; ' order by mo."sequence", mo."id") from jsonb_to_recordset(ans."value" -> 'pairs') as p("optionId" int, "targetId" int)
    join "matching_options" mo on mo."id" = p."optionId" left join "matching_targets" mt on mt."id" = p."targetId")
  when 11 then (select string_agg(si."text", ' → ' order by x."ord") from jsonb_array_elements_text(ans."value" -> 'itemIds') with ordinality as x("id", "ord") join "sequence_items" si on si."id" = x."id"::int)
  when 5 then ans."value" ->> 'value'
  when 3 then (ans."value" ->> 'passed') || '/' || (ans."value" ->> 'total')
  when 7 then (select string_agg(f ->> 'name', '; ') from jsonb_array_elements(coalesce(ans."value" -> 'files', '[]'::jsonb)) as f)
  end`;

/** Type 22: every counted answer of the scope, one row each, with the chosen attributes of the student as columns. */
async function answersExport(ctx: TaskContext) {
  const p = ctx.task.params as unknown as AnswersPayload;
  const lang: Lang = p.lang ?? 'ru';
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `analytics.${key}`, vars);
  const { access, author } = await authorAccess(ctx, 'studentActions', 'journal');
  const scope: AnswerScope = { lessonId: p.lessonId, exerciseId: p.exerciseId };
  const attrs = p.attributeIds?.length
    ? rowsOf<{ id: number; label: string }>(await ctx.db.execute(sql`select "id", "label" from "attributes" where "id" = any(${intArray(p.attributeIds)}::int[]) order by "sequence", "id"`))
    : [];
  const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`with ${answersCte(access, author, scope)} select count(*)::int as "n" from ans`));
  // the attribute values of the batch's students: the course's answer first, else the profile's
  let values = new Map<string, string | null>();
  const loadValues = async (accountIds: number[]) => {
    values = new Map();
    if (!attrs.length || !accountIds.length) return;
    const rows = rowsOf<{ account_id: number; attribute_id: number; value: string | null }>(
      await ctx.db.execute(sql`select distinct on (v."account_id", v."attribute_id") v."account_id", v."attribute_id",
          coalesce(v."value", v."value_json" ->> 'companyName', v."value_json" ->> 'addressName') as "value"
        from "attribute_values" v
        where v."account_id" = any(${intArray(accountIds)}::int[]) and v."attribute_id" = any(${intArray(attrs.map((a) => a.id))}::int[])
          and (v."training_id" is null or v."training_id" = ${access.course.id})
        order by v."account_id", v."attribute_id", v."training_id" nulls last`),
    );
    for (const r of rows) values.set(`${r.account_id}:${r.attribute_id}`, r.value);
  };
  const columns: SheetColumn<AnswerRow>[] = [
    { header: t('col.lastName'), width: 20, value: (r) => r.last_name },
    { header: t('col.firstName'), width: 20, value: (r) => r.first_name },
    { header: t('col.email'), width: 28, value: (r) => r.email },
    { header: t('col.group'), width: 16, value: (r) => r.group_label },
    ...attrs.map((a): SheetColumn<AnswerRow> => ({ header: a.label, width: 20, value: (r) => values.get(`${r.account_id}:${a.id}`) ?? null })),
    { header: t('col.lesson'), width: 24, value: (r) => r.lesson_label },
    { header: t('col.exercise'), width: 24, value: (r) => r.exercise_label },
    { header: t('col.attempt'), width: 8, value: (r) => r.attempt_no },
    { header: t('col.question'), width: 30, value: (r) => r.label },
    { header: t('col.kind'), width: 14, value: (r) => t(`kind.${r.kind}`) },
    { header: t('col.answer'), width: 40, value: (r) => r.answer },
    { header: t('col.verdict'), width: 12, value: (r) => t(`verdict.${r.verdict}`) },
    { header: t('col.score'), width: 8, value: (r) => r.score },
    { header: t('col.maxScore'), width: 8, value: (r) => r.max_score },
    { header: t('col.savedAt'), width: 16, value: (r) => dateTime(r.saved_at) },
  ];
  async function* rows(): AsyncGenerator<AnswerRow> {
    const source = batches(ctx, n, BATCH, async (offset, size) => {
      const page = rowsOf<AnswerRow>(
        await ctx.db.execute(sql`with ${answersCte(access, author, scope)}
          select a."id" as "account_id", a."last_name", a."first_name", a."email", g."label" as "group_label", l."label" as "lesson_label", e."label" as "exercise_label",
            att."attempt_no", ${slideLabelSql} as "label", ans."kind", ${answerTextSql} as "answer", ans."verdict", ans."score", ans."max_score", ans."saved_at"
          from ans join att on att."id" = ans."attempt_id" join "accounts" a on a."id" = att."account_id" left join "groups" g on g."id" = att."group_id"
          join "slides" s on s."id" = ans."slide_id" ${slideQuestionJoins}
          join "exercises" e on e."id" = s."exercise_id" join "lessons" l on l."id" = e."lesson_id"
          order by a."last_name" nulls last, a."first_name" nulls last, a."id", l."sequence", l."id", e."sequence", e."id", s."sequence", s."id"
          limit ${size} offset ${offset}`),
      );
      await loadValues([...new Set(page.map((r) => Number(r.account_id)))]);
      return page;
    });
    yield* source;
  }
  ctx.count({ answers: n });
  return storeWorkbook(ctx, t('file.answers', { course: access.course.label }), [{ name: t('sheet.answers'), columns, rows: rows() }]);
}

type QuestionRow = QuestionStats;

/** Type 23: the typical errors of the scope as a sheet, one row per question. */
async function questionsExport(ctx: TaskContext) {
  const p = ctx.task.params as unknown as QuestionsPayload;
  const lang: Lang = p.lang ?? 'ru';
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `analytics.${key}`, vars);
  const { access, author } = await authorAccess(ctx, 'studentActions', 'journal');
  const scope: AnswerScope = { lessonId: p.lessonId, exerciseId: p.exerciseId, kinds: p.kinds, begin: p.begin, end: p.end };
  await ctx.checkpoint(0, 2);
  const sums = await computeSums(ctx.db, access, author, scope);
  await ctx.checkpoint(1, 2);
  const { questions: list } = await mergeSums(ctx.db, sums);
  const share = (part: number, r: QuestionRow) => (r.answers ? Math.round((part / r.answers) * 1000) / 10 : null);
  const columns: SheetColumn<QuestionRow>[] = [
    { header: t('col.lesson'), width: 24, value: (r) => r.lessonLabel },
    { header: t('col.exercise'), width: 24, value: (r) => r.exerciseLabel },
    { header: t('col.question'), width: 30, value: (r) => r.label },
    { header: t('col.kind'), width: 14, value: (r) => t(`kind.${r.kind}`) },
    { header: t('col.answers'), width: 10, value: (r) => r.answers },
    { header: t('col.right'), width: 10, value: (r) => r.right },
    { header: t('col.partly'), width: 10, value: (r) => r.partly },
    { header: t('col.wrong'), width: 10, value: (r) => r.wrong },
    { header: t('col.notRated'), width: 10, value: (r) => r.notRated },
    { header: t('col.rightShare'), width: 10, value: (r) => share(r.right, r) },
    { header: t('col.facility'), width: 10, value: (r) => r.facility },
    { header: t('col.discrimination'), width: 12, value: (r) => r.discrimination },
    { header: t('col.wrongAnswers'), width: 50, value: (r) => r.wrongAnswers.map((w) => `${w.text} (${w.count})`).join('; ') || null },
  ];
  ctx.count({ questions: list.length });
  return storeWorkbook(ctx, t('file.questions', { course: access.course.label }), [{ name: t('sheet.questions'), columns, rows: list }]);
}

export function registerAnalyticsExportHandlers(jobs: Jobs): void {
  jobs.handle(TaskType.answersExport, answersExport);
  jobs.handle(TaskType.questionsExport, questionsExport);
}
