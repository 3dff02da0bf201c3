/** A multipart/form-data body with one file part (and optional text fields), for app.inject. */
export function multipartBody(
  file: { field?: string; name: string; type?: string; data: Buffer | Uint8Array | string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  // a fixed length, as browsers' boundaries: the idempotency fingerprint of a multipart body is its length
  const boundary = `----elp${Math.random().toString(16).slice(2, 14).padEnd(12, '0')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  parts.push(typeof file.data === 'string' ? Buffer.from(file.data) : Buffer.from(file.data));
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
/** A JPEG's first bytes (enough for the magic-byte check). */
export const TINY_JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64), Buffer.from('ffd9', 'hex')]);
