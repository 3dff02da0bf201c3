import { PassThrough } from 'node:stream';
import { allows, type CourseAction, type RuleKey } from '../../../shared/permissions.js';
import { accountPrincipal } from '../../auth/context.js';
import { storeFile } from '../../files/index.js';
import type { Lang } from '../../i18n/messages.js';
import type { TaskContext } from '../../jobs/index.js';
import { writeXlsx, xlsxFileName, type SheetSpec } from '../../jobs/xlsx.js';
import { courseForbidden, loadCourseAccess, type CourseAccess } from '../courses/access.js';
import type { Who } from './query.js';

/** What every export task of this module stores in tasks.params besides its filters. */
export interface ExportPayload {
  lang: Lang;
}

/**
 * The task's author, checked again when the task runs (rights may have changed since it was
 * queued, and a retry runs later still): their global rule and their action in the course.
 * A refusal fails the task with the spec's code ("403.Forbidden", "404.TrainingNotFound").
 */
export async function authorAccess(ctx: TaskContext, rule: RuleKey, action: CourseAction): Promise<{ access: CourseAccess; author: Who }> {
  const author = ctx.task.createdBy === null ? null : await accountPrincipal(ctx.db, ctx.task.createdBy);
  if (!author || !allows(author, rule)) throw courseForbidden();
  const access = await loadCourseAccess(ctx.db, author, ctx.task.courseId ?? undefined, action);
  return { access, author };
}

/**
 * Writes the workbook straight into storage as it is produced (no whole file in memory) and
 * records it as the task's result: purpose 'export', owned by the author, downloadable by
 * whoever sees the task (server/modules/tasks). Exports are not counted against the quota.
 */
export async function storeWorkbook<R>(ctx: TaskContext, baseName: string, sheets: SheetSpec<R>[]): Promise<{ resultFileId: number }> {
  if (!ctx.storage) throw new Error('No file storage for the export');
  const stream = new PassThrough();
  const writing = writeXlsx(stream, sheets).catch((err: unknown) => {
    stream.destroy(err as Error);
    throw err;
  });
  const [file] = await Promise.all([
    storeFile(ctx.db, ctx.storage, { name: xlsxFileName(baseName), purpose: 'export', ownerId: ctx.task.createdBy, checkQuota: false }, stream),
    writing,
  ]);
  return { resultFileId: file.id };
}

/** Batches of `size` from `load(offset, size)` until one comes short, with a checkpoint (progress, stop) per batch. */
export async function* batches<T>(ctx: TaskContext, total: number, size: number, load: (offset: number, size: number) => Promise<T[]>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += size) {
    await ctx.checkpoint(Math.min(offset, total), Math.max(total, 1));
    const rows = await load(offset, size);
    yield* rows;
    if (rows.length < size) return;
  }
}
