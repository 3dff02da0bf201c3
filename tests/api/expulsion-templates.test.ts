import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expulsionTemplates } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';

/**
 * Expulsion-application templates (/resources/templates) are a plain resource: their routes come
 * from the declaration (shared/resources/expulsionTemplates.ts) and one line of
 * server/resources/plain.ts. Guarded by the /resources rule (TrainingSettings), validated, listed
 * in OpenAPI.
 */
const t = await createTestApp({ API_DOCS: 'public' });
const base = '/api/instructors/expulsion-templates';
const call = (who: { headers: Record<string, string> } | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), 'accept-language': 'ru' }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('expulsion-application templates', () => {
  it('an instructor with the resources flag creates, lists, searches, edits and deletes; the author is the caller', async () => {
    const author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
    const created = await call(author, 'POST', base, { label: 'По собственному желанию', body: 'Прошу отчислить меня с курса', createdBy: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json() as { id: number; label: string; body: string; createdAt: string };
    expect(template).toMatchObject({ label: 'По собственному желанию', body: 'Прошу отчислить меня с курса' });
    const [row] = await t.db.select().from(expulsionTemplates).where(eq(expulsionTemplates.id, template.id));
    expect(row.createdBy).toBe(author.accountId);

    await call(author, 'POST', base, { label: 'Перевод' });
    const found = await call(author, 'GET', `${base}?filter=${encodeURIComponent(JSON.stringify({ q: 'желанию' }))}&range=[0,9]`);
    expect(found.json().map((r: { label: string }) => r.label)).toEqual(['По собственному желанию']);

    const edited = await call(author, 'PUT', `${base}/${template.id}`, { label: 'Новое название', body: null });
    expect(edited.json()).toMatchObject({ label: 'Новое название', body: null });
    const empty = await call(author, 'PUT', `${base}/${template.id}`, { label: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.label).toBe('Обязательное поле');
    expect((await call(author, 'DELETE', `${base}/${template.id}`)).statusCode).toBe(200);
    expect((await call(author, 'GET', `${base}/${template.id}`)).statusCode).toBe(404);
  });

  it('is refused to a guest (401), a student and an instructor without the flag (403), and changes nothing', async () => {
    const student = await t.signIn('Students');
    const noFlag = await t.signIn('Instructors', { flags: [] });
    expect((await call(null, 'GET', base)).statusCode).toBe(401);
    expect((await call(student, 'GET', base)).statusCode).toBe(403);
    expect((await call(noFlag, 'POST', base, { label: 'x' })).statusCode).toBe(403);
    expect(await t.db.select().from(expulsionTemplates).where(eq(expulsionTemplates.label, 'x'))).toEqual([]);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await call(null, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths[base] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths[`${base}/{id}`] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
  });
});
