import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { questionCalls as calls } from '../../../shared/calls/questions.js';
import { ContentKind, SlidePageType } from '../../../shared/enums.js';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportAnswer, type QuestionKind } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { slides } from '../../db/schema/index.js';
import { AppError, badRequest, requestLang } from '../../errors.js';
import type { Lang } from '../../i18n/messages.js';
import { route } from '../../http/route.js';
import { loadExercise } from '../programs/access.js';
import { userOf, type DbOrTx } from './access.js';
import { insertClosedQuestion } from './closed.js';
import { insertCodeQuestion } from './code.js';
import { freeValues, insertFreeQuestion } from './free.js';
import { insertMatchingQuestion } from './matching.js';
import { insertSequenceQuestion } from './sequence.js';
import { importRead, readImportFile, reportOf } from './fileRoutes.js';
import { questionTemplate, readQuestionSheet, type ParsedQuestion } from './importSheet.js';

/**
 * Excel import of questions into an exercise (spec 3 §7.6 LoadQuestions) and its template.
 * The file may also be a question file (GIFT, Moodle XML, QTI: fileRoutes.ts), imported as far
 * as ELP can express it with a report. For the sheet, every row is checked before anything is
 * written; bad rows answer 400 ImportValidation with
 * `rows: [{ row, messages }]`. A good file becomes, in one transaction, bank questions of the
 * exercise's program and one question slide per row appended to the exercise.
 */
const slideKind: Record<QuestionKind, { contentKind: number; column: keyof typeof slides.$inferInsert }> = {
  closed: { contentKind: ContentKind.answers, column: 'closedQuestionId' },
  free: { contentKind: ContentKind.free, column: 'freeQuestionId' },
  matching: { contentKind: ContentKind.matching, column: 'matchingQuestionId' },
  sequence: { contentKind: ContentKind.sequence, column: 'sequenceQuestionId' },
  code: { contentKind: ContentKind.code, column: 'codeQuestionId' },
};

/** Writes one parsed question to the bank (the program's) and answers its id. */
export async function insertParsed(tx: DbOrTx, q: ParsedQuestion, programId: number, createdBy: number | null): Promise<number> {
  switch (q.kind) {
    case 'closed':
      return insertClosedQuestion(tx, { label: q.input.label, text: q.input.text, programId, choiceMode: q.input.choiceMode, options: q.input.options ?? [] }, createdBy);
    case 'free':
      return insertFreeQuestion(tx, freeValues({ ...q.input, programId }), createdBy);
    case 'matching':
      return insertMatchingQuestion(tx, { ...q.input, programId }, createdBy);
    case 'sequence':
      return insertSequenceQuestion(tx, { ...q.input, programId }, createdBy);
    case 'code':
      return insertCodeQuestion(tx, { ...q.input, programId }, createdBy);
  }
}

/** A question slide showing a bank question, appended to the exercise. */
export async function appendQuestionSlide(tx: DbOrTx, exerciseId: number, kind: QuestionKind, questionId: number, label: string): Promise<number> {
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${slides.sequence}), 0)::int` })
    .from(slides)
    .where(eq(slides.exerciseId, exerciseId));
  const k = slideKind[kind];
  const [row] = await tx
    .insert(slides)
    .values({
      exerciseId,
      sequence: max + 1,
      pageType: SlidePageType.question,
      contentKind: k.contentKind as typeof slides.$inferInsert['contentKind'],
      label,
      content: { kind: 'question' },
      [k.column]: questionId,
    })
    .returning({ id: slides.id });
  return row.id;
}

export async function readUpload(request: FastifyRequest): Promise<{ name: string; content: Buffer } | null> {
  if (!request.isMultipart()) return null;
  let found: { name: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'field') continue;
      const name = part.filename || 'file';
      try {
        found = { name, content: await part.toBuffer() };
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(400, 'FileSizeLimitExceeded.Error', {
            title: 'questions.importTooLarge',
            vars: { name, maxFileSize: (IMPORT_MAX_BYTES / 1024 / 1024).toFixed(2) },
          });
        }
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code?.startsWith('FST_')) throw badRequest('FileUpload.DataError', { title: 'questions.importFileMissing' });
    throw err;
  }
  return found;
}

/** The Excel sheet's questions; a bad sheet answers 400 (bad rows listed, nothing imported). */
export async function sheetOrThrow(content: Buffer, lang: Lang): Promise<{ questions: ParsedQuestion[] }> {
  const sheet = await readQuestionSheet(content, lang);
  if (sheet.ok) return { questions: sheet.questions };
  switch (sheet.problem) {
    case 'notExcel': throw badRequest('FileUpload.DataError', { title: 'questions.importNotExcel' });
    case 'badHeader': throw badRequest('ImportBadHeader', { title: 'questions.importBadHeader' });
    case 'empty': throw badRequest('ImportEmpty', { title: 'questions.importEmpty' });
    case 'tooManyRows': throw badRequest('ImportTooManyRows', { title: 'questions.importTooManyRows', vars: { max: IMPORT_MAX_ROWS } });
    case 'rows':
      throw badRequest('ImportValidation', { title: 'questions.importRowsInvalid', vars: { count: sheet.rows.length }, extra: { rows: sheet.rows } });
  }
}

export function registerImportRoutes(app: FastifyInstance): void {
  const db: Db = app.db;

  route(app, calls.import, async (request): Promise<ImportAnswer> => {
    const user = userOf(request);
    const { program, exercise } = await loadExercise(db, user, request.params.exerciseId, request.params.programId);
    const file = await readUpload(request);
    if (!file || file.content.length === 0) throw badRequest('FileUpload.DataError', { title: 'questions.importFileMissing' });
    const lang = requestLang(request);
    const read = await readImportFile(file, lang);
    const questions = await importRead(app, read, program.id, user.accountId, exercise.id);
    return { imported: questions.length, questions, ...reportOf(lang, read) };
  });

  route(app, calls.importTemplate, async (request, reply) => {
    const lang = requestLang(request);
    const body = await questionTemplate(lang);
    const name = lang === 'ru' ? 'шаблон-вопросов.xlsx' : 'questions-template.xlsx';
    return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="questions-template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(body);
  });
}
