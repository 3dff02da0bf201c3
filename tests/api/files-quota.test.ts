import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { multipart } from './support/questions.js';
import { studyHelpers } from './support/study.js';
import { setupStore, STORES } from './support/stores.js';

/**
 * Per-account storage quota (issue 10 items 9 and 14), counted from the files table and
 * checked before anything is stored: students' file answers (STORAGE_QUOTA_MB, here 2 MB),
 * instructors' Storage/Upload and tus uploads (STORAGE_QUOTA_STAFF_MB, here 1 MB). A file
 * answer on a slide without its own size limit takes ANSWER_FILE_MAX_MB (here 1 MB). On the
 * local disk and on a real S3-compatible server.
 */
const KB = 1024;

describe.each(STORES)('%s store', (kind) => {
  const store = setupStore(kind);
  let t: TestApp;
  let h: ReturnType<typeof studyHelpers>;
  let base: string;
  let slideIds: number[];
  let serverBase: string;
  let courseId: number;

  beforeAll(async () => {
    t = await createTestApp({ ...store.env(), STORAGE_QUOTA_MB: '2', STORAGE_QUOTA_STAFF_MB: '1', ANSWER_FILE_MAX_MB: '1' });
    h = studyHelpers(t);
    const data = await h.course();
    base = data.base;
    slideIds = [];
    // file slides without a size limit of their own
    for (const sequence of [60, 61, 62, 63, 64]) {
      const [s] = await t.db.insert(slides).values({ exerciseId: data.exercise.id, sequence, pageType: 2, contentKind: 60, label: 'Файл', content: { kind: 'file', maxFiles: 1 } }).returning();
      slideIds.push(s.id);
    }
    courseId = data.course.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    serverBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.app.close();
  });

  async function student(): Promise<{ who: SignedIn; sessionId: number }> {
    const who = await t.signIn('Students');
    await h.enrol(courseId, who.accountId);
    return { who, sessionId: (await h.call(who, 'POST', `${base}/Pages`, { slideId: 'start' })).json().sessionId };
  }

  const answer = (s: { who: SignedIn; sessionId: number }, slideId: number, name: string, bytes: number, lang = 'en') => {
    const form = multipart([{ name: 'sessionId', value: String(s.sessionId) }, { name: 'file', filename: name, content: Buffer.alloc(bytes, 7) }]);
    return t.app.inject({ method: 'POST', url: `${base}/questions/files/${slideId}/save`, headers: { ...s.who.headers, ...form.headers, 'accept-language': lang }, payload: form.payload });
  };
  const owned = async (accountId: number) => (await t.db.select().from(files).where(eq(files.ownerId, accountId))).map((f) => f.name).sort();
  /** how many objects the store holds for a purpose */
  const stored = async (purpose: string) => (await store.keys(purpose)).length;

  describe("a student's file answers", () => {
    it('on a slide without a size limit are refused above ANSWER_FILE_MAX_MB (400)', async () => {
      const s = await student();
      const big = await answer(s, slideIds[0], 'big.pdf', 1024 * KB + 10);
      expect(big.statusCode).toBe(400);
      expect(big.json()).toMatchObject({ ErrorCode: 'FileSizeLimitExceeded.Error', Title: 'File big.pdf is too large. Maximum size: 1.00MB' });
      expect(await owned(s.who.accountId)).toEqual([]);
    });

    it('are refused (413) when they would exceed the quota, and nothing is stored', async () => {
      const s = await student();
      expect((await answer(s, slideIds[0], 'a.pdf', 900 * KB)).statusCode).toBe(200);
      expect((await answer(s, slideIds[1], 'b.pdf', 900 * KB)).statusCode).toBe(200);
      const before = await stored('answer');
      const over = await answer(s, slideIds[2], 'c.pdf', 900 * KB);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({
        ErrorCode: 'StorageQuotaExceeded',
        Title: 'File c.pdf does not fit in your storage: 0.24 MB left of 2 MB',
        Description: 'Replace or remove files you no longer need, or ask an administrator to raise the quota',
      });
      const ru = await answer(s, slideIds[2], 'c.pdf', 900 * KB, 'ru');
      expect(ru.json().Title).toBe('Файл c.pdf не помещается в ваше хранилище: свободно 0.24 МБ из 2 МБ');
      expect(await owned(s.who.accountId)).toEqual(['a.pdf', 'b.pdf']);
      expect(await stored('answer')).toBe(before);
      const page = await h.call(s.who, 'POST', `${base}/Pages`, { slideId: String(slideIds[2]), sessionId: s.sessionId });
      expect(page.json().answer ?? null).toBeNull();
    });

    it('may replace an answer file near the quota: the replaced file is counted as free', async () => {
      const s = await student();
      await answer(s, slideIds[0], 'a.pdf', 900 * KB);
      await answer(s, slideIds[1], 'b.pdf', 900 * KB);
      const replaced = await answer(s, slideIds[0], 'a2.pdf', 1000 * KB);
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(await owned(s.who.accountId)).toEqual(['a2.pdf', 'b.pdf']);
    });

    it('two uploads at once cannot pass the quota together', async () => {
      const s = await student();
      await answer(s, slideIds[0], 'a.pdf', 900 * KB);
      const both = await Promise.all([answer(s, slideIds[1], 'b.pdf', 700 * KB), answer(s, slideIds[2], 'c.pdf', 700 * KB)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 413]);
      expect(await owned(s.who.accountId)).toHaveLength(2);
    });
  });

  describe("an instructor's storage", () => {
    const form = (name: string, bytes: number) => multipart([{ name: 'file', filename: name, content: Buffer.alloc(bytes, 1) }]);
    const upload = (who: SignedIn, name: string, bytes: number) => {
      const f = form(name, bytes);
      return t.app.inject({ method: 'POST', url: '/api/Instructors/Storage/Upload', headers: { ...who.headers, ...f.headers, 'accept-language': 'en' }, payload: f.payload });
    };
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const tusCreate = (who: SignedIn, headers: Record<string, string>) =>
      fetch(`${serverBase}/api/uploads/tus`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'accept-language': 'en', ...who.headers, ...headers } });

    it('Storage/Upload refuses (413) a file beyond the quota and stores nothing', async () => {
      const teacher = await t.signIn('Instructors');
      expect((await upload(teacher, 'one.txt', 700 * KB)).statusCode).toBe(200);
      const before = await stored('attachment');
      const over = await upload(teacher, 'two.txt', 700 * KB);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({ ErrorCode: 'StorageQuotaExceeded', Title: 'File two.txt does not fit in your storage: 0.31 MB left of 1 MB' });
      expect(await owned(teacher.accountId)).toEqual(['one.txt']);
      expect(await stored('attachment')).toBe(before);
    });

    it('Storage/Upload without a Content-Length stops reading at the quota and stores nothing', async () => {
      const teacher = await t.signIn('Instructors');
      const f = form('streamed.txt', 1100 * KB);
      const body = new ReadableStream({
        start(controller) {
          for (let i = 0; i < f.payload.length; i += 64 * KB) controller.enqueue(new Uint8Array(f.payload.subarray(i, i + 64 * KB)));
          controller.close();
        },
      });
      const res = await fetch(`${serverBase}/api/Instructors/Storage/Upload`, {
        method: 'POST',
        headers: { ...teacher.headers, ...f.headers, 'accept-language': 'en' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ ErrorCode: 'StorageQuotaExceeded', Title: 'File streamed.txt does not fit in your storage: 1 MB left of 1 MB' });
      expect(await owned(teacher.accountId)).toEqual([]);
    });

    it('tus refuses at creation an Upload-Length beyond what is left, and a length not given', async () => {
      const teacher = await t.signIn('Instructors');
      expect((await upload(teacher, 'one.txt', 700 * KB)).statusCode).toBe(200);
      const over = await tusCreate(teacher, { 'upload-length': String(700 * KB), 'upload-metadata': `filename ${b64('lecture.mp4')},kind ${b64('video')}` });
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({ ErrorCode: 'StorageQuotaExceeded', Title: 'File lecture.mp4 does not fit in your storage: 0.31 MB left of 1 MB' });
      const deferred = await tusCreate(teacher, { 'upload-defer-length': '1', 'upload-metadata': `filename ${b64('lecture.mp4')},kind ${b64('video')}` });
      expect(deferred.status).toBe(400);
      expect(await deferred.json()).toMatchObject({ ErrorCode: 'FileUpload.DataError', Title: 'The size of the uploaded file must be known in advance' });
      const fits = await tusCreate(teacher, { 'upload-length': String(100 * KB), 'upload-metadata': `filename ${b64('short.mp4')},kind ${b64('video')}` });
      expect(fits.status).toBe(201);
      expect(await owned(teacher.accountId)).toEqual(['one.txt']);
    });

    it('tus checks again when an upload finishes: two created side by side cannot both be stored', async () => {
      const teacher = await t.signIn('Instructors');
      const create = async (name: string) => {
        const res = await tusCreate(teacher, { 'upload-length': String(600 * KB), 'upload-metadata': `filename ${b64(name)},kind ${b64('video')}` });
        expect(res.status).toBe(201);
        return res.headers.get('location')!;
      };
      const [first, second] = [await create('first.mp4'), await create('second.mp4')];
      const patch = (location: string) =>
        fetch(`${serverBase}${location}`, {
          method: 'PATCH',
          headers: { ...teacher.headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'accept-language': 'en' },
          body: new Uint8Array(600 * KB),
        });
      expect((await patch(first)).status).toBe(200);
      const refused = await patch(second);
      expect(refused.status).toBe(413);
      expect(await refused.json()).toMatchObject({ ErrorCode: 'StorageQuotaExceeded', Title: 'File second.mp4 does not fit in your storage: 0.41 MB left of 1 MB' });
      expect(await owned(teacher.accountId)).toEqual(['first.mp4']);
    });
  });
});
