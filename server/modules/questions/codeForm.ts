import type { FastifyRequest } from 'fastify';
import { CODE_FILE_MAX_BYTES, CODE_FILES_MAX, TEST_CASE_TEXT_MAX } from '../../../shared/questions/index.js';
import { AppError, badRequest, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { SANDBOX_FILE_NAME } from '../../sandbox/index.js';

/**
 * The code question form as it arrives: multipart (spec 3 §7.8: label, code, CourseId, text,
 * Files = new files, FilesId = kept files, testCases) or JSON. Multipart nests the way
 * ASP.NET binds it — `testCases[0].inputValues`, `testCases[0][inputValues]` — or carries
 * `testCases` as one JSON field. The result is plain data for the zod schema.
 */
export interface UploadedCodeFile {
  name: string;
  content: Buffer;
}

export interface CodeForm {
  data: Record<string, unknown>;
  files: UploadedCodeFile[];
  /** the form named kept files (FilesId), even an empty list */
  sentFilesId: boolean;
}

const tooLarge = (name: string) =>
  new AppError(400, 'FileSizeLimitExceeded.Error', {
    title: 'questions.fileTooLarge',
    vars: { name, maxFileSize: (CODE_FILE_MAX_BYTES / 1024 / 1024).toFixed(2) },
  });

const caseFields: Record<string, string> = { inputvalues: 'inputValues', outputvalue: 'outputValue', sequence: 'sequence', ishidden: 'isHidden' };

function setPath(target: Record<string, unknown>, key: string, value: string): void {
  // testCases[0].inputValues | testCases[0][inputValues] | testCases.0.inputValues
  const m = /^testCases(?:\[(\d+)\]|\.(\d+))(?:\.|\[)?(\w+)\]?$/i.exec(key);
  if (!m) return;
  const index = Number(m[1] ?? m[2]);
  if (index >= 1000) return;
  const cases = (target.testCases ??= []) as Record<string, unknown>[];
  if (!Array.isArray(cases)) return;
  const field = caseFields[m[3].toLowerCase()];
  if (!field) return;
  cases[index] ??= {};
  cases[index][field] = value;
}

/** 'true' / 'false' and numbers inside test cases, as the schema wants them. */
function typedCase(c: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(c ?? {}) };
  if (typeof out.isHidden === 'string') out.isHidden = out.isHidden.toLowerCase() === 'true';
  return out;
}

function idList(values: string[]): number[] | string[] {
  const flat = values.flatMap((v) => {
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        const parsed = JSON.parse(t) as unknown;
        return Array.isArray(parsed) ? parsed.map(String) : [t];
      } catch {
        return [t];
      }
    }
    return t === '' ? [] : t.split(',').map((s) => s.trim());
  });
  return flat.every((s) => /^\d{1,10}$/.test(s)) ? flat.map(Number) : flat;
}

/** Fields → the schema's shape. */
function shape(fields: Map<string, string[]>, request: FastifyRequest): { data: Record<string, unknown>; sentFilesId: boolean } {
  const data: Record<string, unknown> = {};
  const first = (k: string) => fields.get(k.toLowerCase())?.[0];
  for (const k of ['label', 'text', 'code', 'questionId', 'language']) {
    const v = first(k);
    if (v !== undefined) data[k] = v;
  }
  const course = first('CourseId') ?? first('courseId') ?? first('programId');
  if (course !== undefined) data.courseId = course.trim() === '' || course === 'null' ? null : /^\d{1,10}$/.test(course.trim()) ? Number(course) : course;
  const json = first('testCases');
  if (json !== undefined) {
    try {
      data.testCases = JSON.parse(json) as unknown;
    } catch {
      throw validationError({ testCases: translate(requestLang(request), 'validation.invalid') });
    }
  }
  for (const [key, values] of fields) if (/^testcases[[.]/i.test(key)) setPath(data, key.replace(/^testcases/i, 'testCases'), values[0]);
  if (Array.isArray(data.testCases)) data.testCases = (data.testCases as Record<string, unknown>[]).map(typedCase).filter((c) => Object.keys(c).length);
  const idKeys = [...fields.keys()].filter((k) => /^filesid(\[\d*\])?$/.test(k));
  const sentFilesId = idKeys.length > 0;
  if (sentFilesId) data.filesId = idList(idKeys.flatMap((k) => fields.get(k) ?? []));
  return { data, sentFilesId };
}

/** Reads the form of a code-question call; new files are held in memory (each at most 1 MB). */
export async function readCodeForm(request: FastifyRequest): Promise<CodeForm> {
  if (!request.isMultipart()) {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const data: Record<string, unknown> = { ...body };
    if (data.CourseId !== undefined && data.courseId === undefined) data.courseId = data.CourseId;
    if (data.FilesId !== undefined && data.filesId === undefined) data.filesId = data.FilesId;
    delete data.CourseId;
    delete data.FilesId;
    return { data, files: [], sentFilesId: data.filesId !== undefined };
  }
  const fields = new Map<string, string[]>();
  const files: UploadedCodeFile[] = [];
  const lang = requestLang(request);
  try {
    for await (const part of request.parts({
      limits: { fileSize: CODE_FILE_MAX_BYTES, files: CODE_FILES_MAX, fields: 600, fieldSize: TEST_CASE_TEXT_MAX * 2 + 1024, parts: 700 },
    })) {
      if (part.type === 'field') {
        const key = part.fieldname.toLowerCase();
        if (typeof part.value === 'string') fields.set(key, [...(fields.get(key) ?? []), part.value]);
        continue;
      }
      const name = (part.filename ?? '').split(/[\\/]/).pop() ?? '';
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name || 'file');
        throw err;
      }
      if (part.file.truncated) throw tooLarge(name || 'file');
      if (!/^files(\[\d*\])?$/i.test(part.fieldname)) continue; // not a field of this form
      if (!SANDBOX_FILE_NAME.test(name) || name === 'main.py') {
        throw badRequest('FileUpload.DataError', { title: 'questions.badFileName', fields: { Files: translate(lang, 'questions.badFileName') } });
      }
      files.push({ name, content });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('file');
    if (code === 'FST_FILES_LIMIT') throw badRequest('FileUpload.DataError', { title: 'questions.tooManyFiles', vars: { max: CODE_FILES_MAX } });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw badRequest('BadRequest', { title: 'questions.badForm' });
    }
    throw err;
  }
  return { ...shape(fields, request), files };
}
