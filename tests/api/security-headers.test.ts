import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.js';

/**
 * Security headers in two sets (server/http/securityHeaders.ts): pages, files and everything not
 * declared get all of helmet's; a declared call's JSON answer gets those that mean something for
 * data, with a stricter CSP (issue 15 item 4: fourteen headers were a light call's largest cost).
 */
const client = mkdtempSync(join(tmpdir(), 'elp-client-'));
writeFileSync(join(client, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
// a call that answers through reply.send and sends a page with one framing rule of its own
const ownRule: FastifyPluginAsync = async (app) => {
  app.get('/test-own-framing', { config: { headersAtSend: true } }, async (_request, reply) =>
    reply.header('x-frame-options', 'DENY').type('text/html; charset=utf-8').send('<p>framed nowhere</p>'),
  );
};
const t = await createTestApp({ API_DOCS: 'public' }, { clientDir: client, plugins: [ownRule] });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const FOR_DATA = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};
const DOCUMENT_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

function expectPageSet(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy']);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  for (const name of DOCUMENT_ONLY) expect(headers[name], `${what}: ${name}`).toBeDefined();
}

describe('security headers', () => {
  it('a declared call answering JSON: the data set, with a CSP that allows nothing', async () => {
    const student = await t.signIn('Students');
    for (const res of [await get('/api/account/current-state', student.headers), await get('/api/account/current-state')]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      for (const [name, value] of Object.entries(FOR_DATA)) expect(res.headers[name], name).toBe(value);
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeUndefined();
    }
    // a refusal of a declared call is JSON too
    const refused = await get('/api/Instructors/Templates/GetLoadQuestionsTemplate', student.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-security-policy']).toBe(FOR_DATA['content-security-policy']);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a declared call sending a file gets the full set', async () => {
    const instructor = await t.signIn('Instructors');
    const res = await get('/api/Instructors/Templates/GetLoadQuestionsTemplate', instructor.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expectPageSet(res.headers, 'file');
  });

  it('a call sending a page gets the full set, but a header it set itself wins', async () => {
    const res = await get('/test-own-framing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeDefined();
  });

  it('pages, the API documentation and unknown paths get the full set', async () => {
    expectPageSet((await get('/my-courses')).headers, 'app page');
    expectPageSet((await get('/api/docs/json')).headers, 'API document');
    const unknown = await get('/api/no/such/route');
    expect(unknown.statusCode).toBe(404);
    expectPageSet(unknown.headers, 'unknown path');
  });
});
