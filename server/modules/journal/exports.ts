import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { journalCalls as calls, type JournalExportKind, type JournalFilter, type StudentsJournal } from '../../../shared/calls/journal.js';
import { TaskType } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';
import type { Jobs, TaskContext } from '../../jobs/index.js';
import type { SheetColumn } from '../../jobs/xlsx.js';
import { rowsOf } from '../../db/rows.js';
import { studentScope } from '../courses/access.js';
import { intArray, studentsJournal } from './query.js';
import { authorAccess, batches, storeWorkbook, type ExportPayload } from './taskRun.js';

/**
 * The course's exports through the task queue (spec 3 §7.10 "Exports": posted, then the queue
 * refreshes): the students journal (task type 3, progress download) or all its students (16),
 * the instructors' estimates (14, "inspectors": the evaluations they made) and the students'
 * group log (21). Each call checks the caller now and queues a task; the task checks its author
 * again when it runs, writes an xlsx into storage and offers it for download in the queue.
 */

const BATCH = 500;
const day = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString().slice(0, 10));
const dateTime = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString().replace('T', ' ').slice(0, 16));
const name = (last: string | null, first: string | null) => `${last ?? ''} ${first ?? ''}`.trim();
const plain = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

interface JournalPayload extends ExportPayload, JournalFilter {
  kind: JournalExportKind;
}
interface EstimatesPayload extends ExportPayload {
  groupId?: number;
  exerciseIds?: number[];
  includeDrafts?: boolean;
}
interface GroupLogPayload extends ExportPayload {
  groupId?: number;
}

/** Queues one export of the course for the caller (row and job in one transaction). */
async function queue(fastify: FastifyInstance, type: TaskType, courseId: number, createdBy: number, payload: object) {
  await fastify.jobs.ready();
  const task = await fastify.db.transaction((tx) => fastify.jobs.enqueueTask(tx, { type, courseId, createdBy, payload: payload as Record<string, unknown> }));
  return { taskId: task.id };
}

export function registerExportRoutes(fastify: FastifyInstance): void {
  route(fastify, calls.exportJournal, async (request) => {
    const { course } = courseOf(request);
    const { kind, ...filter } = request.body;
    const payload: JournalPayload = { lang: requestLang(request), kind, ...filter };
    return queue(fastify, kind === 'allStudents' ? TaskType.allStudentsDownload : TaskType.progressDownload, course.id, currentUser(request).accountId, payload);
  });

  route(fastify, calls.exportEstimates, async (request) => {
    const { course } = courseOf(request);
    const payload: EstimatesPayload = { lang: requestLang(request), ...request.body };
    return queue(fastify, TaskType.inspectors, course.id, currentUser(request).accountId, payload);
  });

  route(fastify, calls.exportGroupLog, async (request) => {
    const { course } = courseOf(request);
    const payload: GroupLogPayload = { lang: requestLang(request), ...request.body };
    return queue(fastify, TaskType.groupLogExport, course.id, currentUser(request).accountId, payload);
  });
}

/** Type 3: the journal as the screen shows it (filters kept), scores or statuses per cell, aggregations per row and column. */
async function journalExport(ctx: TaskContext) {
  const p = ctx.task.params as unknown as JournalPayload;
  const lang: Lang = p.lang ?? 'ru';
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `journal.${key}`, vars);
  const { access, author } = await authorAccess(ctx, 'showStudents', 'journal');
  const filter = { groupId: p.groupId, exerciseTypes: p.exerciseTypes, search: p.search };
  const first: StudentsJournal = await studentsJournal(ctx.db, access, author, { ...filter, take: BATCH, skip: 0 });
  const aggKeys = ['average', 'max', 'min', 'sum', 'donePercent', 'withoutDigit'] as const;
  type Row = { kind: 'student'; s: StudentsJournal['students'][number] } | { kind: 'aggregate'; key: (typeof aggKeys)[number] };
  const cell = (c: StudentsJournal['students'][number]['cells'][number]) => (c === null ? null : c.score ?? t(c.failed ? 'progress.failed' : `progress.${c.status}`));
  const columns: SheetColumn<Row>[] = [
    { header: t('col.student'), width: 30, value: (r) => (r.kind === 'student' ? name(r.s.lastName, r.s.firstName) : t(`agg.${r.key}`)) },
    { header: t('col.email'), width: 28, value: (r) => (r.kind === 'student' ? r.s.email : null) },
    { header: t('col.group'), width: 16, value: (r) => (r.kind === 'student' ? r.s.groupLabel : null) },
    ...first.exercises.map((e, i): SheetColumn<Row> => ({
      header: `${e.lessonLabel} / ${e.label}`,
      width: 18,
      value: (r) => (r.kind === 'student' ? cell(r.s.cells[i]) : e.aggregates[r.key]),
    })),
    ...aggKeys.map((key): SheetColumn<Row> => ({ header: t(`agg.${key}`), width: 12, value: (r) => (r.kind === 'student' ? r.s.aggregates[key] : null) })),
  ];
  async function* rows(): AsyncGenerator<Row> {
    yield* first.students.map((s) => ({ kind: 'student' as const, s }));
    for (let skip = BATCH; first.students.length === BATCH && skip < first.total; skip += BATCH) {
      await ctx.checkpoint(skip, first.total);
      const page = await studentsJournal(ctx.db, access, author, { ...filter, take: BATCH, skip });
      yield* page.students.map((s) => ({ kind: 'student' as const, s }));
      if (page.students.length < BATCH) break;
    }
    ctx.count({ students: first.total });
    yield* aggKeys.map((key) => ({ kind: 'aggregate' as const, key }));
  }
  return storeWorkbook(ctx, t('file.journal', { course: access.course.label }), [{ name: t('sheet.journal'), columns, rows: rows() }]);
}

interface StudentRow {
  last_name: string | null;
  first_name: string | null;
  email: string;
  group_label: string | null;
  status: number;
  joined_at: string | Date;
  progress: number;
  completed: boolean;
  completed_at: string | Date | null;
  final_score: number | null;
}

/** Type 16: every student of the course (studying, expelled, dropped) with their course progress. */
async function allStudentsExport(ctx: TaskContext) {
  const p = ctx.task.params as unknown as JournalPayload;
  const lang: Lang = p.lang ?? 'ru';
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `journal.${key}`, vars);
  const { access, author } = await authorAccess(ctx, 'showStudents', 'journal');
  const scope = studentScope(access, author, sql`en."account_id"`);
  const where = sql`en."course_id" = ${access.course.id} ${p.groupId ? sql`and en."group_id" = ${p.groupId}` : sql``} ${scope ? sql`and ${scope}` : sql``}`;
  const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as "n" from "enrolments" en where ${where}`));
  const columns: SheetColumn<StudentRow>[] = [
    { header: t('col.lastName'), width: 20, value: (r) => r.last_name },
    { header: t('col.firstName'), width: 20, value: (r) => r.first_name },
    { header: t('col.email'), width: 28, value: (r) => r.email },
    { header: t('col.group'), width: 16, value: (r) => r.group_label },
    { header: t('col.status'), width: 14, value: (r) => t(`enrolment.${r.status}`) },
    { header: t('col.joinedAt'), width: 12, value: (r) => day(r.joined_at) },
    { header: t('col.progress'), width: 10, value: (r) => Math.round(r.progress * 1000) / 10 },
    { header: t('col.completed'), width: 10, value: (r) => t(r.completed ? 'yes' : 'no') },
    { header: t('col.completedAt'), width: 12, value: (r) => day(r.completed_at) },
    { header: t('col.finalScore'), width: 10, value: (r) => r.final_score },
  ];
  const rows = batches(ctx, n, 1000, async (offset, size) =>
    rowsOf<StudentRow>(
      await ctx.db.execute(sql`select a."last_name", a."first_name", a."email", g."label" as "group_label", en."status", en."joined_at", en."progress", en."completed", en."completed_at", en."final_score"
        from "enrolments" en join "accounts" a on a."id" = en."account_id" left join "groups" g on g."id" = en."group_id"
        where ${where} order by a."last_name" nulls last, a."first_name" nulls last, a."id" limit ${size} offset ${offset}`),
    ),
  );
  ctx.count({ students: n });
  return storeWorkbook(ctx, t('file.students', { course: access.course.label }), [{ name: t('sheet.students'), columns, rows }]);
}

interface EstimateRow {
  last_name: string | null;
  first_name: string | null;
  email: string;
  group_label: string | null;
  lesson_label: string;
  exercise_label: string;
  attempt_no: number;
  score: number | null;
  max_score: number | null;
  is_draft: boolean;
  evaluator_last: string | null;
  evaluator_first: string | null;
  evaluated_at: string | Date | null;
  body: string;
}

/** Type 14: the instructors' evaluations of the course's attempts (evaluated ones; drafts on request). */
async function estimatesExport(ctx: TaskContext) {
  const p = ctx.task.params as unknown as EstimatesPayload;
  const lang: Lang = p.lang ?? 'ru';
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `journal.${key}`, vars);
  const { access, author } = await authorAccess(ctx, 'showStudents', 'journal');
  const scope = studentScope(access, author, sql`t."account_id"`);
  const where = sql`t."course_id" = ${access.course.id}
    ${p.includeDrafts ? sql`` : sql`and ev."is_draft" = false`}
    ${p.exerciseIds?.length ? sql`and t."exercise_id" = any(${intArray(p.exerciseIds)}::int[])` : sql``}
    ${p.groupId ? sql`and en."group_id" = ${p.groupId}` : sql``}
    ${scope ? sql`and ${scope}` : sql``}`;
  const from = sql`from "evaluations" ev join "attempts" t on t."id" = ev."attempt_id"
    join "accounts" a on a."id" = t."account_id"
    left join "enrolments" en on en."course_id" = t."course_id" and en."account_id" = t."account_id"`;
  const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as "n" ${from} where ${where}`));
  const columns: SheetColumn<EstimateRow>[] = [
    { header: t('col.student'), width: 30, value: (r) => name(r.last_name, r.first_name) },
    { header: t('col.email'), width: 28, value: (r) => r.email },
    { header: t('col.group'), width: 16, value: (r) => r.group_label },
    { header: t('col.lesson'), width: 24, value: (r) => r.lesson_label },
    { header: t('col.exercise'), width: 24, value: (r) => r.exercise_label },
    { header: t('col.attempt'), width: 8, value: (r) => r.attempt_no },
    { header: t('col.score'), width: 8, value: (r) => r.score },
    { header: t('col.maxScore'), width: 8, value: (r) => r.max_score },
    { header: t('col.evaluation'), width: 14, value: (r) => t(r.is_draft ? 'evaluation.draft' : 'evaluation.evaluated') },
    { header: t('col.evaluator'), width: 24, value: (r) => name(r.evaluator_last, r.evaluator_first) || null },
    { header: t('col.evaluatedAt'), width: 16, value: (r) => dateTime(r.evaluated_at) },
    { header: t('col.comment'), width: 50, value: (r) => plain(r.body) || null },
  ];
  const rows = batches(ctx, n, 1000, async (offset, size) =>
    rowsOf<EstimateRow>(
      await ctx.db.execute(sql`select a."last_name", a."first_name", a."email", g."label" as "group_label", l."label" as "lesson_label", e."label" as "exercise_label",
          t."attempt_no", ev."score", t."max_score", ev."is_draft", ea."last_name" as "evaluator_last", ea."first_name" as "evaluator_first", ev."evaluated_at", ev."body"
        ${from}
        join "exercises" e on e."id" = t."exercise_id" join "lessons" l on l."id" = e."lesson_id"
        left join "groups" g on g."id" = en."group_id"
        left join "accounts" ea on ea."id" = ev."evaluator_id"
        where ${where}
        order by a."last_name" nulls last, a."first_name" nulls last, a."id", l."sequence", e."sequence", t."attempt_no", ev."id"
        limit ${size} offset ${offset}`),
    ),
  );
  ctx.count({ rows: n });
  return storeWorkbook(ctx, t('file.estimates', { course: access.course.label }), [{ name: t('sheet.estimates'), columns, rows }]);
}

interface LogRow {
  at: string | Date;
  last_name: string | null;
  first_name: string | null;
  email: string;
  event: string;
  group_label: string | null;
  reason: string | null;
  actor_last: string | null;
  actor_first: string | null;
}

/** Type 21: the students' group log of the course (joins, group moves, expulsions; enrolment_log), oldest first. */
async function groupLogExport(ctx: TaskContext) {
  const p = ctx.task.params as unknown as GroupLogPayload;
  const lang: Lang = p.lang ?? 'ru';
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `journal.${key}`, vars);
  const { access, author } = await authorAccess(ctx, 'showStudents', 'students');
  const scope = studentScope(access, author, sql`lg."account_id"`);
  const where = sql`lg."course_id" = ${access.course.id} ${p.groupId ? sql`and lg."group_id" = ${p.groupId}` : sql``} ${scope ? sql`and ${scope}` : sql``}`;
  const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as "n" from "enrolment_log" lg where ${where}`));
  const event = (e: string) => {
    const key = `journal.event.${e}`;
    const text = translate(lang, key);
    return text === key ? e : text;
  };
  const columns: SheetColumn<LogRow>[] = [
    { header: t('col.date'), width: 16, value: (r) => dateTime(r.at) },
    { header: t('col.student'), width: 30, value: (r) => name(r.last_name, r.first_name) },
    { header: t('col.email'), width: 28, value: (r) => r.email },
    { header: t('col.event'), width: 16, value: (r) => event(r.event) },
    { header: t('col.group'), width: 16, value: (r) => r.group_label },
    { header: t('col.reason'), width: 30, value: (r) => r.reason },
    { header: t('col.actor'), width: 24, value: (r) => name(r.actor_last, r.actor_first) || null },
  ];
  const rows = batches(ctx, n, 2000, async (offset, size) =>
    rowsOf<LogRow>(
      await ctx.db.execute(sql`select lg."at", a."last_name", a."first_name", a."email", lg."event", g."label" as "group_label", lg."reason", ac."last_name" as "actor_last", ac."first_name" as "actor_first"
        from "enrolment_log" lg join "accounts" a on a."id" = lg."account_id"
        left join "groups" g on g."id" = lg."group_id" left join "accounts" ac on ac."id" = lg."actor_id"
        where ${where} order by lg."at", lg."id" limit ${size} offset ${offset}`),
    ),
  );
  ctx.count({ rows: n });
  return storeWorkbook(ctx, t('file.groupLog', { course: access.course.label }), [{ name: t('sheet.groupLog'), columns, rows }]);
}

/** The handlers of the export task types this module starts (idempotent: a rerun writes a new file). */
export function registerExportHandlers(jobs: Jobs): void {
  jobs.handle(TaskType.progressDownload, journalExport);
  jobs.handle(TaskType.allStudentsDownload, allStudentsExport);
  jobs.handle(TaskType.inspectors, estimatesExport);
  jobs.handle(TaskType.groupLogExport, groupLogExport);
}
