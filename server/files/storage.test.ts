import { mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type RunningS3 } from '../../tests/api/support/s3.js';
import { STORES } from '../../tests/api/support/stores.js';
import { S3Storage } from './s3.js';
import { DiskStorage, type Storage } from './storage.js';

/** The Storage contract, on the local disk and on a real S3-compatible server (s3rver on loopback). */
describe.each(STORES)('%s storage', (kind) => {
  const scratch = mkdtempSync(join(tmpdir(), `elp-storage-${kind}-`));
  let s3: RunningS3 | undefined;
  let storage: Storage;
  beforeAll(async () => {
    if (kind === 'disk') {
      storage = new DiskStorage(join(scratch, 'files'));
      return;
    }
    s3 = await startS3();
    const e = s3.env;
    storage = new S3Storage({ endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, scratchDir: join(scratch, 'buffer') });
  });
  afterAll(async () => {
    await s3?.stop();
  });

  const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 13) % 256));
  const read = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const ch of stream) chunks.push(Buffer.from(ch));
    return Buffer.concat(chunks);
  };

  it('stores a stream of unknown length byte for byte (not in a transfer encoding)', async () => {
    const chunks = [data.subarray(0, 30_000), data.subarray(30_000)];
    expect(await storage.put('video/stream', Readable.from(chunks), { contentType: 'video/mp4' })).toEqual({ size: data.length });
    expect((await read(await storage.get('video/stream'))).equals(data)).toBe(true);
    expect((await storage.stat('video/stream'))?.size).toBe(data.length);
  });

  it('stores a buffer and a finished local file (which is gone afterwards)', async () => {
    expect(await storage.put('attachment/buffer', data)).toEqual({ size: data.length });
    const local = join(scratch, 'finished.bin');
    writeFileSync(local, data);
    expect(await storage.putFile('attachment/local', local)).toEqual({ size: data.length });
    expect(existsSync(local)).toBe(false);
    expect((await read(await storage.get('attachment/local'))).equals(data)).toBe(true);
  });

  it('reads exactly an inclusive range: the first byte alone (s3rver sends the whole object), the middle, the last byte', async () => {
    await storage.put('video/ranges', data);
    for (const [start, end] of [[0, 0], [1000, 1999], [data.length - 1, data.length - 1], [65_530, data.length - 1]]) {
      expect((await read(await storage.get('video/ranges', { start, end }))).equals(data.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('stats size and last change; none for a missing key', async () => {
    const before = Date.now() - 2000; // S3 keeps whole seconds
    await storage.put('picture/stat', data.subarray(0, 123));
    const stat = await storage.stat('picture/stat');
    expect(stat?.size).toBe(123);
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
    expect(stat!.modifiedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(stat!.modifiedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await storage.stat('picture/none')).toBeNull();
  });

  it('deletes, and deleting again is no error', async () => {
    await storage.put('answer/gone', data.subarray(0, 10));
    await storage.delete('answer/gone');
    expect(await storage.stat('answer/gone')).toBeNull();
    await expect(storage.delete('answer/gone')).resolves.toBeUndefined();
    await expect(storage.get('answer/gone')).rejects.toThrow();
  });

  it('refuses keys that leave their folder', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b']) await expect(storage.stat(key), key).rejects.toThrow(/bad storage key/);
  });
});
