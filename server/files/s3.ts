import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, type ByteRange, type PutOptions, type Storage, type StoredObjectStat } from './storage.js';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** local folder where a stream of unknown length is buffered before PutObject */
  scratchDir: string;
}

/** Minimal surface of S3Client used here (tests pass a fake). */
export interface S3Sender {
  send(command: unknown): Promise<unknown>;
}

/**
 * S3-compatible object storage (AWS, MinIO, Yandex Object Storage, Ceph ...), path-style
 * addressing. Objects up to 5 GB (one PutObject); uploads are capped at 2048 MB anyway.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Sender;

  constructor(
    readonly options: S3Options,
    client?: S3Sender,
  ) {
    this.client =
      client ??
      new S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: true,
        // No checksums unless an operation requires one: by default the SDK sends a stream as
        // aws-chunked with a CRC trailer, which S3-compatible servers that do not know that
        // encoding (s3rver, older MinIO and Ceph) store verbatim, framing and all.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      });
  }

  async put(key: string, body: Readable | Buffer | Uint8Array, options: PutOptions = {}): Promise<{ size: number }> {
    assertKey(key);
    if (!(body instanceof Readable)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentLength: body.byteLength, ContentType: options.contentType }),
      );
      return { size: body.byteLength };
    }
    // A stream of unknown length is buffered on local disk first: PutObject needs the length.
    await mkdir(this.options.scratchDir, { recursive: true });
    const tmp = join(this.options.scratchDir, randomUUID());
    try {
      await pipeline(body, createWriteStream(tmp));
      return await this.putFile(key, tmp, options);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async putFile(key: string, localPath: string, options: PutOptions = {}): Promise<{ size: number }> {
    assertKey(key);
    const { size } = await stat(localPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: options.contentType,
      }),
    );
    await rm(localPath, { force: true });
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    const out = (await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    )) as { Body?: unknown; ContentRange?: string };
    const body = toReadable(out.Body, key);
    if (!range) return body;
    // Exactly the bytes asked for, whatever the server sent: some S3-compatible servers answer
    // `bytes=0-0` with the whole object, or ignore Range; more bytes than the Content-Length
    // promised to our caller would break the HTTP answer.
    const sentFrom = Number(/^bytes (\d+)-/.exec(out.ContentRange ?? '')?.[1] ?? 0);
    if (sentFrom > range.start) {
      body.destroy();
      throw new Error(`S3 object ${key}: asked from byte ${range.start}, got ${out.ContentRange}`);
    }
    return Readable.from(slice(body, range.start - sentFrom, range.end - range.start + 1));
  }

  async stat(key: string): Promise<StoredObjectStat | null> {
    assertKey(key);
    try {
      const out = (await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }))) as { ContentLength?: number; LastModified?: Date };
      return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified };
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number }; name?: string }).$metadata?.httpStatusCode;
      if (status === 404 || (e as { name?: string }).name === 'NotFound') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}

function toReadable(body: unknown, key: string): Readable {
  if (body instanceof Readable) return body;
  if (body && typeof (body as { transformToWebStream?: unknown }).transformToWebStream === 'function') {
    return Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
  }
  throw new Error(`S3 object ${key} has no body`);
}

/** `take` bytes after the first `skip` of a stream; leaving the loop early destroys the source. */
async function* slice(source: Readable, skip: number, take: number): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    let c = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    if (skip >= c.length) {
      skip -= c.length;
      continue;
    }
    c = c.subarray(skip);
    skip = 0;
    if (c.length >= take) {
      yield c.subarray(0, take);
      return;
    }
    take -= c.length;
    yield c;
  }
}
