import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AttributeAnswer } from '../../../shared/attributes/index.js';
import { ATTRIBUTE_FILE_MAX_MB, ATTRIBUTE_FILES_MAX, attributeCalls, type AttributeFileAnswer } from '../../../shared/calls/attributes.js';
import { AttributeDataType } from '../../../shared/enums.js';
import { MB } from '../../../shared/files.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { attributes, attributeValues, courses, enrolments, exercises, files, slides } from '../../db/schema/index.js';
import { AppError, badRequest, notFound, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { deleteFile, registerFileAccessCheck, storeFile, type Storage } from '../../files/index.js';
import { cleanFileName } from '../../files/service.js';
import { route } from '../../http/route.js';
import { myCourseIds } from '../courses/access.js';
import { allDefinitions, courseForm, profileRequirement } from './definitions.js';
import { saveAttributeAnswers, throwProblems } from './save.js';
import { attributeProblems, questionForm, saveQuestionAnswersToProfile, toAttributeAnswer, type AttributeAnswerBody } from './question.js';

/** What an attribute file is stored as (files.purpose). */
export const ATTRIBUTE_FILE = 'attribute-file';
const MAX_BYTES = ATTRIBUTE_FILE_MAX_MB * MB;

/** The staff of a course the file's owner studies in may read the owner's attribute files (the student page shows them). */
registerFileAccessCheck(ATTRIBUTE_FILE, async ({ db, user, file }) => {
  if (file.purpose !== ATTRIBUTE_FILE || file.ownerId === null || user.role !== 'Instructors') return false;
  const [row] = await db
    .select({ id: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.accountId, file.ownerId), sql`${enrolments.courseId} in ${myCourseIds(user)}`))
    .limit(1);
  return !!row;
});

const dataError = (title = 'upload.noFile') => badRequest('FileUpload.DataError', { title });
const tooLarge = (name: string) => new AppError(400, 'FileSizeLimitExceeded.Error', { title: 'upload.tooLarge', vars: { name, maxFileSize: ATTRIBUTE_FILE_MAX_MB } });

interface UploadedAnswer {
  attributeId: number;
  name: string;
  buffer: Buffer;
}

/**
 * The files of a multipart body in the spec's shape (3 §3: files[i].attributeId, files[i].file;
 * files[i].isSaved is accepted and ignored), each read whole up to the limit.
 */
async function readAnswerFiles(request: FastifyRequest): Promise<UploadedAnswer[]> {
  if (!request.isMultipart()) throw dataError();
  const ids = new Map<string, string>();
  const parts = new Map<string, { name: string; buffer: Buffer }>();
  try {
    const options = { limits: { fileSize: MAX_BYTES, files: ATTRIBUTE_FILES_MAX, fields: ATTRIBUTE_FILES_MAX * 3, fieldSize: 1000 } };
    for await (const part of request.parts(options)) {
      const m = /^files\[(\d{1,3})\]\.(attributeId|file|isSaved)$/i.exec(part.fieldname);
      if (part.type === 'field') {
        if (m && m[2].toLowerCase() === 'attributeid' && typeof part.value === 'string') ids.set(m[1], part.value);
        continue;
      }
      const name = cleanFileName(part.filename || 'file');
      const buffer = await part.toBuffer();
      if (!m || m[2].toLowerCase() !== 'file') continue;
      // a file is sent only when it has a size (spec 3 §3)
      if (buffer.length) parts.set(m[1], { name, buffer });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge((e as { part?: { filename?: string } }).part?.filename ?? 'file');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw dataError('upload.badMetadata');
    throw e;
  }
  if (!parts.size) throw dataError();
  return [...parts].map(([i, f]) => {
    const raw = ids.get(i);
    const attributeId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(attributeId) || attributeId <= 0) throw dataError('upload.badMetadata');
    return { attributeId, ...f };
  });
}

/** Only File attributes take uploads: the others answer 400 before anything is stored. */
async function assertFileAttributes(db: Db, uploads: UploadedAnswer[]): Promise<void> {
  const ids = [...new Set(uploads.map((u) => u.attributeId))];
  const rows = await db.select({ id: attributes.id }).from(attributes).where(and(inArray(attributes.id, ids), eq(attributes.type, AttributeDataType.file)));
  if (rows.length !== ids.length) throw dataError('upload.badMetadata');
}

async function storeAll(db: Db, storage: Storage, accountId: number, uploads: UploadedAnswer[]): Promise<AttributeFileAnswer[]> {
  const stored: AttributeFileAnswer[] = [];
  try {
    for (const u of uploads) {
      const row = await storeFile(db, storage, { name: u.name, purpose: ATTRIBUTE_FILE, ownerId: accountId }, u.buffer);
      stored.push({ attributeId: u.attributeId, fileId: row.id, name: row.name });
    }
  } catch (e) {
    for (const s of stored) await deleteFile(db, storage, s.fileId);
    throw e;
  }
  return stored;
}

/** Attribute files of the account no answer names any more (a replaced or refused upload). */
async function dropUnused(db: Db, storage: Storage, accountId: number, fileIds: number[]): Promise<void> {
  if (!fileIds.length) return;
  const unused = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, fileIds),
        eq(files.ownerId, accountId),
        eq(files.purpose, ATTRIBUTE_FILE),
        sql`not exists (select 1 from ${attributeValues} v where v.file_id = ${files.id})`,
      ),
    );
  for (const f of unused) await deleteFile(db, storage, f.id);
}

/**
 * File attributes (spec 3 §7.1 profile files, §7.2 question files): `POST /api/profile/files`
 * stores the files and saves them as the answers (through the shared validator, as the profile
 * fields; with `training`, as that course's answers); `POST /api/questions/{id}/files` stores the
 * files of an attributes question, which its save then names by `fileId`.
 */
export function attributeFileRoutes(fastify: FastifyInstance, answerableCourse: (db: Db, accountId: number, id: number) => Promise<number>): void {
  const db = fastify.db;
  const storage = fastify.storage;

  route(fastify, attributeCalls.saveFiles, async (request) => {
    const user = currentUser(request);
    const { training } = request.query;
    const courseId = training === undefined ? null : await answerableCourse(db, user.accountId, training);
    const uploads = await readAnswerFiles(request);
    await assertFileAttributes(db, uploads);
    const form = courseId === null ? { defs: await allDefinitions(db), base: profileRequirement, perCourse: new Set<number>() } : await courseForm(db, courseId);
    const ids = uploads.map((u) => u.attributeId);
    const before = (await db.select({ fileId: attributeValues.fileId }).from(attributeValues).where(and(eq(attributeValues.accountId, user.accountId), inArray(attributeValues.attributeId, ids))))
      .map((r) => r.fileId)
      .filter((id): id is number => id !== null);
    const stored = await storeAll(db, storage, user.accountId, uploads);
    const answers: AttributeAnswer[] = stored.map((s) => ({ attributeId: s.attributeId, fileId: s.fileId }));
    const result = await saveAttributeAnswers(db, { accountId: user.accountId, actorId: user.accountId, answers, courseId, ...form });
    // the files replaced, and those of refused answers, are not kept
    await dropUnused(db, storage, user.accountId, [...before, ...stored.map((s) => s.fileId)]);
    throwProblems(result.problems, requestLang(request));
    return { saved: result.saved, files: stored };
  });

  /** The attributes asked by slide `rawId`, an attributes question of a program the student studies in (else 404). */
  async function askedBy(accountId: number, rawId: string): Promise<number[]> {
    const slideId = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
    if (slideId === null) throw notFound('NotFound', { title: 'attributes.questionNotFound' });
    const [slide] = await db
      .select({ content: slides.content })
      .from(slides)
      .innerJoin(exercises, eq(exercises.id, slides.exerciseId))
      .innerJoin(courses, eq(courses.programId, exercises.programId))
      .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, accountId), eq(enrolments.status, 1)))
      .where(eq(slides.id, slideId))
      .limit(1);
    if (!slide || slide.content.kind !== 'attributes') throw notFound('NotFound', { title: 'attributes.questionNotFound' });
    return slide.content.attributeIds;
  }

  route(fastify, attributeCalls.questionFiles, async (request) => {
    const user = currentUser(request);
    const asked = new Set(await askedBy(user.accountId, request.params.id));
    const uploads = await readAnswerFiles(request);
    if (uploads.some((u) => !asked.has(u.attributeId))) throw dataError('upload.badMetadata');
    await assertFileAttributes(db, uploads);
    return { files: await storeAll(db, storage, user.accountId, uploads) };
  });

  // the fields of an attributes question straight to the profile (no attempt): checked as the question asks them, all or nothing
  route(fastify, attributeCalls.questionFields, async (request) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const attributeIds = await askedBy(user.accountId, request.params.id);
    const asked = new Set(attributeIds.map(String));
    const values = request.body.values as Record<string, AttributeAnswerBody>;
    if (Object.keys(values).some((k) => !asked.has(k))) throw validationError({ values: translate(lang, 'attributes.notAsked') });
    const answers = Object.entries(values).map(([id, v]) => toAttributeAnswer(Number(id), v));
    const form = await questionForm(db, attributeIds);
    const problems = await attributeProblems(db, user.accountId, form, answers);
    if (Object.keys(problems).length) throw validationError(Object.fromEntries(Object.entries(problems).map(([id, p]) => [`values.${id}`, translate(lang, p.key, p.vars)])));
    const result = await saveQuestionAnswersToProfile(db, user.accountId, form, answers);
    return { saved: result?.saved ?? [] };
  });
}
