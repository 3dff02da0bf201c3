import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributes, attributeValues, courses, files, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';
import { multipartBody } from './support/multipart.js';
import { studyHelpers } from './support/study.js';

/**
 * File attributes (spec 3 §7.1 profile files, §7.2 question files): uploads in the spec's shape
 * (files[i].attributeId, files[i].file) stored as the account's own files and saved as answers
 * through the shared validator; the files of an attributes question for its save.
 */
const t = await createTestApp();
const { call } = learningHelpers(t);
const study = studyHelpers(t);

let student: SignedIn;
let other: SignedIn;
let scanId: number;
let yearId: number;

const upload = (who: SignedIn | null, url: string, attributeId: number | string, data: Buffer | string = 'скан паспорта', name = 'scan.pdf') => {
  const body = multipartBody({ field: 'files[0].file', name, data }, { 'files[0].attributeId': String(attributeId), 'files[0].isSaved': 'false' });
  return t.app.inject({ method: 'POST', url, headers: { ...(who?.headers ?? {}), ...body.headers }, payload: body.payload });
};
const answerOf = (who: SignedIn, attributeId: number) =>
  t.db
    .select()
    .from(attributeValues)
    .where(and(eq(attributeValues.accountId, who.accountId), eq(attributeValues.attributeId, attributeId), isNull(attributeValues.trainingId)))
    .then((r) => r[0]);
const filesOf = (who: SignedIn) => t.db.select().from(files).where(eq(files.ownerId, who.accountId));

beforeAll(async () => {
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  const rows = await t.db
    .insert(attributes)
    .values([
      { type: 30, label: 'Скан паспорта', name: 'scan' },
      { type: 3, label: 'Курс', name: 'year' },
    ])
    .returning();
  [scanId, yearId] = rows.map((r) => r.id);
});

describe('POST /api/profile/files', () => {
  it('401 unauthenticated; 400 without a multipart body, for a non-file attribute or without the attribute id; nothing stored', async () => {
    expect((await upload(null, '/api/profile/files', scanId)).statusCode).toBe(401);
    const json = await call(student, 'POST', '/api/profile/files', { fields: [] });
    expect(json.statusCode).toBe(400);
    expect(json.json().ErrorCode).toBe('FileUpload.DataError');
    expect((await upload(student, '/api/profile/files', yearId)).json().ErrorCode).toBe('FileUpload.DataError');
    expect((await upload(student, '/api/profile/files', 'x')).json().ErrorCode).toBe('FileUpload.DataError');
    expect((await upload(student, '/api/profile/files', 999999)).statusCode).toBe(400);
    expect((await upload(student, '/api/profile/files?training=abc', scanId)).statusCode).toBe(400);
    expect(await filesOf(student)).toEqual([]);
    expect(await answerOf(student, scanId)).toBeUndefined();
  });

  it('an oversize file is refused with FileSizeLimitExceeded.Error and not stored', async () => {
    const res = await upload(student, '/api/profile/files', scanId, Buffer.alloc(20 * 1024 * 1024 + 10, 1), 'big.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
    expect(await filesOf(student)).toEqual([]);
  });

  it('stores the file as the caller\'s own and saves it as the answer; a new upload replaces it and the old file goes', async () => {
    const first = await upload(student, '/api/profile/files', scanId);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.saved).toEqual([scanId]);
    expect(body.files).toEqual([{ attributeId: scanId, fileId: expect.any(Number), name: 'scan.pdf' }]);
    const fileId = body.files[0].fileId;
    expect((await answerOf(student, scanId)).fileId).toBe(fileId);
    // another student cannot read it; its owner can
    expect((await call(other, 'GET', `/api/files/${fileId}`)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await call(student, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);

    const second = (await upload(student, '/api/profile/files', scanId, 'новый скан', 'scan2.pdf')).json();
    expect((await answerOf(student, scanId)).fileId).toBe(second.files[0].fileId);
    expect((await filesOf(student)).map((f) => f.id)).toEqual([second.files[0].fileId]);
    // the other student's answer is untouched
    expect(await answerOf(other, scanId)).toBeUndefined();
  });
});

describe('POST /api/questions/{id}/files', () => {
  it('only a student of the question\'s program, only for the question\'s file attributes; the save then names the file', async () => {
    const data = await study.course();
    await t.db.update(slides).set({ content: { kind: 'attributes', attributeIds: [scanId, yearId] } }).where(eq(slides.id, data.attributesSlide.id));
    const learner = await t.signIn('Students');
    const url = `/api/questions/${data.attributesSlide.id}/files`;
    expect((await upload(null, url, scanId)).statusCode).toBe(401);
    const instructor = await t.signIn('Instructors');
    expect((await upload(instructor, url, scanId)).statusCode).toBe(403);
    // not enrolled: the question is not theirs
    expect((await upload(learner, url, scanId)).statusCode).toBe(404);
    await study.enrol(data.course.id, learner.accountId);
    expect((await upload(learner, `/api/questions/${data.content.id}/files`, scanId)).statusCode).toBe(404);
    expect((await upload(learner, '/api/questions/abc/files', scanId)).statusCode).toBe(404);
    const [notAsked] = await t.db.insert(attributes).values({ type: 30, label: 'Другое', name: 'other' }).returning();
    expect((await upload(learner, url, notAsked.id)).statusCode).toBe(400);
    expect((await upload(learner, url, yearId)).statusCode).toBe(400);
    expect(await filesOf(learner)).toEqual([]);

    const res = await upload(learner, url, scanId);
    expect(res.statusCode, res.body).toBe(200);
    const fileId = res.json().files[0].fileId;
    // stored, not yet an answer: the question's save names it
    expect(await answerOf(learner, scanId)).toBeUndefined();
    const started = await call(learner, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    const save = await call(learner, 'POST', `${data.base}/questions/attributes/${data.attributesSlide.id}/save`, { sessionId: started.json().sessionId, values: { [scanId]: { fileId }, [yearId]: null } });
    expect(save.statusCode, save.body).toBe(200);
    expect((await answerOf(learner, scanId)).fileId).toBe(fileId);
    // an instructor reads it only as staff of a course the student studies in
    expect((await call(instructor, 'GET', `/api/files/${fileId}`)).statusCode).toBeGreaterThanOrEqual(403);
    await t.db.update(courses).set({ createdBy: instructor.accountId }).where(eq(courses.id, data.course.id));
    expect((await call(instructor, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
  });
});
