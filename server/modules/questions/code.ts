import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeQuestionCalls as calls } from '../../../shared/calls/questions.js';
import { allows } from '../../../shared/permissions.js';
import {
  codeQuestionInput,
  execAllInput,
  type CodeFile,
  type CodeQuestion,
  type ExecAllAnswer,
  type TestCaseInput,
} from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { codeQuestionFiles, codeQuestions, codeTestCases, files as filesTable } from '../../db/schema/index.js';
import { notFound, requestLang, validationError, zodFieldErrors } from '../../errors.js';
import { deleteFile, registerFileAccessCheck, storeFile, type FileRow, type Storage } from '../../files/index.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { DEFAULT_LIMITS, runTestCases, throwSandboxError, type CaseResult, type QueueOwner, type SandboxFile } from '../../sandbox/index.js';
import { assertProgramVisible, userOf, visibleQuestionsWhereDb, type DbOrTx } from './access.js';
import { readCodeForm, type UploadedCodeFile } from './codeForm.js';
import { bankOf, newFields, ownFields } from './common.js';
import { dropQuestion } from './drop.js';

/**
 * Code questions (spec 3 §7.8): text, starter code, files the program may open, test cases
 * (stdin → expected stdout). "Run all test cases" executes in the sandbox (server/sandbox).
 * `runCodeQuestion` is the entry point for the player's execTextCases and grading.
 */
type Row = typeof codeQuestions.$inferSelect;
export const CODE_FILE_PURPOSE = 'code';

const fileNotFound = () => notFound('FileNotFound', { title: 'questions.fileNotFound' });

async function filesOf(db: DbOrTx, questionIds: number[]): Promise<Map<number, (CodeFile & { storageKey: string })[]>> {
  const map = new Map<number, (CodeFile & { storageKey: string })[]>(questionIds.map((id) => [id, []]));
  if (!questionIds.length) return map;
  const rows = await db
    .select({ questionId: codeQuestionFiles.questionId, id: filesTable.id, name: codeQuestionFiles.name, size: filesTable.size, mime: filesTable.mime, storageKey: filesTable.storageKey })
    .from(codeQuestionFiles)
    .innerJoin(filesTable, eq(filesTable.id, codeQuestionFiles.fileId))
    .where(inArray(codeQuestionFiles.questionId, questionIds))
    .orderBy(asc(codeQuestionFiles.name));
  for (const r of rows) map.get(r.questionId)!.push({ id: r.id, name: r.name, size: r.size, mime: r.mime, storageKey: r.storageKey });
  return map;
}

async function casesOf(db: DbOrTx, questionIds: number[]) {
  if (!questionIds.length) return [];
  return db
    .select()
    .from(codeTestCases)
    .where(inArray(codeTestCases.questionId, questionIds))
    .orderBy(asc(codeTestCases.sequence), asc(codeTestCases.id));
}

export async function codeRecords(db: DbOrTx, rows: Row[]): Promise<CodeQuestion[]> {
  const ids = rows.map((r) => r.id);
  const [files, cases] = [await filesOf(db, ids), await casesOf(db, ids)];
  return rows.map((q) => ({
    id: q.id,
    label: q.label,
    text: q.text,
    courseId: q.programId,
    code: q.starterCode,
    language: q.language,
    files: (files.get(q.id) ?? []).map(({ id, name, size, mime }) => ({ id, name, size, mime })),
    testCases: cases
      .filter((c) => c.questionId === q.id)
      .map((c) => ({ id: c.id, inputValues: c.inputValues, outputValue: c.outputValue, sequence: c.sequence, isHidden: c.isHidden })),
  }));
}

/** Test cases as stored: sequence given or by position (1-based). */
const caseValues = (questionId: number, cases: TestCaseInput[]) =>
  cases.map((c, i) => ({ questionId, inputValues: c.inputValues, outputValue: c.outputValue, sequence: c.sequence ?? i + 1, isHidden: c.isHidden }));

export async function insertCodeQuestion(
  tx: DbOrTx,
  input: { label: string; text: string; programId: number | null; code: string; testCases: TestCaseInput[] },
  createdBy: number | null,
  fileLinks: { fileId: number; name: string }[] = [],
): Promise<number> {
  const [q] = await tx
    .insert(codeQuestions)
    .values({
      ...newFields(input, createdBy),
      starterCode: input.code,
      language: 'python',
      timeLimitMs: DEFAULT_LIMITS.timeMs,
      memoryLimitMb: DEFAULT_LIMITS.memoryMb,
    })
    .returning({ id: codeQuestions.id });
  if (input.testCases.length) await tx.insert(codeTestCases).values(caseValues(q.id, input.testCases));
  if (fileLinks.length) await tx.insert(codeQuestionFiles).values(fileLinks.map((f) => ({ questionId: q.id, ...f })));
  return q.id;
}

/** A stored file's bytes. */
async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const withCase = (r: CaseResult, c: { inputValues: string; outputValue: string }) => ({ ...r, inputValues: c.inputValues, outputValue: c.outputValue });

/**
 * Runs code against a stored code question's test cases and files (the player's
 * execTextCases and answer grading). Hidden cases are left out unless asked for.
 */
export async function runCodeQuestion(
  db: Db,
  storage: Storage,
  questionId: number,
  code: string,
  options: { includeHidden?: boolean; owner?: QueueOwner } = {},
): Promise<ExecAllAnswer> {
  const [q] = await db.select().from(codeQuestions).where(eq(codeQuestions.id, questionId)).limit(1);
  if (!q) throw notFound('QuestionNotFound', { title: 'questions.notFound' });
  const cases = (await casesOf(db, [q.id])).filter((c) => options.includeHidden || !c.isHidden);
  const stored = (await filesOf(db, [q.id])).get(q.id) ?? [];
  const files: SandboxFile[] = [];
  for (const f of stored) files.push({ name: f.name, content: await readStored(storage, f.storageKey) });
  return execute(code, cases, files, { timeMs: q.timeLimitMs, memoryMb: q.memoryLimitMb }, options.owner);
}

/** Runs in the shared sandbox; `owner` (the account) takes its turn in the fair queue. */
async function execute(
  code: string,
  cases: { inputValues: string; outputValue: string; sequence: number }[],
  files: SandboxFile[],
  limits: { timeMs: number; memoryMb: number } | undefined,
  owner: QueueOwner | undefined,
): Promise<ExecAllAnswer> {
  let results: CaseResult[];
  try {
    results = await runTestCases({ language: 'python', code, files, testCases: cases, limits, owner });
  } catch (err) {
    throwSandboxError(err);
  }
  const bySequence = [...cases].sort((a, b) => a.sequence - b.sequence);
  const answer = results.map((r, i) => withCase(r, bySequence[i]));
  return { results: answer, passed: answer.filter((r) => r.passed).length, total: answer.length };
}

function fileNameProblems(names: string[], lang: ReturnType<typeof requestLang>): Record<string, string> | null {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) return { Files: translate(lang, 'questions.duplicateFileName', { name: n }) };
    seen.add(n);
  }
  return null;
}

async function storeNew(db: Db, storage: Storage, files: UploadedCodeFile[], ownerId: number): Promise<FileRow[]> {
  const stored: FileRow[] = [];
  try {
    for (const f of files) stored.push(await storeFile(db, storage, { name: f.name, purpose: CODE_FILE_PURPOSE, ownerId }, f.content));
  } catch (err) {
    for (const s of stored) await deleteFile(db, storage, s.id);
    throw err;
  }
  return stored;
}

export function registerCodeRoutes(app: FastifyInstance): void {
  const db: Db = app.db;
  const storage = (): Storage => app.storage;
  const bank = bankOf(db, codeQuestions, (rows) => codeRecords(db, rows));
  const load = bank.load;

  // instructors who may see a code question may download its files (GET /api/files/{id})
  registerFileAccessCheck('code-question-files', async ({ db: d, user, file }) => {
    if (file.purpose !== CODE_FILE_PURPOSE || !allows(user, calls.files.rule)) return false;
    const [row] = await d
      .select({ id: codeQuestions.id })
      .from(codeQuestionFiles)
      .innerJoin(codeQuestions, eq(codeQuestions.id, codeQuestionFiles.questionId))
      .where(and(eq(codeQuestionFiles.fileId, file.id), visibleQuestionsWhereDb(d, user, codeQuestions.programId)))
      .limit(1);
    return Boolean(row);
  });

  async function parsed(request: FastifyRequest) {
    const form = await readCodeForm(request);
    const result = codeQuestionInput.safeParse(form.data);
    if (!result.success) throw validationError(zodFieldErrors(result.error, requestLang(request)));
    return { form, input: result.data };
  }

  route(app, calls.list, async (request) => bank.list(request));

  route(app, calls.create, async (request, reply) => {
    const user = userOf(request);
    const { form, input } = await parsed(request);
    await assertProgramVisible(db, user, input.courseId, 'field', request);
    const problems = fileNameProblems(form.files.map((f) => f.name), requestLang(request));
    if (problems) throw validationError(problems);
    const stored = await storeNew(db, storage(), form.files, user.accountId);
    try {
      const id = await db.transaction((tx) =>
        insertCodeQuestion(tx, { ...input, programId: input.courseId }, user.accountId, stored.map((s, i) => ({ fileId: s.id, name: form.files[i].name }))),
      );
      reply.status(201);
      return bank.byId(id);
    } catch (err) {
      for (const s of stored) await deleteFile(db, storage(), s.id);
      throw err;
    }
  });

  route(app, calls.get, async (request) => bank.record(await load(request, request.params.id)));

  route(app, calls.update, async (request) => {
    const user = userOf(request);
    const q = await load(request, request.params.id);
    const { form, input } = await parsed(request);
    await assertProgramVisible(db, user, input.courseId, 'field', request);
    const current = (await filesOf(db, [q.id])).get(q.id) ?? [];
    const keep = form.sentFilesId ? current.filter((f) => input.filesId?.includes(f.id)) : current;
    const lang = requestLang(request);
    const unknown = (input.filesId ?? []).filter((id) => !current.some((f) => f.id === id));
    if (unknown.length) throw validationError({ FilesId: translate(lang, 'questions.fileNotFound') });
    const problems = fileNameProblems([...keep.map((f) => f.name), ...form.files.map((f) => f.name)], lang);
    if (problems) throw validationError(problems);
    const dropped = current.filter((f) => !keep.includes(f));
    const stored = await storeNew(db, storage(), form.files, user.accountId);
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(codeQuestions)
          .set({ ...ownFields(input), starterCode: input.code })
          .where(eq(codeQuestions.id, q.id));
        await tx.delete(codeTestCases).where(eq(codeTestCases.questionId, q.id));
        if (input.testCases.length) await tx.insert(codeTestCases).values(caseValues(q.id, input.testCases));
        if (stored.length) await tx.insert(codeQuestionFiles).values(stored.map((s, i) => ({ questionId: q.id, fileId: s.id, name: form.files[i].name })));
      });
    } catch (err) {
      for (const s of stored) await deleteFile(db, storage(), s.id);
      throw err;
    }
    for (const f of dropped) await deleteFile(db, storage(), f.id);
    return bank.byId(q.id);
  });

  route(app, calls.drop, async (request) => {
    const q = await load(request, request.params.id);
    const fileIds = await dropQuestion(db, 'code', q.id, async (tx) => ((await filesOf(tx, [q.id])).get(q.id) ?? []).map((f) => f.id));
    for (const id of fileIds ?? []) await deleteFile(db, storage(), id);
    return { id: q.id };
  });

  route(app, calls.files, async (request) => {
    const q = await load(request, request.params.id);
    return ((await filesOf(db, [q.id])).get(q.id) ?? []).map(({ id, name, size, mime }) => ({ id, name, size, mime }));
  });

  route(app, calls.dropFile, async (request) => {
    const q = await load(request, request.params.id);
    const fileId = parseIntId(request.params.fileId);
    const file = ((await filesOf(db, [q.id])).get(q.id) ?? []).find((f) => f.id === fileId);
    if (!file) throw fileNotFound();
    await deleteFile(db, storage(), file.id); // the link row goes with it (cascade)
    return { id: file.id };
  });

  route(
    app,
    calls.execAll,
    async (request) => {
      const form = await readCodeForm(request);
      const result = execAllInput.safeParse(form.data);
      if (!result.success) throw validationError(zodFieldErrors(result.error, requestLang(request)));
      const input = result.data;
      let code = input.code;
      let cases = input.testCases?.map((c, i) => ({ inputValues: c.inputValues, outputValue: c.outputValue, sequence: c.sequence ?? i + 1 }));
      const files = new Map<string, SandboxFile>();
      let limits: { timeMs: number; memoryMb: number } | undefined;
      if (input.questionId !== undefined) {
        const q = await load(request, String(input.questionId));
        code ??= q.starterCode;
        cases ??= (await casesOf(db, [q.id])).map((c) => ({ inputValues: c.inputValues, outputValue: c.outputValue, sequence: c.sequence }));
        for (const f of (await filesOf(db, [q.id])).get(q.id) ?? []) files.set(f.name, { name: f.name, content: await readStored(storage(), f.storageKey) });
        limits = { timeMs: q.timeLimitMs, memoryMb: q.memoryLimitMb };
      }
      for (const f of form.files) files.set(f.name, f); // unsaved files of the form win
      if (!cases?.length) throw validationError({ testCases: translate(requestLang(request), 'questions.noTestCases') });
      return execute(code ?? '', cases, [...files.values()], limits, request.user?.accountId);
    },
    {
      config: {
        // a burst of runs from one person waits its turn in the sandbox queue; beyond this it is refused
        rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `exec:${req.user?.accountId ?? req.ip}` },
      },
    },
  );
}
