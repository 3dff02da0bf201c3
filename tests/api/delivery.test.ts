import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { createTestApp } from './support/app.js';

/**
 * Issue 15 item 1 (delivery): the built client's scripts go out precompressed by content
 * negotiation with a year's immutable caching (content-hashed names), index.html revalidated;
 * JSON answers above the threshold are compressed, small ones are not. (Stored files'
 * validators and ranges: files.test.ts.)
 */
const client = mkdtempSync(join(tmpdir(), 'elp-client-'));
mkdirSync(join(client, 'assets'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово-${i}`))};\n`;
writeFileSync(join(client, 'assets', 'index-Abc123.js'), script);
const inline = "(function(){document.documentElement.dataset.early='1'})()";
writeFileSync(join(client, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/index-Abc123.js"></script><script>${inline}</script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`);
precompress(client);

const t = await createTestApp({ API_DOCS: 'public' }, { clientDir: client });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the built client', () => {
  it('sends a hashed script as brotli or gzip by Accept-Encoding, cached for a year', async () => {
    const br = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);

    const gz = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('revalidates index.html, for its own path and for a client route', async () => {
    for (const url of ['/index.html', '/my-courses']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(readFileSync(join(client, 'index.html'), 'utf8'));
    }
  });
});

describe('the inline script of index.html (the language preload)', () => {
  it('is allowed by the CSP by its hash, and no other inline script is', async () => {
    const res = await get('/my-courses');
    const scriptSrc = String(res.headers['content-security-policy']).split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});

describe('JSON answers', () => {
  it('are compressed above the threshold and sent as they are below it', async () => {
    const big = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);

    const brotli = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');

    const small = await get('/api/account/current-state', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ role: 'Guest' });
  });
});
