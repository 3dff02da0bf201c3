import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answers, attributes, attributeValues, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * The spec's two short question calls (issue 28, spec 3 §7.2 and §7.4):
 * `POST /api/questions/{id}/fields` saves an attributes question's fields to the profile (no
 * attempt), `POST /api/questions/code/{questionId}/save` saves a code answer into the caller's
 * attempt named by `sessionId` (the attempt gives the course and exercise).
 */
const t = await createTestApp();
const h = studyHelpers(t);
let data: Awaited<ReturnType<typeof h.course>>;
let student: SignedIn;
let other: SignedIn;
let sessionId: number;
let yearId: number;
let nameId: number;

const profileAnswer = (who: SignedIn, attributeId: number) =>
  t.db
    .select()
    .from(attributeValues)
    .where(and(eq(attributeValues.accountId, who.accountId), eq(attributeValues.attributeId, attributeId), isNull(attributeValues.trainingId)))
    .then((r) => r[0]);

beforeAll(async () => {
  data = await h.course();
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  const rows = await t.db
    .insert(attributes)
    .values([
      { type: 3, label: 'Год поступления', name: 'admission-year' },
      { type: 1, label: 'Кличка', name: 'nick', regex: '[a-z]+' },
    ])
    .returning();
  [yearId, nameId] = rows.map((r) => r.id);
  await t.db.update(slides).set({ content: { kind: 'attributes', attributeIds: [yearId, nameId] } }).where(eq(slides.id, data.attributesSlide.id));
  const r = await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' });
  expect(r.statusCode, r.body).toBe(200);
  sessionId = r.json().sessionId;
});

describe('POST /api/questions/{id}/fields', () => {
  const url = () => `/api/questions/${data.attributesSlide.id}/fields`;

  it('saves the question’s fields to the student’s profile', async () => {
    const res = await h.call(student, 'POST', url(), { values: { [yearId]: 2024, [nameId]: 'tom' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().saved).toEqual(expect.arrayContaining([yearId, nameId]));
    expect((await profileAnswer(student, nameId))?.value).toBe('tom');
  });

  it('401 guest, 403 instructor, 404 not enrolled / not an attributes question / bad id, 400 for a field not asked or a refused value (nothing saved)', async () => {
    expect((await h.call(null, 'POST', url(), { values: {} })).statusCode).toBe(401);
    expect((await h.call(await t.signIn('Instructors'), 'POST', url(), { values: {} })).statusCode).toBe(403);
    expect((await h.call(other, 'POST', url(), { values: { [nameId]: 'bob' } })).statusCode).toBe(404);
    expect((await h.call(student, 'POST', `/api/questions/${data.content.id}/fields`, { values: {} })).statusCode).toBe(404);
    expect((await h.call(student, 'POST', '/api/questions/abc/fields', { values: {} })).statusCode).toBe(404);
    const notAsked = await h.call(student, 'POST', url(), { values: { 999999: 'x' } });
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json()).toMatchObject({ ErrorCode: 'ValidationError', Title: expect.any(String) });
    const refused = await h.call(student, 'POST', url(), { values: { [nameId]: 'ABC1', [yearId]: 2025 } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toContain(`values.${nameId}`);
    expect((await profileAnswer(student, nameId))?.value).toBe('tom');
    expect((await h.call(student, 'POST', url(), { values: 'x' })).statusCode).toBe(400);
  });
});

describe('POST /api/questions/code/{questionId}/save', () => {
  const url = (slideId = data.code.id) => `/api/questions/code/${slideId}/save`;

  it('saves into the caller’s attempt, as the exercise’s own save does', async () => {
    const res = await h.call(student, 'POST', url(), { sessionId, code: 'print(int(input())*2)' });
    if (res.statusCode === 503) return; // no sandbox on this machine: the runner fails closed
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sessionId, slideId: data.code.id, saved: true });
    const [row] = await t.db.select().from(answers).where(and(eq(answers.attemptId, sessionId), eq(answers.slideId, data.code.id)));
    expect(row).toMatchObject({ correctness: 1 });
  });

  it('401 guest, 403 instructor, 404 for another student’s or no attempt or another slide, 400 to a bad body', async () => {
    expect((await h.call(null, 'POST', url(), { sessionId, code: 'x' })).statusCode).toBe(401);
    expect((await h.call(await t.signIn('Instructors'), 'POST', url(), { sessionId, code: 'x' })).statusCode).toBe(403);
    expect((await h.call(other, 'POST', url(), { sessionId, code: 'print(1)' })).statusCode).toBe(404);
    expect((await h.call(student, 'POST', url(), { code: 'print(1)' })).statusCode).toBe(404);
    expect((await h.call(student, 'POST', url(data.radio.id), { sessionId, code: 'print(1)' })).statusCode).toBe(404);
    const bad = await h.call(student, 'POST', url(), { sessionId, code: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String) });
  });
});
