import { PassThrough } from 'node:stream';
import { TaskType } from '../../../shared/enums.js';
import { allows } from '../../../shared/permissions.js';
import type { VisitReportRow } from '../../../shared/calls/visitJournal.js';
import { accountPrincipal } from '../../auth/context.js';
import { AppError } from '../../errors.js';
import { deleteFile, storeFile } from '../../files/service.js';
import { translate, type Lang } from '../../i18n/messages.js';
import type { Jobs, TaskContext } from '../../jobs/index.js';
import { writeXlsx, xlsxFileName, type SheetColumn, type SheetSpec } from '../../jobs/xlsx.js';
import { courseForbidden, loadCourseAccess, type CourseAccess } from '../courses/access.js';
import { fullName } from '../students/shared.js';
import { courseExercises, courseLessons } from './access.js';
import { marksOf, studentPage, toMark, type Caller, type StudentFilter } from './journal.js';
import { courseReport, type ReportFilter } from './report.js';

/** tasks.params of a visit journal export (job type 12). */
export interface JournalExportPayload {
  lang: Lang;
  groupId?: number | null;
  lessonIds?: number[] | null;
}

/** tasks.params of a visits export (job type 20). */
export interface VisitsExportPayload {
  lang: Lang;
  courseIds: number[];
  filter: ReportFilter;
}

const BATCH = 500;

/** Streams the workbook into storage as an export file of the task's author; the file's id. */
async function storeWorkbook<R>(ctx: TaskContext, name: string, sheets: SheetSpec<R>[]): Promise<number> {
  if (!ctx.storage) throw new Error('No file storage');
  const stream = new PassThrough();
  const writing = writeXlsx(stream, sheets).catch((err: unknown) => {
    stream.destroy(err as Error);
    throw err;
  });
  const storing = storeFile(ctx.db, ctx.storage, { name, purpose: 'export', ownerId: ctx.task.createdBy, checkQuota: false }, stream);
  const [written, stored] = await Promise.allSettled([writing, storing]);
  // the writer's failure first: a stop (TaskStopped from a checkpoint) must reach the runner as it is
  if (written.status === 'rejected') {
    if (stored.status === 'fulfilled') await deleteFile(ctx.db, ctx.storage, stored.value.id);
    throw written.reason;
  }
  if (stored.status === 'rejected') throw stored.reason;
  return stored.value.id;
}

/** The author's access to the course as it is now (rights may have changed since the task was queued). */
async function authorAccess(ctx: TaskContext, courseId: number, rule: 'visitJournal'): Promise<CourseAccess> {
  const author = ctx.task.createdBy === null ? null : await accountPrincipal(ctx.db, ctx.task.createdBy);
  if (!author || !allows(author, rule)) throw courseForbidden();
  return loadCourseAccess(ctx.db, author, courseId, 'attendance');
}

/** Job type 12: the course's journal, one row per student, a column per lesson mark and per exercise. */
export async function exportJournal(ctx: TaskContext) {
  const p = ctx.task.params as unknown as JournalExportPayload;
  const t = (key: string, vars?: Record<string, string | number>) => translate(p.lang ?? 'ru', `visitJournal.export.${key}`, vars);
  if (ctx.task.courseId === null) throw new Error('The course of the export is gone');
  const access = await authorAccess(ctx, ctx.task.courseId, 'visitJournal');
  const author = (await accountPrincipal(ctx.db, ctx.task.createdBy!))!;
  const wanted = p.lessonIds?.length ? new Set(p.lessonIds) : null;
  const lessons = (await courseLessons(ctx.db, access.course)).filter((l) => !wanted || wanted.has(l.id));
  const exercises = (await courseExercises(ctx.db, access.course)).filter((e) => lessons.some((l) => l.id === e.lessonId));
  const filter: StudentFilter = { groupId: p.groupId };
  const { total } = await studentPage(ctx.db, access, author, filter, 1, 0);
  type Row = Awaited<ReturnType<typeof studentPage>>['rows'][number] & { marks: Map<string, boolean> };
  const cell = (r: Row, key: string) => {
    const present = r.marks.get(key);
    return present === undefined ? null : present ? t('present') : t('absent');
  };
  const columns: SheetColumn<Row>[] = [
    { header: t('student'), width: 30, value: (r) => fullName(r) },
    { header: t('email'), width: 30, value: (r) => r.email },
    { header: t('group'), width: 20, value: (r) => r.groupLabel },
  ];
  for (const l of lessons) {
    columns.push({ header: t('lessonMark', { lesson: l.label }), width: 16, value: (r) => cell(r, `l${l.id}`) });
    for (const e of exercises.filter((x) => x.lessonId === l.id)) columns.push({ header: `${l.label} / ${e.label}`, width: 16, value: (r) => cell(r, `e${e.id}`) });
  }
  async function* rows(): AsyncGenerator<Row> {
    for (let skip = 0; ; skip += BATCH) {
      await ctx.checkpoint(skip, total);
      const page = await studentPage(ctx.db, access, author, filter, BATCH, skip);
      const marks = await marksOf(ctx.db, access.course.id, page.rows.map((r) => r.studentId), lessons.map((l) => l.id), exercises.map((e) => e.id));
      for (const r of page.rows) {
        const mine = new Map<string, boolean>();
        for (const m of marks) if (m.studentId === r.studentId) mine.set(m.exerciseId === null ? `l${m.lessonId}` : `e${m.exerciseId}`, toMark(m).present);
        ctx.count({ rows: 1 });
        yield { ...r, marks: mine };
      }
      if (page.rows.length < BATCH) return;
    }
  }
  const fileId = await storeWorkbook(ctx, xlsxFileName(t('fileName', { course: access.course.label })), [{ name: t('sheet'), columns, rows: rows() }]);
  return { resultFileId: fileId };
}

/** Job type 20: the visits report of the courses asked for, one row per course and student. */
export async function exportVisits(ctx: TaskContext) {
  const p = ctx.task.params as unknown as VisitsExportPayload;
  const t = (key: string) => translate(p.lang ?? 'ru', `visitJournal.export.${key}`);
  const accesses: CourseAccess[] = [];
  for (const id of p.courseIds ?? []) {
    try {
      accesses.push(await authorAccess(ctx, id, 'visitJournal'));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.count({ refused: 1 });
    }
  }
  const author = ctx.task.createdBy === null ? null : await accountPrincipal(ctx.db, ctx.task.createdBy);
  const who: Caller = { accountId: ctx.task.createdBy ?? 0, role: author?.role ?? 'Guest' };
  let total = 0;
  for (const a of accesses) total += (await studentPage(ctx.db, a, who, { groupIds: p.filter.groupIds, accountId: p.filter.accountId, attributes: p.filter.attributes }, 1, 0)).total;
  let done = 0;
  async function* rows(): AsyncGenerator<VisitReportRow> {
    for (const a of accesses) {
      for await (const row of courseReport(ctx.db, a, who, p.filter, () => ctx.checkpoint(done, total))) {
        done++;
        ctx.count({ rows: 1 });
        yield row;
      }
    }
  }
  const columns: SheetColumn<VisitReportRow>[] = [
    { header: t('course'), width: 30, value: (r) => r.courseLabel },
    { header: t('student'), width: 30, value: (r) => fullName(r) },
    { header: t('email'), width: 30, value: (r) => r.email },
    { header: t('group'), width: 20, value: (r) => r.groupLabel },
    { header: t('presentCount'), width: 14, value: (r) => r.present },
    { header: t('absentCount'), width: 14, value: (r) => r.absent },
    { header: t('total'), width: 14, value: (r) => r.total },
    { header: t('percent'), width: 14, value: (r) => r.percent },
  ];
  const fileId = await storeWorkbook(ctx, xlsxFileName(t('visitsFileName')), [{ name: t('visitsSheet'), columns, rows: rows() }]);
  return { resultFileId: fileId };
}

/** The handlers of the visit journal's job types (idempotent: a rerun writes a new file). */
export function registerVisitJournalTaskHandlers(jobs: Jobs): void {
  jobs.handle(TaskType.visitJournalExport, exportJournal);
  jobs.handle(TaskType.visitsExport, exportVisits);
}
