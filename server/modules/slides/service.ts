import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { fileExtension, uploadKinds } from '../../../shared/files.js';
import { slideKinds, slideRouteTypeOfContentKind, type SlideRouteType } from '../../../shared/enums.js';
import { slideFileKind, slideQuestionBank, type SlideInput, type SlideRecord } from '../../../shared/slides.js';
import type { SlideContent } from '../../db/schema/content.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { attributes, files, programs, slides } from '../../db/schema/index.js';
import { notFound, validationError } from '../../errors.js';
import { canReadFile, getFileRow, toStoredFile } from '../../files/index.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { sanitizeRichText } from '../../richtext/index.js';
import { isBlankHtml } from '../../../shared/resources/richText.js';
import { parseIntId } from '../../resources/records.js';
import { visibleProgramsWhere } from '../programs/access.js';
import { bankTables } from '../questions/access.js';
import './messages.js';

export type SlideRow = typeof slides.$inferSelect;
type Bank = NonNullable<(typeof slideQuestionBank)[SlideRouteType]>;

export { bankTables };

/** the slides column that holds the question of each bank */
export const bankColumn = {
  closed: 'closedQuestionId',
  free: 'freeQuestionId',
  matching: 'matchingQuestionId',
  sequence: 'sequenceQuestionId',
  code: 'codeQuestionId',
} as const satisfies Record<Bank, keyof SlideRow>;

export const slideNotFound = () => notFound('SlideNotFound', { title: 'slides.notFound' });

export function typeOfRow(row: SlideRow): SlideRouteType {
  const type = slideRouteTypeOfContentKind(row.contentKind);
  if (!type) throw new Error(`slide ${row.id} has an unknown content kind ${row.contentKind}`);
  return type;
}

export function questionIdOf(row: SlideRow): number | null {
  return row.closedQuestionId ?? row.freeQuestionId ?? row.matchingQuestionId ?? row.sequenceQuestionId ?? row.codeQuestionId ?? null;
}

/** A slide of this exercise (404 for a malformed id, another exercise's slide, or a kind mismatch). */
export async function loadSlide(db: Db, exerciseId: number, rawSlideId: string | number, type?: SlideRouteType): Promise<SlideRow> {
  const id = parseIntId(rawSlideId);
  if (id === null) throw slideNotFound();
  const [row] = await db.select().from(slides).where(and(eq(slides.id, id), eq(slides.exerciseId, exerciseId))).limit(1);
  if (!row || (type && slideKinds[type].contentKind !== row.contentKind)) throw slideNotFound();
  return row;
}

/** Rows → the one record shape, with question labels and file details loaded in batches. */
export async function toRecords(db: Db, rows: SlideRow[]): Promise<SlideRecord[]> {
  const fileIds = [...new Set(rows.map((r) => r.fileId).filter((v): v is number => v !== null))];
  const fileRows = fileIds.length ? await db.select().from(files).where(inArray(files.id, fileIds)) : [];
  const fileById = new Map(fileRows.map((f) => [f.id, toStoredFile(f)]));
  const labels = new Map<string, string>();
  for (const bank of Object.keys(bankTables) as Bank[]) {
    const ids = [...new Set(rows.map((r) => r[bankColumn[bank]]).filter((v): v is number => v !== null))];
    if (!ids.length) continue;
    const table = bankTables[bank];
    for (const q of await db.select({ id: table.id, label: table.label }).from(table).where(inArray(table.id, ids))) labels.set(`${bank}:${q.id}`, q.label);
  }
  return rows.map((row) => {
    const type = typeOfRow(row);
    const info = slideKinds[type];
    const c = row.content as SlideContent & Record<string, unknown>;
    const bank = slideQuestionBank[type];
    const page = questionIdOf(row);
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    return {
      id: row.id,
      exerciseId: row.exerciseId,
      sequence: row.sequence,
      type,
      apiKind: info.apiKind,
      contentKind: row.contentKind,
      pageType: row.pageType,
      label: row.label,
      duration: row.duration,
      required: row.required,
      downloadPermission: row.downloadPermission,
      maxScore: row.maxScore,
      page,
      question: bank && page !== null ? { id: page, label: labels.get(`${bank}:${page}`) ?? '' } : null,
      html: str(c.html),
      description: str(c.description),
      address: str(c.address),
      fileId: row.fileId,
      file: row.fileId !== null ? (fileById.get(row.fileId) ?? null) : null,
      attributeIds: Array.isArray(c.attributeIds) ? (c.attributeIds as number[]) : [],
      maxFiles: typeof c.maxFiles === 'number' ? c.maxFiles : null,
      allowedExtensions: Array.isArray(c.allowedExtensions) ? (c.allowedExtensions as string[]) : [],
      maxFileSizeMb: typeof c.maxFileSizeMb === 'number' ? c.maxFileSizeMb : null,
      link: str(c.link),
      videoId: str(c.videoId),
    };
  });
}

export async function listSlides(db: Db, exerciseId: number): Promise<SlideRecord[]> {
  const rows = await db.select().from(slides).where(eq(slides.exerciseId, exerciseId)).orderBy(asc(slides.sequence), asc(slides.id));
  return toRecords(db, rows);
}

type SlideValues = Omit<typeof slides.$inferInsert, 'id' | 'exerciseId' | 'sequence' | 'createdAt' | 'updatedAt'>;

/**
 * Validated input → the columns of a slide: rich text sanitised, the question, the file
 * and the attributes checked to exist (and be visible to the caller). Field errors are
 * answered as 400 `{ errors: { field: message } }`.
 */
export async function slideValues(
  db: Db,
  user: AuthUser,
  type: SlideRouteType,
  input: SlideInput,
  lang: Lang,
): Promise<SlideValues> {
  const info = slideKinds[type];
  const any = input as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const values: SlideValues = {
    pageType: info.pageType,
    contentKind: info.contentKind,
    label: input.label,
    duration: input.duration ?? null,
    required: input.required ?? false,
    downloadPermission: (any.downloadPermission as boolean | undefined) ?? false,
    maxScore: (any.maxScore as number | undefined) ?? 1,
    fileId: null,
    closedQuestionId: null,
    freeQuestionId: null,
    matchingQuestionId: null,
    sequenceQuestionId: null,
    codeQuestionId: null,
    content: { kind: 'content', html: '' },
  };
  const cleanHtml = (field: string, required: boolean): string => {
    const raw = any[field];
    const clean = typeof raw === 'string' ? sanitizeRichText(raw) : '';
    if (required && isBlankHtml(clean)) errors[field] = translate(lang, 'validation.required');
    return clean;
  };

  // the bank question of a question slide
  const bank = slideQuestionBank[type];
  if (bank) {
    const table = bankTables[bank];
    const visible = visibleProgramsWhere(user);
    const where = visible
      ? and(eq(table.id, any.page as number), or(isNull(table.programId), inArray(table.programId, db.select({ id: programs.id }).from(programs).where(visible))))
      : eq(table.id, any.page as number);
    const [q] = await db.select({ id: table.id }).from(table).where(where).limit(1);
    if (!q) errors.page = translate(lang, 'slides.questionNotFound');
    else values[bankColumn[bank]] = q.id;
    values.content = { kind: 'question' };
  }

  // the stored file of a media slide
  const fileKind = slideFileKind[type];
  if (fileKind && any.fileId != null) {
    const file = await getFileRow(db, any.fileId as number);
    if (!file || !(await canReadFile(db, user, file))) errors.fileId = translate(lang, 'slides.fileNotFound');
    else if (!(uploadKinds[fileKind].extensions as readonly string[]).includes(fileExtension(file.name))) {
      errors.fileId = translate(lang, 'slides.fileWrongType', { allowedExtensions: uploadKinds[fileKind].extensions.join(', ') });
    } else values.fileId = file.id;
  }

  switch (type) {
    case 'content':
      values.content = { kind: 'content', html: cleanHtml('html', true) };
      break;
    case 'video':
    case 'audio':
    case 'pdf':
    case 'doc-ppt':
      values.content = { kind: type === 'doc-ppt' ? 'pptx' : type, fileId: any.fileId as number, description: (any.description as string | null) ?? undefined };
      break;
    case 'web':
      values.content = { kind: 'web', address: any.address as string, description: (any.description as string | null) ?? undefined };
      break;
    case 'kinescope':
      values.content = {
        kind: 'hostedVideo',
        ...(any.fileId != null ? { fileId: any.fileId as number } : {}),
        ...(any.link ? { link: any.link as string } : {}),
        ...(any.videoId ? { videoId: any.videoId as string } : {}),
        ...(any.description ? { description: any.description as string } : {}),
      } as SlideContent;
      break;
    case 'file-question': {
      const exts = ((any.allowedExtensions as string[] | undefined) ?? []).map((e) => e.replace(/^\./, ''));
      values.content = {
        kind: 'file',
        html: cleanHtml('html', false),
        maxFiles: (any.maxFiles as number | undefined) ?? 1,
        allowedExtensions: [...new Set(exts)],
        maxFileSizeMb: (any.maxFileSizeMb as number | undefined) ?? uploadKinds.attachment.maxMb,
      };
      break;
    }
    case 'attributes-question': {
      const ids = [...new Set(any.attributeIds as number[])];
      const found = await db.select({ id: attributes.id }).from(attributes).where(inArray(attributes.id, ids));
      if (found.length !== ids.length) errors.attributeIds = translate(lang, 'slides.attributeNotFound');
      values.content = { kind: 'attributes', html: cleanHtml('html', false), attributeIds: ids };
      break;
    }
    default:
      break;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return values;
}

export async function createSlide(db: Db, exerciseId: number, values: SlideValues): Promise<SlideRow> {
  return db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${slides.sequence}), -1)::int + 1` })
      .from(slides)
      .where(eq(slides.exerciseId, exerciseId));
    const [row] = await tx.insert(slides).values({ ...values, exerciseId, sequence: next }).returning();
    return row;
  });
}

export async function updateSlide(db: Db, slideId: number, values: SlideValues): Promise<SlideRow> {
  const [row] = await db.update(slides).set({ ...values, updatedAt: new Date() }).where(eq(slides.id, slideId)).returning();
  return row;
}

/** Drops a slide and closes the gap in the order. */
export async function dropSlide(db: Db, row: SlideRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(slides).where(eq(slides.id, row.id));
    await tx
      .update(slides)
      .set({ sequence: sql`${slides.sequence} - 1` })
      .where(and(eq(slides.exerciseId, row.exerciseId), sql`${slides.sequence} > ${row.sequence}`));
  });
}

/** New order: every slide of the exercise exactly once. */
export async function reorderSlides(db: Db, exerciseId: number, orders: number[], lang: Lang): Promise<void> {
  const current = await db.select({ id: slides.id }).from(slides).where(eq(slides.exerciseId, exerciseId));
  const ids = new Set(current.map((r) => r.id));
  if (orders.length !== ids.size || new Set(orders).size !== orders.length || orders.some((id) => !ids.has(id))) {
    throw validationError({ orders: translate(lang, 'slides.orderMismatch') });
  }
  await db.transaction(async (tx) => {
    for (const [i, id] of orders.entries()) await tx.update(slides).set({ sequence: i }).where(eq(slides.id, id));
  });
}
