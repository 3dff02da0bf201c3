import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * Generated certificates (issue 30 item 5): the server writes the PDF from its template; its text,
 * read back by pdf.js (the reader react-pdf uses, not the library that wrote it; no system tool),
 * holds the student's Cyrillic name, the course and the hours; the public verification page (by
 * the code in the QR link) says genuine, then revoked.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);

let owner: SignedIn, other: SignedIn, student: SignedIn;
let courseId: number;

/** The text of every page, its runs separated by spaces. */
const pdfText = async (bytes: Buffer) => {
  // pdf.js 6 needs Promise.withResolvers (Node 22); Node 20 runs these tests too
  (Promise as { withResolvers?: unknown }).withResolvers ??= function <T>() {
    let resolve!: (v: T) => void, reject!: (e: unknown) => void;
    const promise = new Promise<T>((ok, no) => ((resolve = ok), (reject = no)));
    return { promise, resolve, reject };
  };
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = getDocument({ data: new Uint8Array(bytes), disableFontFace: true });
  const pdf = await loading.promise;
  const pages = await Promise.all(Array.from({ length: pdf.numPages }, async (_, i) => (await (await pdf.getPage(i + 1)).getTextContent()).items));
  await loading.destroy();
  return pages.flat().map((item) => ('str' in item ? item.str : '')).join(' ');
};
const generate = (who: SignedIn | null, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/Credential/generate', headers: who ? who.headers : {}, payload: body });

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'cg-owner@test.local' });
  other = await t.signIn('Instructors', { email: 'cg-other@test.local' });
  student = await t.signIn('Students', { email: 'cg-s1@test.local', firstName: 'Ёлка', lastName: 'Щукина' });
  const p = await seedProgram('P');
  courseId = (await createCourse(owner, p.program.id, { label: 'Квантовая механика' })).id;
  await t.db.insert(enrolments).values({ courseId, accountId: student.accountId });
});

describe('generated certificates', () => {
  const body = () => ({ trainingId: courseId, studentId: student.accountId, title: 'Сертификат', date: '2026-11-20', hours: 72 });

  it('guards: 401, 403 for students, 404 for another course’s staff, 400 for bad fields, 404 for a stranger', async () => {
    expect((await generate(null, body())).statusCode).toBe(401);
    expect((await generate(student, body())).statusCode).toBe(403);
    expect((await generate(other, body())).statusCode).toBe(404);
    expect((await generate(owner, { ...body(), hours: 0 })).statusCode).toBe(400);
    expect((await generate(owner, { ...body(), date: '2026-02-30' })).statusCode).toBe(400);
    expect((await generate(owner, { ...body(), studentId: other.accountId })).statusCode).toBe(404);
  });

  let verificationUrl: string;
  let id: number;
  it('makes a PDF whose text holds the Cyrillic name, the course, the hours and the verification link', async () => {
    const r = await generate(owner, body());
    expect(r.statusCode, r.body).toBe(201);
    const rec = r.json();
    expect(rec).toMatchObject({ generated: true, hours: 72, revoked: false, title: 'Сертификат' });
    id = rec.id;
    verificationUrl = rec.verificationUrl;
    expect(verificationUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{24}$/);
    const file = await t.app.inject({ method: 'GET', url: rec.file.address, headers: student.headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Щукина Ёлка');
    expect(text).toContain('«Квантовая механика»');
    expect(text).toContain('в объёме 72 академических часов');
    expect(text).toContain('20 ноября 2026');
    expect(text).toContain(verificationUrl);
  });

  it('the public verification page says genuine; after revocation, revoked; an unknown code is 404', async () => {
    const code = verificationUrl.split('/').pop()!;
    const v = await t.app.inject({ method: 'GET', url: `/api/Credential/verify/${code}` });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ genuine: true, revoked: false, studentName: 'Щукина Ёлка', courseLabel: 'Квантовая механика', hours: 72, date: '2026-11-20' });
    expect((await call(other, 'POST', `/api/Credential/${id}/revoke`)).statusCode).toBe(404);
    expect((await call(student, 'POST', `/api/Credential/${id}/revoke`)).statusCode).toBe(403);
    const r = await call(owner, 'POST', `/api/Credential/${id}/revoke`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().revoked).toBe(true);
    const after = (await t.app.inject({ method: 'GET', url: `/api/Credential/verify/${code}` })).json();
    expect(after).toMatchObject({ genuine: true, revoked: true });
    expect(after.revokedAt).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: `/api/Credential/verify/${'x'.repeat(24)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/Credential/verify/%3Cscript%3E' })).statusCode).toBe(404);
  });
});
