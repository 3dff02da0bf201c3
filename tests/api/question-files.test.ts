import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.js';
import { makeProgram, multipart, personas, type Personas } from './support/questions.js';

/** Question files in and out of a program's bank (GIFT, Moodle XML, QTI 2.1): guards, import report, round trip through the API. */
const t = await createTestApp();
let who: Personas;
let ctx: Awaited<ReturnType<typeof makeProgram>>;
let foreign: Awaited<ReturnType<typeof makeProgram>>;
/** a bank list answer's questions */
const rows = (b: unknown) => (b as { result: { label: string; options: { text: string; correct: boolean }[] }[] }).result;
const importUrl = (id: number) => `/api/questions/files/import/${id}`;
const exportUrl = (id: number, format: string) => `/api/questions/files/export/${id}?format=${format}`;

const GIFT = `$CATEGORY: $course$/top/География

::Столица::Столица Франции? {=Париж ~Лион ~Марсель}

::Пи::Число пи {#3.14:0.01}

::Верно::Земля круглая {T}

::Описание::Просто текст без ответа
`;

async function upload(content: string | Buffer, p = who.instructor, id = ctx.program.id, filename = 'bank.gift.txt') {
  const body = multipart([{ name: 'file', filename, content }]);
  return t.app.inject({ method: 'POST', url: importUrl(id), headers: { ...p.headers, 'accept-language': 'ru', ...body.headers }, payload: body.payload });
}

beforeAll(async () => {
  who = await personas(t);
  ctx = await makeProgram(t.db, 'Банк');
  foreign = await makeProgram(t.db, 'Чужая программа', [who.root.accountId]);
});

describe('guards', () => {
  it('needs a session, the resources rule and a program the caller sees', async () => {
    for (const [method, url] of [['POST', importUrl(ctx.program.id)], ['GET', exportUrl(ctx.program.id, 'gift')]] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      for (const p of [who.student, who.teacher, who.editor]) expect((await t.app.inject({ method, url, headers: p.headers })).statusCode).toBe(403);
    }
    const res = await upload(GIFT, who.instructor, foreign.program.id);
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: exportUrl(foreign.program.id, 'qti'), headers: who.instructor.headers })).statusCode).toBe(404);
  });

  it('answers a bad file with a translated error in the spec shape', async () => {
    const res = await upload('это не вопросы {=', who.trainer);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.ErrorCode).toBe('ImportNotAQuestionFile');
    expect(body.Title).toMatch(/Файл не читается как файл вопросов \(gift\)/);
    const bad = await t.app.inject({ method: 'GET', url: exportUrl(ctx.program.id, 'pdf'), headers: who.instructor.headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('import and export', () => {
  it('imports what ELP can express and reports the rest with categories', async () => {
    const res = await upload(GIFT);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.format).toBe('gift');
    expect(body.imported).toBe(3);
    expect(body.categories).toEqual([{ name: 'География', count: 4 }]);
    expect(body.notes).toEqual([
      expect.objectContaining({ number: 2, kept: true, reason: expect.stringMatching(/погрешность/) }),
      expect.objectContaining({ number: 4, kept: false, title: 'Описание', reason: expect.stringMatching(/не поддерживается/) }),
    ]);
  });

  it.each(['gift', 'moodle', 'qti'])('exports the bank as %s and imports it back into another bank equal', async (format) => {
    const file = await t.app.inject({ method: 'GET', url: exportUrl(ctx.program.id, format), headers: who.instructor.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-not-exported']).toBe('0');
    const other = await makeProgram(t.db, `Копия ${format}`);
    const res = await upload(file.rawPayload, who.instructor, other.program.id, format === 'qti' ? 'bank.zip' : 'bank');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format, imported: 3 });
    const list = async (id: number) =>
      rows((await t.app.inject({ method: 'POST', url: `/api/questions/answers/list?courseId=${id}`, headers: who.instructor.headers })).json()).map((q: { label: string; options: { text: string; correct: boolean }[] }) => ({ label: q.label, options: q.options.map((o) => [o.text, o.correct]) }));
    expect(await list(other.program.id)).toEqual(await list(ctx.program.id));
  });

  it.each(['gift', 'moodle'])('writes a slash in the bank name as Moodle does (%s) and reads it back as one name', async (format) => {
    const slashed = await makeProgram(t.db, 'Алгебра/Геометрия');
    expect((await upload(GIFT, who.instructor, slashed.program.id)).statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exportUrl(slashed.program.id, format), headers: who.instructor.headers });
    // Moodle splits a category path at single slashes: "//" is a slash inside a name
    expect(file.body).toContain('$course$/top/Алгебра//Геометрия');
    const other = await makeProgram(t.db, `Копия со слешем ${format}`);
    const res = await upload(file.rawPayload, who.instructor, other.program.id, 'bank');
    expect(res.json()).toMatchObject({ format, imported: 3, categories: [{ name: 'Алгебра/Геометрия', count: 3 }] });
  });
});
