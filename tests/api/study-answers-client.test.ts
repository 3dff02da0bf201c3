import { beforeAll, describe, expect, it } from 'vitest';
import { freeQuestions, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { multipart } from './support/questions.js';
import { studyHelpers } from './support/study.js';

/**
 * The save answers the player's question forms rely on (src/learner/player/questions):
 * a file answer — uploaded as multipart or re-saved as JSON ids — answers with the stored
 * files, so the form lists them; an upload to a slide that takes several files adds to them.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let student: SignedIn;
let other: SignedIn;
let base: string;
let slideId: number;
let sessionId: number;
let bounded: { integer: number; text: number };

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  const data = await h.course();
  const [s] = await t.db
    .insert(slides)
    .values({ exerciseId: data.exercise.id, sequence: 50, pageType: 2, contentKind: 60, label: 'Файлы', content: { kind: 'file', maxFiles: 2, allowedExtensions: ['pdf', 'txt'], maxFileSizeMb: 1 } })
    .returning();
  slideId = s.id;
  const free = async (inputType: 2 | 3, min: number, max: number, sequence: number) => {
    const [q] = await t.db.insert(freeQuestions).values({ programId: data.program.id, label: 'Границы', inputType, correctValues: [], min, max }).returning();
    const [row] = await t.db.insert(slides).values({ exerciseId: data.exercise.id, sequence, pageType: 2, contentKind: 40, label: 'Границы', content: { kind: 'question' }, freeQuestionId: q.id }).returning();
    return row.id;
  };
  bounded = { integer: await free(3, 1, 10, 51), text: await free(2, 3, 20, 52) };
  base = data.base;
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  await h.enrol(data.course.id, student.accountId);
  await h.enrol(data.course.id, other.accountId);
  sessionId = (await h.call(student, 'POST', `${base}/Pages`, { slideId: 'start' })).json().sessionId;
  await h.call(other, 'POST', `${base}/Pages`, { slideId: 'start' });
});

const upload = (who: SignedIn | null, name: string, sid = sessionId) => {
  const form = multipart([{ name: 'sessionId', value: String(sid) }, { name: 'file', filename: name, content: `content of ${name}` }]);
  return t.app.inject({ method: 'POST', url: `${base}/questions/files/${slideId}/save`, headers: { ...(who?.headers ?? {}), ...form.headers }, payload: form.payload });
};

describe('file answer save answers with the stored files', () => {
  it('needs a signed-in student', async () => {
    expect((await upload(null, 'a.txt')).statusCode).toBe(401);
    const teacher = await t.signIn('Instructors');
    expect((await upload(teacher, 'a.txt')).statusCode).toBe(403);
  });

  it("refuses another student's attempt", async () => {
    const r = await upload(other, 'a.txt', sessionId);
    expect(r.statusCode).toBe(404);
  });

  it('an upload adds the new file to an answer of several files; a JSON save keeps the files in the order sent', async () => {
    const first = await upload(student, 'report.pdf');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ saved: true, slideId, files: [{ name: 'report.pdf', size: 'content of report.pdf'.length }] });
    const second = await upload(student, 'notes.txt');
    const [a, b] = [first.json().files[0].id, second.json().files[1].id];
    expect(second.json().files).toEqual([
      { id: a, name: 'report.pdf', size: 'content of report.pdf'.length },
      { id: b, name: 'notes.txt', size: 'content of notes.txt'.length },
    ]);

    const both = await h.call(student, 'POST', `${base}/questions/files/${slideId}/save`, { sessionId, fileIds: [b, a] });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().files.map((f: { name: string }) => f.name)).toEqual(['notes.txt', 'report.pdf']);
    const page = await h.call(student, 'POST', `${base}/Pages`, { slideId: String(slideId), sessionId });
    expect(page.json().answer.files.map((f: { id: number }) => f.id)).toEqual([b, a]);
  });

  it("cannot claim another student's file", async () => {
    const theirs = (await upload(other, 'x.pdf', (await h.call(other, 'POST', `${base}/Pages`, { slideId: 'start' })).json().sessionId)).json().files[0].id;
    const r = await h.call(student, 'POST', `${base}/questions/files/${slideId}/save`, { sessionId, fileIds: [theirs] });
    expect(r.statusCode).toBe(400);
    expect(r.json().files).toBeUndefined();
  });
});

describe("a free answer keeps to the question's bounds (spec 2 §6)", () => {
  const save = (id: number, value: string, who: SignedIn | null = student) =>
    h.call(who, 'POST', `${base}/questions/free/${id}/save`, { sessionId, value });

  it('needs a signed-in student', async () => {
    expect((await save(bounded.integer, '5', null)).statusCode).toBe(401);
    expect((await save(bounded.integer, '5', await t.signIn('Instructors'))).statusCode).toBe(403);
  });

  it('numbers between min and max', async () => {
    const low = await save(bounded.integer, '0');
    expect(low.statusCode).toBe(400);
    expect(low.json().errors.value).toBe('Введите число больше или равное 1');
    expect((await save(bounded.integer, '11')).json().errors.value).toBe('Введите число меньше или равное 10');
    expect((await save(bounded.integer, '10')).statusCode).toBe(200);
  });

  it('text lengths between min and max', async () => {
    expect((await save(bounded.text, 'ab')).json().errors.value).toBe('Введите данные более 3 символов');
    expect((await save(bounded.text, 'x'.repeat(21))).json().errors.value).toBe('Введите данные менее 20 символов');
    expect((await save(bounded.text, 'abc')).statusCode).toBe(200);
  });
});
