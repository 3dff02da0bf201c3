import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  closedQuestions,
  codeQuestions,
  freeQuestions,
  matchingQuestions,
  sequenceQuestions,
  slides,
} from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { makeProgram, multipart, personas, type Personas } from './support/questions.js';

/** LoadQuestions (Excel import into an exercise) and GetLoadQuestionsTemplate (spec 3 §7.6). */
const t = await createTestApp();
let who: Personas;
let ctx: Awaited<ReturnType<typeof makeProgram>>;
const TEMPLATE = '/api/Instructors/Templates/GetLoadQuestionsTemplate';
const importUrl = (programId = ctx.program.id, exerciseId = ctx.exercise.id) =>
  `/api/instructors/Courses/${programId}/Exercises/${exerciseId}/Pages/LoadQuestions`;

async function upload(content: Buffer, p = who.instructor, url = importUrl(), filename = 'questions.xlsx') {
  const body = multipart([{ name: 'file', filename, content, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);
  return t.app.inject({ method: 'POST', url, headers: { ...p.headers, ...body.headers }, payload: body.payload });
}

async function workbook(rows: (string | number)[][], header = ['Тип', 'Название', 'Текст вопроса', 'Варианты / элементы', 'Правильные варианты', 'Тип поля', 'Правильные ответы', 'Код', 'Вход 1', 'Вывод 1']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Вопросы');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function totals() {
  const n = async (table: typeof closedQuestions | typeof freeQuestions | typeof matchingQuestions | typeof sequenceQuestions | typeof codeQuestions) =>
    (await t.db.select({ n: count() }).from(table))[0].n;
  const [{ s }] = await t.db.select({ s: count() }).from(slides).where(eq(slides.exerciseId, ctx.exercise.id));
  return { closed: await n(closedQuestions), free: await n(freeQuestions), matching: await n(matchingQuestions), sequence: await n(sequenceQuestions), code: await n(codeQuestions), slides: s };
}

beforeAll(async () => {
  who = await personas(t);
  ctx = await makeProgram(t.db);
});

describe('access', () => {
  it('needs a session and the resources rule (TrainingSettings)', async () => {
    for (const [method, url] of [['GET', TEMPLATE], ['POST', importUrl()]] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      for (const p of [who.student, who.teacher, who.editor]) expect((await t.app.inject({ method, url, headers: p.headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: TEMPLATE, headers: who.trainer.headers })).statusCode).toBe(200);
  });
});

describe('template', () => {
  it('is an .xlsx with the headers and an example row per question kind, in the caller language', async () => {
    const res = await t.app.inject({ method: 'GET', url: TEMPLATE, headers: who.instructor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Вопросы');
    expect(ws.getRow(1).getCell(1).value).toBe('Тип');
    expect(ws.getRow(1).getCell(2).value).toBe('Название');
    const kinds = new Set<string>();
    for (let r = 2; r <= ws.rowCount; r++) kinds.add(String(ws.getRow(r).getCell(1).value));
    expect([...kinds].sort()).toEqual(['closed', 'code', 'free', 'matching', 'sequence']);
    const en = await t.app.inject({ method: 'GET', url: TEMPLATE, headers: { ...who.instructor.headers, 'accept-language': 'en' } });
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(en.rawPayload as unknown as ExcelJS.Buffer);
    expect(wbEn.worksheets[0].getRow(1).getCell(2).value).toBe('Title');
  });

  it('imports as it comes: every example becomes a question and a slide of the exercise', async () => {
    const before = await totals();
    const template = await t.app.inject({ method: 'GET', url: TEMPLATE, headers: who.instructor.headers });
    const res = await upload(template.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(7);
    expect(body.questions.map((q: { kind: string }) => q.kind)).toEqual(['closed', 'closed', 'free', 'free', 'matching', 'sequence', 'code']);
    expect(body.questions[0].row).toBe(2);
    const after = await totals();
    expect(after).toEqual({
      closed: before.closed + 2, free: before.free + 2, matching: before.matching + 1, sequence: before.sequence + 1, code: before.code + 1, slides: before.slides + 7,
    });
    // the imported questions belong to the program and read back through the bank calls
    const closed = await t.app.inject({ method: 'GET', url: `/api/questions/answers/${body.questions[1].questionId}/edit`, headers: who.instructor.headers });
    expect(closed.json()).toMatchObject({ label: 'Простые числа', choiceMode: 0, courseId: ctx.program.id });
    expect(closed.json().options.filter((o: { correct: boolean }) => o.correct).map((o: { text: string }) => o.text)).toEqual(['2', '5']);
    const date = await t.app.inject({ method: 'GET', url: `/api/questions/free/${body.questions[3].questionId}/edit`, headers: who.instructor.headers });
    expect(date.json()).toMatchObject({ inputType: 1, correctValues: ['1703-05-27'] });
    const matching = await t.app.inject({ method: 'GET', url: `/api/questions/matches/${body.questions[4].questionId}/Edit`, headers: who.instructor.headers });
    expect(matching.json().targets).toHaveLength(3);
    expect(matching.json().options.find((o: { text: string }) => o.text === 'COBOL')).toMatchObject({ target: null });
    const code = await t.app.inject({ method: 'GET', url: `/api/questions/code/${body.questions[6].questionId}/edit`, headers: who.instructor.headers });
    expect(code.json().testCases.map((c: { outputValue: string }) => c.outputValue)).toEqual(['3', '30']);
    const [slide] = await t.db.select().from(slides).where(eq(slides.id, body.questions[6].slideId));
    expect(slide).toMatchObject({ exerciseId: ctx.exercise.id, pageType: 2, contentKind: 11, codeQuestionId: body.questions[6].questionId });
  });
});

describe('validation: nothing half-imported', () => {
  it('reports every bad row by number with reasons and imports nothing', async () => {
    const before = await totals();
    const file = await workbook([
      ['closed', 'Хороший', 'Текст', 'Да\nНет', '1'],
      ['closed', 'Без правильного', '', 'Да\nНет', ''],
      [],
      ['riddle', 'Загадка'],
      ['free', '', '', '', '', 'integer', '4.5'],
      ['sequence', 'Один элемент', '', 'только один'],
      ['code', 'Без тестов', '', '', '', '', '', 'print(1)'],
      ['closed', 'Номер мимо', '', 'А\nБ', '3'],
    ]);
    const res = await upload(file);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.ErrorCode).toBe('ImportValidation');
    expect(body.Title).toBe('Вопросы не загружены: исправьте строки с ошибками (6)');
    const rows = Object.fromEntries(body.rows.map((r: { row: number; messages: string[] }) => [r.row, r.messages.join(' | ')]));
    expect(Object.keys(rows).map(Number)).toEqual([3, 5, 6, 7, 8, 9]);
    expect(rows[3]).toContain('Правильные варианты: укажите номера правильных вариантов');
    expect(rows[5]).toContain('неизвестный тип вопроса «riddle»');
    expect(rows[6]).toContain('Название: не заполнено');
    expect(rows[6]).toContain('ответ «4.5» не подходит к типу поля');
    expect(rows[7]).toContain('нужно не меньше 2 вариантов');
    expect(rows[8]).toContain('нужен хотя бы один тест');
    expect(rows[9]).toContain('номер «3» не соответствует ни одному варианту');
    expect(await totals()).toEqual(before);
  });

  it('answers in English for an English caller', async () => {
    const res = await upload(await workbook([['closed', 'x', '', 'a\nb', '']], ['Type', 'Title', 'Question text', 'Options / items', 'Correct options']), { ...who.instructor, headers: { ...who.instructor.headers, 'accept-language': 'en' } as typeof who.instructor.headers });
    expect(res.json().rows).toEqual([{ row: 2, messages: ['Correct options: give the numbers of the correct options'] }]);
  });

  it('refuses a file that is not Excel, an empty sheet, wrong headers and a missing file', async () => {
    expect((await upload(Buffer.from('not a workbook'))).json().ErrorCode).toBe('FileUpload.DataError');
    expect((await upload(await workbook([]))).json().ErrorCode).toBe('ImportEmpty');
    expect((await upload(await workbook([['closed', 'x']], ['Что', 'Где']))).json().ErrorCode).toBe('ImportBadHeader');
    const none = await t.app.inject({ method: 'POST', url: importUrl(), headers: { ...who.instructor.headers, 'content-type': 'application/json' }, payload: {} });
    expect(none.statusCode).toBe(400);
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(big.json().ErrorCode).toBe('FileSizeLimitExceeded.Error');
  });

  it('answers 404 for an exercise of another program or an unknown one', async () => {
    const other = await makeProgram(t.db, 'Другая');
    const file = await workbook([['closed', 'x', '', 'a\nb', '1']]);
    expect((await upload(file, who.instructor, importUrl(other.program.id, ctx.exercise.id))).json().ErrorCode).toBe('ExerciseNotFound');
    expect((await upload(file, who.instructor, importUrl(ctx.program.id, 999999))).statusCode).toBe(404);
  });
});
