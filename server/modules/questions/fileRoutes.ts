import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { questionCalls as calls } from '../../../shared/calls/questions.js';
import { IMPORT_MAX_BYTES, type ImportAnswer, type ImportNote } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { programs } from '../../db/schema/index.js';
import { badRequest, notFound, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { assertProgramVisible, bankTables, userOf } from './access.js';
import { closedRecords } from './closed.js';
import { codeRecords } from './code.js';
import { freeRecordOf } from './free.js';
import { appendQuestionSlide, insertParsed, readUpload, sheetOrThrow } from './import.js';
import type { ParsedQuestion } from './importSheet.js';
import { matchingRecords } from './matching.js';
import { collectMedia, detectFormat, FILE_TYPES, readQuestionFile, storeMedia, writeQuestionFile, type FileNote, type ReadResult } from './questionFiles/index.js';
import { sequenceRecords } from './sequence.js';

/**
 * Question files in and out of a program's bank (GIFT, Moodle XML, QTI 2.1; the Excel sheet
 * too, found from the content). Unlike the sheet, a question file is imported as far as ELP
 * can express it: the answer lists what was left out and why (the import report). A file's
 * categories are reported with their counts; every question goes to the chosen program's bank.
 */

const noteText = (lang: Lang, n: FileNote): ImportNote => ({
  number: n.number,
  title: n.title,
  kept: n.kept,
  reason: translate(lang, `questions.files.${n.reason}`, { detail: n.detail ?? '' }),
});

/** Reads any import file into questions and notes; a file that is none answers 400. */
export async function readImportFile(file: { name: string; content: Buffer }, lang: Lang): Promise<ReadResult & { format: ImportAnswer['format'] }> {
  const format = detectFormat(file.content, file.name);
  if (format === 'xlsx') return { format, ...(await sheetOrThrow(file.content, lang)), notes: [], categories: new Map(), media: [] };
  let read: ReadResult;
  try {
    read = await readQuestionFile(format, file.content, IMPORT_MAX_BYTES * 10);
  } catch (e) {
    const detail = (e as Error).message.split('\n')[0].slice(0, 200);
    throw badRequest('ImportNotAQuestionFile', { title: 'questions.files.notAFile', vars: { format, detail } });
  }
  if (!read.questions.length) {
    throw badRequest('ImportEmpty', { title: 'questions.files.nothing', extra: { notes: read.notes.map((n) => noteText(lang, n)) } });
  }
  return { format, ...read };
}

/** The import report's fields of an answer. */
export function reportOf(lang: Lang, read: ReadResult & { format: ImportAnswer['format'] }): Pick<ImportAnswer, 'format' | 'notes' | 'categories'> {
  const counts = new Map<string, number>();
  for (const name of read.categories.values()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return {
    format: read.format,
    notes: [...read.notes].sort((a, b) => a.number - b.number).map((n) => noteText(lang, n)),
    categories: [...counts].map(([name, count]) => ({ name, count })),
  };
}

/** Writes the read questions (and their pictures) to the bank; with an exercise, a slide each too. */
export async function importRead(app: FastifyInstance, read: ReadResult, programId: number, ownerId: number, exerciseId?: number): Promise<ImportAnswer['questions']> {
  const db: Db = app.db;
  // pictures are stored first (files live outside the transaction)
  await storeMedia(db, app.storage, ownerId, read.questions, read.media, read.notes);
  return db.transaction(async (tx) => {
    const out: ImportAnswer['questions'] = [];
    for (const q of read.questions) {
      const questionId = await insertParsed(tx, q, programId, ownerId);
      const slideId = exerciseId === undefined ? 0 : await appendQuestionSlide(tx, exerciseId, q.kind, questionId, q.input.label);
      out.push({ row: q.row, kind: q.kind, questionId, slideId });
    }
    return out;
  });
}

/** The program's own questions as they are written to a file. */
async function bankQuestions(db: Db, programId: number): Promise<ParsedQuestion[]> {
  const rows = async <T extends (typeof bankTables)[keyof typeof bankTables]>(t: T) =>
    (await db.select().from(t as (typeof bankTables)['closed']).where(eq(t.programId, programId)).orderBy(asc(t.id))) as T['$inferSelect'][];
  const base = (q: { label: string; text: string }) => ({ label: q.label, text: q.text, courseId: programId });
  const out: ParsedQuestion[] = [];
  const push = (q: Omit<ParsedQuestion, 'row'>) => out.push({ ...q, row: out.length + 1 } as ParsedQuestion);
  for (const q of await closedRecords(db, await rows(bankTables.closed))) {
    push({ kind: 'closed', input: { ...base(q), choiceMode: q.choiceMode, options: q.options.map((o) => ({ text: o.text, correct: o.correct })) } });
  }
  for (const r of await rows(bankTables.free)) {
    const q = freeRecordOf(r);
    push({ kind: 'free', input: { ...base(q), inputType: q.inputType, correctValues: q.correctValues, caseSensitive: q.caseSensitive, min: q.min, max: q.max } });
  }
  for (const q of await matchingRecords(db, await rows(bankTables.matching))) {
    push({ kind: 'matching', input: { ...base(q), targets: q.targets.map((t) => ({ text: t.text })), options: q.options.map((o) => ({ text: o.text, target: o.target })) } });
  }
  for (const q of await sequenceRecords(db, await rows(bankTables.sequence))) {
    push({ kind: 'sequence', input: { ...base(q), items: [...q.items].sort((a, b) => a.position - b.position).map((i) => ({ text: i.text })) } });
  }
  for (const q of await codeRecords(db, await rows(bankTables.code))) {
    push({ kind: 'code', input: { ...base(q), code: q.code, testCases: q.testCases.map((t) => ({ inputValues: t.inputValues, outputValue: t.outputValue, isHidden: t.isHidden })) } });
  }
  return out;
}

const programNotFound = () => notFound('ProgramNotFound', { title: 'questions.programNotFound' });

export function registerFileRoutes(app: FastifyInstance): void {
  const db: Db = app.db;

  route(app, calls.fileImport, async (request): Promise<ImportAnswer> => {
    const user = userOf(request);
    const programId = parseIntId(request.params.programId);
    if (programId === null) throw programNotFound();
    await assertProgramVisible(db, user, programId, 'notFound');
    const file = await readUpload(request);
    if (!file || file.content.length === 0) throw badRequest('FileUpload.DataError', { title: 'questions.importFileMissing' });
    const lang = requestLang(request);
    const read = await readImportFile(file, lang);
    const questions = await importRead(app, read, programId, user.accountId);
    return { imported: questions.length, questions, ...reportOf(lang, read) };
  });

  route(app, calls.fileExport, async (request, reply) => {
    const user = userOf(request);
    const programId = parseIntId(request.params.programId);
    if (programId === null) throw programNotFound();
    await assertProgramVisible(db, user, programId, 'notFound');
    const [program] = await db.select({ label: programs.label }).from(programs).where(eq(programs.id, programId)).limit(1);
    const questions = await bankQuestions(db, programId);
    const format = request.query.format;
    const media = format === 'gift' ? new Map() : await collectMedia(db, app.storage, questions);
    const file = await writeQuestionFile(format, questions, program?.label ?? String(programId), media);
    const type = FILE_TYPES[format];
    const name = `${(program?.label ?? 'bank').replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, 80) || 'bank'}.${type.ext}`;
    return reply
      .header('content-type', type.mime)
      .header('content-disposition', `attachment; filename="questions.${type.ext}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      // how many questions the format could not carry at all (the file lists them in the UI's report)
      .header('x-not-exported', String(file.notes.filter((n) => !n.kept).length))
      .send(file.content);
  });
}
