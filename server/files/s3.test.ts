import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { S3Storage } from './s3.js';

/** The S3 driver's calls, against a fake client (no network in tests). */
function fake() {
  const sent: { name: string; input: Record<string, unknown> }[] = [];
  const objects = new Map<string, Buffer>();
  const client = {
    async send(command: unknown) {
      const c = command as { constructor: { name: string }; input: Record<string, unknown> };
      sent.push({ name: c.constructor.name, input: c.input });
      const key = c.input.Key as string;
      switch (c.constructor.name) {
        case 'PutObjectCommand': {
          const body = c.input.Body;
          const chunks: Buffer[] = [];
          if (body instanceof Readable) for await (const ch of body) chunks.push(Buffer.from(ch));
          else chunks.push(Buffer.from(body as Uint8Array));
          objects.set(key, Buffer.concat(chunks));
          return {};
        }
        case 'GetObjectCommand': {
          const data = objects.get(key)!;
          const m = /bytes=(\d+)-(\d+)/.exec((c.input.Range as string) ?? '');
          return { Body: Readable.from([m ? data.subarray(Number(m[1]), Number(m[2]) + 1) : data]) };
        }
        case 'HeadObjectCommand':
          if (!objects.has(key)) throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
          return { ContentLength: objects.get(key)!.length };
        case 'DeleteObjectCommand':
          objects.delete(key);
          return {};
      }
      throw new Error('unexpected');
    },
  };
  return { client, sent, objects };
}

describe('S3Storage', () => {
  const opts = { endpoint: 'http://127.0.0.1:9', bucket: 'elp', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', scratchDir: mkdtempSync(join(tmpdir(), 'elp-s3-')) };

  it('puts a stream with its length, reads a range, stats and deletes', async () => {
    const { client, sent } = fake();
    const s3 = new S3Storage(opts, client);
    const data = Buffer.from('0123456789abcdef');
    expect(await s3.put('video/2025/01/x', Readable.from([data]), { contentType: 'video/mp4' })).toEqual({ size: 16 });
    expect(sent[0]).toMatchObject({ name: 'PutObjectCommand', input: { Bucket: 'elp', Key: 'video/2025/01/x', ContentLength: 16, ContentType: 'video/mp4' } });
    const chunks: Buffer[] = [];
    for await (const ch of await s3.get('video/2025/01/x', { start: 2, end: 5 })) chunks.push(Buffer.from(ch));
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect(sent[1].input.Range).toBe('bytes=2-5');
    expect(await s3.stat('video/2025/01/x')).toEqual({ size: 16 });
    await s3.delete('video/2025/01/x');
    expect(await s3.stat('video/2025/01/x')).toBeNull();
  });

  it('refuses keys that leave their folder', async () => {
    const s3 = new S3Storage(opts, fake().client);
    await expect(s3.stat('../etc/passwd')).rejects.toThrow(/bad storage key/);
  });
});
