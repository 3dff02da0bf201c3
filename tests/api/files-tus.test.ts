import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { setupStore, STORES } from './support/stores.js';

/**
 * tus resumable uploads at /api/uploads/tus over a real loopback socket: create, upload
 * half, drop the connection mid-request, ask the offset (HEAD), resume, then download —
 * into the local disk and into a real S3-compatible server.
 */
describe.each(STORES)('%s store', (kind) => {
  const store = setupStore(kind);
  let t: TestApp;
  let base: string;
  let instructor: SignedIn;
  let other: SignedIn;
  let student: SignedIn;

  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const content = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256));

  beforeAll(async () => {
    t = await createTestApp(store.env());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    instructor = await t.signIn('Instructors', { flags: [] });
    other = await t.signIn('Instructors');
    student = await t.signIn('Students');
  });
  afterAll(async () => {
    await t.app.close();
  });

  const tus = (who: SignedIn | null, extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...(who?.headers ?? {}), ...extra });

  async function create(who: SignedIn | null, length: number, meta: string) {
    return fetch(`${base}/api/uploads/tus`, { method: 'POST', headers: tus(who, { 'upload-length': String(length), 'upload-metadata': meta }) });
  }
  async function patch(who: SignedIn, location: string, offset: number, body: Buffer) {
    return fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: tus(who, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(body),
    });
  }
  async function offsetOf(who: SignedIn, location: string) {
    const res = await fetch(`${base}${location}`, { method: 'HEAD', headers: tus(who) });
    return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
  }

  /** Sends `sent` bytes of a PATCH that announces more, then destroys the socket (a dropped connection). */
  function droppedPatch(who: SignedIn, location: string, offset: number, announced: Buffer, sent: number): Promise<void> {
    return new Promise((resolve) => {
      const req = httpRequest(`${base}${location}`, {
        method: 'PATCH',
        headers: { ...tus(who, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }), 'content-length': String(announced.length) },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(announced.subarray(0, sent), () => setTimeout(() => { req.destroy(); setTimeout(resolve, 300); }, 200));
    });
  }

  describe('tus uploads', () => {
    it('need a session (401) and an instructor (403)', async () => {
      expect((await create(null, 10, `filename ${b64('a.mp4')}`)).status).toBe(401);
      expect((await create(student, 10, `filename ${b64('a.mp4')}`)).status).toBe(403);
    });

    it('resume after a dropped connection and store the whole file', async () => {
      const res = await create(instructor, content.length, `filename ${b64('лекция.mp4')},kind ${b64('video')},filetype ${b64('video/mp4')}`);
      expect(res.status).toBe(201);
      const location = res.headers.get('location')!;
      expect(location).toMatch(/^\/api\/uploads\/tus\/[A-Za-z0-9_-]+$/);

      // first half in one request
      const half = content.length / 2;
      const first = await patch(instructor, location, 0, content.subarray(0, half));
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(half));

      // the connection drops in the middle of the second request
      await droppedPatch(instructor, location, half, content.subarray(half), 30_000);
      const after = await offsetOf(instructor, location);
      expect(after.status).toBe(200);
      expect(after.offset).toBeGreaterThanOrEqual(half);
      expect(after.offset).toBeLessThan(content.length);

      // another user cannot see or continue it
      expect((await offsetOf(other, location)).status).toBe(404);

      // resume from the offset the server reports
      const last = await patch(instructor, location, after.offset, content.subarray(after.offset));
      expect(last.status).toBe(200);
      const stored = await last.json();
      expect(stored).toMatchObject({ name: 'лекция.mp4', size: content.length, mime: 'video/mp4' });
      expect(last.headers.get('elp-file-id')).toBe(String(stored.id));
      const [row] = await t.db.select().from(files).where(eq(files.id, stored.id));
      expect(await store.keys(row.storageKey.split('/')[0])).toContain(row.storageKey);

      const download = await fetch(`${base}${stored.address}`, { headers: instructor.headers });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
      const ranged = await fetch(`${base}${stored.address}`, { headers: { ...instructor.headers, range: 'bytes=100000-100009' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(content.subarray(100000, 100010))).toBe(true);
    });

    it('refuses a wrong type and an oversize upload at creation with the spec’s codes', async () => {
      const wrong = await fetch(`${base}/api/uploads/tus`, {
        method: 'POST',
        headers: tus(instructor, { 'upload-length': '10', 'upload-metadata': `filename ${b64('x.exe')},kind ${b64('video')}`, 'accept-language': 'en' }),
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ ErrorCode: 'FileUpload.DataError', Title: 'Allowed file types: mp4, webm, ogv, mov, m4v' });

      const big = await fetch(`${base}/api/uploads/tus`, {
        method: 'POST',
        headers: tus(instructor, { 'upload-length': String(3 * 1024 ** 3), 'upload-metadata': `filename ${b64('huge.mp4')},kind ${b64('video')}`, 'accept-language': 'en' }),
      });
      expect(big.status).toBe(400);
      expect(await big.json()).toMatchObject({ ErrorCode: 'FileSizeLimitExceeded.Error', Title: 'File huge.mp4 is too large. Maximum size: 2048MB' });
    });

    it('refuses an upload without a file name, and pictures (they go through Picture/Upload)', async () => {
      const res = await create(instructor, 10, `kind ${b64('video')}`);
      expect(res.status).toBe(400);
      const picture = await create(instructor, 10, `filename ${b64('x.png')},kind ${b64('picture')}`);
      expect(picture.status).toBe(400);
    });
  });
});
