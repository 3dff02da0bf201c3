import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/index.js';
import { AVATAR_MAX_BYTES } from '../../shared/files.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { multipartBody, TINY_JPEG, TINY_PNG } from './support/multipart.js';
import { setupStore, STORES } from './support/stores.js';

/**
 * server/files: form uploads, pictures, downloads with Range, access — on the local disk and on
 * a real S3-compatible server (tus: files-tus.test.ts).
 */
describe.each(STORES)('%s store', (kind) => {
  const store = setupStore(kind);
  let t: TestApp;
  let instructor: SignedIn;
  let teacher: SignedIn;
  let other: SignedIn;
  let student: SignedIn;
  let root: SignedIn;

  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  async function upload(who: SignedIn | null, file: Parameters<typeof multipartBody>[0], url = '/api/Instructors/Storage/Upload', lang = 'en') {
    const body = multipartBody(file);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(who?.headers ?? {}), 'accept-language': lang } });
  }

  beforeAll(async () => {
    t = await createTestApp(store.env());
    instructor = await t.signIn('Instructors');
    teacher = await t.signIn('Instructors', { flags: [] });
    other = await t.signIn('Instructors');
    student = await t.signIn('Students');
    root = await t.signIn('Root');
  });

  describe('POST /api/Instructors/Storage/Upload', () => {
    it('needs a session (401) and refuses a student (403)', async () => {
      expect((await upload(null, { name: 'a.pdf', data: bytes })).statusCode).toBe(401);
      expect((await upload(student, { name: 'a.pdf', data: bytes })).statusCode).toBe(403);
    });

    it('stores a file for any instructor and answers its id and address', async () => {
      const res = await upload(teacher, { name: 'notes.pdf', type: 'application/pdf', data: bytes });
      expect(res.statusCode).toBe(200);
      const f = res.json();
      expect(f).toMatchObject({ name: 'notes.pdf', mime: 'application/pdf', size: 1000, address: `/api/files/${f.id}` });
      // the bytes are in this store, not somewhere else
      const [row] = await t.db.select().from(files).where(eq(files.id, f.id));
      expect(await store.keys(row.storageKey.split('/')[0])).toContain(row.storageKey);
    });

    it('refuses a type outside the kind’s allow-list with the spec’s message (ru and en)', async () => {
      const en = await upload(instructor, { name: 'virus.exe', data: bytes }, '/api/Instructors/Storage/Upload?kind=pdf');
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({ ErrorCode: 'FileUpload.DataError', Title: 'Allowed file types: pdf' });
      const ru = await upload(instructor, { name: 'virus.exe', data: bytes }, '/api/Instructors/Storage/Upload?kind=pdf', 'ru');
      expect(ru.json().Title).toBe('Допустимые типы файлов: pdf');
    });

    it('refuses a request without a file', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/Instructors/Storage/Upload', headers: instructor.headers, payload: { x: 1 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().ErrorCode).toBe('FileUpload.DataError');
    });
  });

  describe('POST /api/Instructors/Storage/Picture/Upload', () => {
    const url = '/api/Instructors/Storage/Picture/Upload';

    it('stores a PNG and a JPEG, answering a public address', async () => {
      const png = await upload(instructor, { name: 'pic.png', type: 'image/png', data: TINY_PNG }, url);
      expect(png.statusCode).toBe(200);
      expect(png.json().address).toBe(`/api/pictures/${png.json().id}`);
      const jpg = await upload(instructor, { name: 'photo.JPG', type: 'image/jpeg', data: TINY_JPEG }, url);
      expect(jpg.statusCode).toBe(200);
      const pub = await t.app.inject({ method: 'GET', url: png.json().address });
      expect(pub.statusCode).toBe(200);
      expect(pub.headers['content-type']).toBe('image/png');
      expect(pub.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('refuses a PNG renamed .jpg (magic bytes), a text file named .png and a GIF', async () => {
      for (const file of [
        { name: 'renamed.jpg', type: 'image/jpeg', data: TINY_PNG },
        { name: 'fake.png', type: 'image/png', data: 'not a picture at all' },
        { name: 'anim.gif', type: 'image/gif', data: Buffer.from('GIF89a....') },
      ]) {
        const res = await upload(instructor, file, url, 'ru');
        expect(res.statusCode, file.name).toBe(400);
        expect(res.json(), file.name).toMatchObject({ ErrorCode: 'FileUpload.DataError', Title: 'Не удалось загрузить изображение' });
      }
    });

    it('refuses a picture of 10 MB or more (FileSizeLimitExceeded.Error)', async () => {
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
      const res = await upload(instructor, { name: 'big.png', type: 'image/png', data: big }, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'FileSizeLimitExceeded.Error', Description: 'File big.png is too large. Maximum size: 10MB' });
    });

    it('a picture id is not served as another kind of file through /api/pictures', async () => {
      const f = (await upload(instructor, { name: 'doc.pdf', data: bytes })).json();
      expect((await t.app.inject({ method: 'GET', url: `/api/pictures/${f.id}` })).statusCode).toBe(404);
    });
  });

  describe('GET /api/files/{id}', () => {
    let id: number;
    beforeAll(async () => {
      id = (await upload(instructor, { name: 'clip.mp4', type: 'video/mp4', data: bytes }, '/api/Instructors/Storage/Upload?kind=video')).json().id;
    });
    const get = (who: SignedIn | null, headers: Record<string, string> = {}, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/files/${id}${query}`, headers: { ...(who?.headers ?? {}), ...headers } });

    it('needs a session', async () => {
      expect((await get(null)).statusCode).toBe(401);
    });

    it('answers the whole file inline, with Accept-Ranges and Content-Disposition', async () => {
      const res = await get(instructor);
      expect(res.statusCode).toBe(200);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="clip.mp4"/);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      const dl = await get(instructor, {}, '?download=1');
      expect(dl.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('answers a range with 206 and exactly those bytes', async () => {
      const mid = await get(instructor, { range: 'bytes=100-199' });
      expect(mid.statusCode).toBe(206);
      expect(mid.headers['content-range']).toBe('bytes 100-199/1000');
      expect(mid.headers['content-length']).toBe('100');
      expect(mid.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
      const open = await get(instructor, { range: 'bytes=990-' });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(bytes.subarray(990))).toBe(true);
      // one byte, as media players probe (a server may answer it with the whole object)
      const one = await get(instructor, { range: 'bytes=0-0' });
      expect(one.statusCode).toBe(206);
      expect(one.headers['content-range']).toBe('bytes 0-0/1000');
      expect(one.rawPayload.equals(bytes.subarray(0, 1))).toBe(true);
      const suffix = await get(instructor, { range: 'bytes=-5' });
      expect(suffix.headers['content-range']).toBe('bytes 995-999/1000');
      expect(suffix.rawPayload.equals(bytes.subarray(995))).toBe(true);
    });

    it('sends validators and answers 304 to a copy that is still fresh (If-None-Match, If-Modified-Since)', async () => {
      const first = await get(instructor);
      const etag = String(first.headers.etag);
      const modified = String(first.headers['last-modified']);
      expect(etag).toMatch(/^"f\d+-1000"$/);
      expect(new Date(modified).getTime()).not.toBeNaN();
      const again = await get(instructor, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await get(instructor, { 'if-modified-since': modified })).statusCode).toBe(304);
      expect((await get(instructor, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
      // a range asked "if still this copy": another copy gets the whole file
      const stale = await get(instructor, { range: 'bytes=0-9', 'if-range': '"an-old-copy"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(bytes)).toBe(true);
      expect((await get(instructor, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
      // the validators never let a caller past the access check
      expect((await get(other, { 'if-none-match': etag })).statusCode).toBe(404);
    });

    it('answers 416 for a range outside the file', async () => {
      const res = await get(instructor, { range: 'bytes=5000-6000' });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
    });

    it('is not open: another instructor and a student get 404, Root gets it', async () => {
      expect((await get(other)).statusCode).toBe(404);
      expect((await get(student)).statusCode).toBe(404);
      expect((await get(root)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/files/999999', headers: root.headers })).statusCode).toBe(404);
    });

    it('serves HTML-like uploads as an attachment, never inline', async () => {
      const f = (await upload(instructor, { name: 'page.html', type: 'text/html', data: '<script>alert(1)</script>' })).json();
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${f.id}`, headers: instructor.headers });
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    });
  });
});
