import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { makeProgram, makeSlide, multipart, personas, type Part, type Personas } from './support/questions.js';

/** Code questions (spec 3 §7.8): multipart create with files, edit, files, drop, execAllTextCases in the sandbox. */
const t = await createTestApp();
let who: Personas;
let ctx: Awaited<ReturnType<typeof makeProgram>>;

const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';

function form(extra: Part[] = [], base: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    label: 'Сумма двух чисел',
    text: '<p>Выведите сумму</p>',
    code: SUM,
    CourseId: String(ctx.program.id),
    'testCases[0].inputValues': '1 2',
    'testCases[0].outputValue': '3',
    'testCases[0].sequence': '1',
    'testCases[1][inputValues]': '10 20',
    'testCases[1][outputValue]': '30',
    'testCases[1][sequence]': '2',
    ...base,
  };
  return [...Object.entries(fields).map(([name, value]) => ({ name, value })), ...extra];
}

async function create(parts: Part[], p = who.instructor) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/questions/code/Create', headers: { ...p.headers, ...body.headers }, payload: body.payload });
}

async function edit(id: number, parts: Part[], p = who.instructor) {
  const body = multipart(parts);
  return t.app.inject({ method: 'PUT', url: `/api/questions/code/${id}/Edit`, headers: { ...p.headers, ...body.headers }, payload: body.payload });
}

const exec = (payload: unknown, p = who.instructor) =>
  t.app.inject({ method: 'POST', url: '/api/questions/code/execAllTextCases', headers: p.headers, payload: payload as object });

beforeAll(async () => {
  who = await personas(t);
  ctx = await makeProgram(t.db);
});

describe('access', () => {
  const calls = [
    { method: 'POST', url: '/api/questions/code/list' },
    { method: 'POST', url: '/api/questions/code/Create' },
    { method: 'GET', url: '/api/questions/code/1/edit' },
    { method: 'PUT', url: '/api/questions/code/1/Edit' },
    { method: 'DELETE', url: '/api/Questions/code/1/Drop' },
    { method: 'POST', url: '/api/questions/code/execAllTextCases' },
    { method: 'GET', url: '/api/questions/1/code/getAllFiles' },
    { method: 'DELETE', url: '/api/questions/1/code/dropFile/1' },
  ] as const;

  it.each(calls)('$method $url: 401 without a session, 403 for a student, a flagless and an OnlyEditSettings instructor', async (c) => {
    const payload = c.method === 'GET' || c.method === 'DELETE' ? undefined : { code: 'print(1)', testCases: [{ outputValue: '1' }] };
    expect((await t.app.inject({ method: c.method, url: c.url, payload })).statusCode).toBe(401);
    for (const p of [who.student, who.teacher, who.editor]) {
      expect((await t.app.inject({ method: c.method, url: c.url, headers: p.headers, payload })).statusCode).toBe(403);
    }
  });
});

describe('create, edit, files, drop', () => {
  it('creates from the multipart form with files and indexed test cases', async () => {
    const res = await create(form([{ name: 'Files', filename: 'data.txt', content: 'hello', type: 'text/plain' }]));
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({ label: 'Сумма двух чисел', code: SUM, courseId: ctx.program.id, language: 'python' });
    expect(q.testCases.map((c: { inputValues: string; outputValue: string; sequence: number }) => [c.sequence, c.inputValues, c.outputValue])).toEqual([
      [1, '1 2', '3'],
      [2, '10 20', '30'],
    ]);
    expect(q.files).toEqual([expect.objectContaining({ name: 'data.txt', size: 5 })]);
    expect((await t.app.inject({ method: 'GET', url: `/api/questions/code/${q.id}/edit`, headers: who.instructor.headers })).json()).toEqual(q);
    const all = await t.app.inject({ method: 'GET', url: `/api/questions/${q.id}/code/getAllFiles`, headers: who.instructor.headers });
    expect(all.json()).toEqual(q.files);
    // the file can be downloaded by an instructor who sees the question
    const download = await t.app.inject({ method: 'GET', url: `/api/files/${q.files[0].id}`, headers: who.trainer.headers });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello');
  });

  it('accepts test cases as one JSON field and a JSON body', async () => {
    const viaJson = await create([
      { name: 'label', value: 'JSON в поле' },
      { name: 'CourseId', value: String(ctx.program.id) },
      { name: 'testCases', value: JSON.stringify([{ inputValues: '2 2', outputValue: '4' }]) },
    ]);
    expect(viaJson.statusCode).toBe(201);
    expect(viaJson.json().testCases.map((c: { inputValues: string }) => c.inputValues)).toContain('2 2');
    const body = await t.app.inject({
      method: 'POST', url: '/api/questions/code/Create', headers: who.instructor.headers,
      payload: { label: 'JSON', code: 'print(1)', CourseId: null, testCases: [{ inputValues: '', outputValue: '1' }] },
    });
    expect(body.statusCode).toBe(201);
    expect(body.json()).toMatchObject({ courseId: null, testCases: [{ outputValue: '1', sequence: 1 }] });
  });

  it('refuses bad input: no label, bad test cases, bad and duplicate file names, oversize files', async () => {
    expect((await create(form([], { label: '' }))).json().errors.label).toBeTruthy();
    expect((await create(form([], { testCases: '{not json' }))).json().errors.testCases).toBeTruthy();
    expect((await create(form([], { CourseId: '999999' }))).json().errors.courseId).toBeTruthy();
    const bigCase = await create(form([], { 'testCases[0].outputValue': 'x'.repeat(70 * 1024) }));
    expect(bigCase.statusCode).toBe(400);
    const badName = await create(form([{ name: 'Files', filename: '.env', content: 'x' }]));
    expect(badName.statusCode).toBe(400);
    expect(badName.json().ErrorCode).toBe('FileUpload.DataError');
    const dup = await create(form([{ name: 'Files', filename: 'a.txt', content: 'x' }, { name: 'Files', filename: 'a.txt', content: 'y' }]));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.Files).toContain('a.txt');
    const big = await create(form([{ name: 'Files', filename: 'big.bin', content: Buffer.alloc(1024 * 1024 + 10) }]));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ ErrorCode: 'FileSizeLimitExceeded.Error' });
    expect(big.json().Title).toContain('big.bin');
  });

  it('edits: new files added, kept files by FilesId, others dropped; test cases replaced', async () => {
    const q = (await create(form([
      { name: 'Files', filename: 'a.txt', content: 'A' },
      { name: 'Files', filename: 'b.txt', content: 'B' },
    ]))).json();
    const a = q.files.find((f: { name: string }) => f.name === 'a.txt');
    const b = q.files.find((f: { name: string }) => f.name === 'b.txt');
    const res = await edit(q.id, [
      { name: 'label', value: 'Сумма (ред.)' },
      { name: 'code', value: 'print(0)' },
      { name: 'CourseId', value: String(ctx.program.id) },
      { name: 'FilesId', value: String(a.id) },
      { name: 'testCases', value: JSON.stringify([{ inputValues: '5 5', outputValue: '10', isHidden: true }]) },
      { name: 'Files', filename: 'c.txt', content: 'C' },
    ]);
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({ label: 'Сумма (ред.)', code: 'print(0)' });
    expect(e.files.map((f: { name: string }) => f.name)).toEqual(['a.txt', 'c.txt']);
    expect(e.testCases).toEqual([expect.objectContaining({ inputValues: '5 5', outputValue: '10', isHidden: true, sequence: 1 })]);
    const [{ n }] = await t.db.select({ n: count() }).from(files).where(eq(files.id, b.id));
    expect(n).toBe(0);
    // JSON edit without files keeps them
    const json = await t.app.inject({ method: 'PUT', url: `/api/questions/code/${q.id}/Edit`, headers: who.instructor.headers, payload: { label: 'JSON', code: 'print(1)', testCases: [] } });
    expect(json.statusCode).toBe(200);
    expect(json.json().files).toHaveLength(2);
    // a file id that is not the question's
    const foreign = await edit(q.id, [{ name: 'label', value: 'x' }, { name: 'FilesId', value: '999999' }]);
    expect(foreign.statusCode).toBe(400);
    // a kept name clashing with a new file
    const clash = await edit(q.id, [{ name: 'label', value: 'x' }, { name: 'FilesId', value: String(a.id) }, { name: 'Files', filename: 'a.txt', content: 'again' }]);
    expect(clash.json().errors.Files).toContain('a.txt');
  });

  it('drops one file, then the question (and its files); refuses while a slide uses it', async () => {
    const q = (await create(form([{ name: 'Files', filename: 'x.txt', content: 'X' }, { name: 'Files', filename: 'y.txt', content: 'Y' }]))).json();
    const [x, y] = q.files;
    const drop = await t.app.inject({ method: 'DELETE', url: `/api/questions/${q.id}/code/dropFile/${x.id}`, headers: who.instructor.headers });
    expect(drop.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/questions/${q.id}/code/dropFile/${x.id}`, headers: who.instructor.headers })).statusCode).toBe(404);
    const slide = await makeSlide(t.db, ctx.exercise.id, 'codeQuestionId', q.id);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/Questions/code/${q.id}/Drop`, headers: who.instructor.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorCode).toBe('QuestionInUse');
    const used = await t.app.inject({ method: 'GET', url: `/api/questions/${q.id}/used?type=code`, headers: who.instructor.headers });
    expect(used.json().slides.map((s: { slideId: number }) => s.slideId)).toEqual([slide.id]);
    await t.db.delete((await import('../../server/db/schema/index.js')).slides).where(eq((await import('../../server/db/schema/index.js')).slides.id, slide.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Questions/code/${q.id}/Drop`, headers: who.instructor.headers })).statusCode).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(files).where(eq(files.id, y.id));
    expect(n).toBe(0);
  });

  it('lists code questions by program', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/questions/code/list?courseId=${ctx.program.id}&take=100`, headers: who.instructor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.length).toBeGreaterThan(0);
    expect(res.json().result[0]).toHaveProperty('testCases');
  });
});

describe('execAllTextCases', () => {
  it('runs the given code against the given cases and answers each result', async () => {
    const res = await exec({ code: SUM, testCases: [{ inputValues: '1 2', outputValue: '3' }, { inputValues: '2 2', outputValue: '5' }] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ passed: 1, total: 2 });
    expect(body.results[0]).toMatchObject({ sequence: 1, passed: true, stdout: '3\n', timedOut: false, exitCode: 0, inputValues: '1 2', outputValue: '3' });
    expect(body.results[1]).toMatchObject({ sequence: 2, passed: false, stdout: '4\n' });
  });

  it("runs a stored question's code, cases and files when only its id is given", async () => {
    const q = (await create(form([{ name: 'Files', filename: 'k.txt', content: '100' }], {
      code: 'a, b = map(int, input().split())\nprint(a + b + int(open("k.txt").read()))',
      'testCases[0].outputValue': '103',
      'testCases[1][outputValue]': '130',
    }))).json();
    const res = await exec({ questionId: q.id });
    expect(res.json()).toMatchObject({ passed: 2, total: 2 });
    const other = await exec({ questionId: q.id, code: 'print(0)' });
    expect(other.json()).toMatchObject({ passed: 0, total: 2 });
  });

  it('reports an infinite loop as timed out', async () => {
    const started = Date.now();
    const res = await exec({ code: 'while True: pass', testCases: [{ outputValue: '1' }] });
    expect(res.json().results[0]).toMatchObject({ passed: false, timedOut: true });
    expect(Date.now() - started).toBeLessThan(9000);
  }, 20_000);

  it('refuses bad input', async () => {
    expect((await exec({})).statusCode).toBe(400);
    expect((await exec({ code: 'print(1)' })).json().errors.testCases).toBeTruthy();
    expect((await exec({ code: 'print(1)', testCases: [] })).json().errors.testCases).toBeTruthy();
    expect((await exec({ code: 1, testCases: [{ outputValue: '1' }] })).json().errors.code).toBeTruthy();
    expect((await exec({ questionId: 999999 })).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('seedQuestions makes one question of every kind; the code question passes with a right answer', async () => {
    const { seedQuestions } = await import('../../server/db/seed/questions.js');
    const demo = await makeProgram(t.db, 'Демо');
    const ids = await seedQuestions(t.db, demo.program.id);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: who.instructor.headers }).then((r) => r.json());
    expect((await get(`/api/questions/answers/${ids.closed}/edit`)).choiceMode).toBe(1);
    expect((await get(`/api/questions/answers/${ids.closedCheckbox}/edit`)).choiceMode).toBe(0);
    const types = await Promise.all(Object.values(ids.freeByType).map((id) => get(`/api/questions/free/${id}/edit`)));
    expect(types.map((q) => q.inputType).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 10]);
    expect((await get(`/api/questions/matches/${ids.matching}/Edit`)).options).toHaveLength(4);
    expect((await get(`/api/questions/Sequences/${ids.sequence}/Edit`)).items).toHaveLength(4);
    expect((await get(`/api/questions/code/${ids.code}/edit`)).testCases).toHaveLength(2);
    const run = await exec({ questionId: ids.code, code: 'print(int(input()) + int(input()))' });
    expect(run.json()).toMatchObject({ passed: 2, total: 2 });
  });
});
