import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { closedQuestions, reflectionQuestions, sequenceQuestions } from '../../server/db/schema/index.js';
import { ru as ruMessages, en as enMessages } from '../../server/modules/questions/messages.js';
import { createTestApp } from './support/app.js';
import { makeProgram, makeSlide, personas, type Personas } from './support/questions.js';

/** The question banks of spec 3 §7.8 (closed, free, matching, sequence; code and import have their own files). */
const t = await createTestApp();
let who: Personas;
let ctx: Awaited<ReturnType<typeof makeProgram>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> | undefined, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object | undefined });
const as = (p: { headers: Record<string, string> }) => p.headers;

async function createClosed(payload: Record<string, unknown> = {}, headers = as(who.instructor)) {
  return call('POST', '/api/questions/answers', headers, {
    label: 'Столица Франции',
    text: '<p>Выберите столицу</p>',
    courseId: ctx.program.id,
    options: [{ text: 'Париж', correct: true }, { text: 'Лион' }],
    ...payload,
  });
}

beforeAll(async () => {
  who = await personas(t);
  ctx = await makeProgram(t.db);
});

describe('access: every bank call', () => {
  // ids that exist for the "allowed" checks; refusals come before any lookup
  let ids: { closed: number; option: number; free: number; matching: number; sequence: number };
  beforeAll(async () => {
    const closed = (await createClosed()).json();
    const free = (await call('POST', '/api/questions/free', as(who.root), { label: 'F', inputType: 2 })).json();
    const matching = (await call('POST', '/api/questions/matches/Create', as(who.root), { label: 'M', targets: [{ text: 'a' }], options: [{ text: 'x', target: 0 }] })).json();
    const sequence = (await call('POST', '/api/questions/Sequences/Create', as(who.root), { label: 'S', items: [{ text: '1' }, { text: '2' }] })).json();
    ids = { closed: closed.id, option: closed.options[0].id, free: free.id, matching: matching.id, sequence: sequence.id };
  });

  const bankCalls = (): { method: Method; url: string; payload?: unknown; rule: 'resources' | 'sequenceQuestions' }[] => [
    { method: 'POST', url: '/api/questions/answers/list', rule: 'resources' },
    { method: 'POST', url: '/api/questions/answers', payload: { label: 'x' }, rule: 'resources' },
    { method: 'PUT', url: `/api/questions/answers/${ids.closed}`, payload: { label: 'x' }, rule: 'resources' },
    { method: 'GET', url: `/api/questions/answers/${ids.closed}/edit`, rule: 'resources' },
    { method: 'GET', url: `/api/questions/answers/${ids.closed}/used`, rule: 'resources' },
    { method: 'GET', url: `/api/questions/answers/${ids.closed}/options`, rule: 'resources' },
    { method: 'GET', url: `/api/questions/${ids.closed}/used?type=closed`, rule: 'resources' },
    { method: 'POST', url: `/api/questions/${ids.closed}/answers/${ids.option}/sequence/1`, rule: 'resources' },
    { method: 'POST', url: `/api/questions/${ids.closed}/Options/Create`, payload: { text: 'x' }, rule: 'resources' },
    { method: 'GET', url: `/api/questions/${ids.closed}/Options/${ids.option}/Edit`, rule: 'resources' },
    { method: 'PUT', url: `/api/questions/${ids.closed}/Options/${ids.option}/Edit`, payload: { text: 'Париж', correct: true }, rule: 'resources' },
    { method: 'POST', url: '/api/questions/free/list', rule: 'resources' },
    { method: 'POST', url: '/api/questions/free', payload: { label: 'x', inputType: 2 }, rule: 'resources' },
    { method: 'PUT', url: `/api/questions/free/${ids.free}`, payload: { label: 'x', inputType: 2 }, rule: 'resources' },
    { method: 'GET', url: `/api/questions/free/${ids.free}/edit`, rule: 'resources' },
    { method: 'GET', url: `/api/questions/free/${ids.free}/preview`, rule: 'resources' },
    { method: 'POST', url: '/api/questions/matches/list', rule: 'resources' },
    { method: 'POST', url: '/api/questions/matches/Create', payload: { label: 'x' }, rule: 'resources' },
    { method: 'GET', url: `/api/questions/matches/${ids.matching}/Edit`, rule: 'resources' },
    { method: 'PUT', url: `/api/questions/matches/${ids.matching}/Edit`, payload: { label: 'x' }, rule: 'resources' },
    { method: 'POST', url: '/api/questions/sequences/list', rule: 'sequenceQuestions' },
    { method: 'POST', url: '/api/questions/Sequences/Create', payload: { label: 'x' }, rule: 'sequenceQuestions' },
    { method: 'GET', url: `/api/questions/Sequences/${ids.sequence}/Edit`, rule: 'sequenceQuestions' },
    { method: 'PUT', url: `/api/questions/Sequences/${ids.sequence}/Edit`, payload: { label: 'x' }, rule: 'sequenceQuestions' },
    { method: 'GET', url: `/api/questions/${ids.sequence}/used?type=sequence`, rule: 'sequenceQuestions' },
    { method: 'DELETE', url: '/api/questions/answers/999999/Drop', rule: 'resources' },
    { method: 'DELETE', url: `/api/questions/${ids.closed}/Options/999999/Drop`, rule: 'resources' },
    { method: 'DELETE', url: '/api/Questions/Free/999999/Drop', rule: 'resources' },
    { method: 'DELETE', url: '/api/questions/matches/999999/Drop', rule: 'resources' },
    { method: 'DELETE', url: '/api/questions/Sequences/999999/Drop', rule: 'sequenceQuestions' },
    { method: 'DELETE', url: '/api/reflection/questions/999999', rule: 'resources' },
  ];

  it('answers 401 to a caller without a session', async () => {
    const failures: string[] = [];
    for (const c of bankCalls()) {
      const res = await call(c.method, c.url, undefined, c.payload);
      if (res.statusCode !== 401 || res.json().ErrorCode !== 'Unauthorized') failures.push(`${c.method} ${c.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a student and to an instructor without flags', async () => {
    const failures: string[] = [];
    for (const c of bankCalls()) {
      for (const p of [who.student, who.teacher]) {
        const res = await call(c.method, c.url, as(p), c.payload);
        if (res.statusCode !== 403) failures.push(`${c.method} ${c.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an OnlyEditSettings instructor use sequence questions but nothing else (403)', async () => {
    const failures: string[] = [];
    for (const c of bankCalls()) {
      const res = await call(c.method, c.url, as(who.editor), c.payload);
      const refused = res.statusCode === 401 || res.statusCode === 403;
      if (c.rule === 'sequenceQuestions' ? refused : res.statusCode !== 403) failures.push(`${c.method} ${c.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses matching questions to OnlyEditSettings and admits TrainingSettings', async () => {
    expect((await call('POST', '/api/questions/matches/list', as(who.editor))).statusCode).toBe(403);
    expect((await call('GET', `/api/questions/matches/${ids.matching}/Edit`, as(who.editor))).statusCode).toBe(403);
    expect((await call('POST', '/api/questions/matches/list', as(who.trainer))).statusCode).toBe(200);
    expect((await call('POST', '/api/questions/sequences/list', as(who.editor))).statusCode).toBe(200);
    expect((await call('GET', `/api/questions/Sequences/${ids.sequence}/Edit`, as(who.editor))).statusCode).toBe(200);
  });

  it('refuses before validating: a student sending a bad body gets 403, not 400', async () => {
    const res = await call('POST', '/api/questions/answers', as(who.student), { label: 42 });
    expect(res.statusCode).toBe(403);
  });

  it('serves the free-answer input types to any signed-in user, translated', async () => {
    expect((await call('GET', '/api/questions/free/types', undefined)).statusCode).toBe(401);
    const ru = await call('GET', '/api/questions/free/types', as(who.student));
    expect(ru.statusCode).toBe(200);
    expect(ru.json().map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 10]);
    expect(ru.json().find((x: { id: number }) => x.id === 3)).toMatchObject({ key: 'integer', label: 'Целое число', contentType: '2.5.3' });
    const en = await call('GET', '/api/questions/free/types', { ...as(who.student), 'accept-language': 'en' });
    expect(en.json().find((x: { id: number }) => x.id === 10)).toMatchObject({ label: 'Multiline text', contentType: '2.5.10' });
  });

  it('has every server message in both languages', () => {
    expect(Object.keys(enMessages).sort()).toEqual(Object.keys(ruMessages).sort());
  });
});

describe('closed questions', () => {
  it('creates with options, derives radio from one correct answer and orders options by sequence', async () => {
    const res = await createClosed();
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({ label: 'Столица Франции', text: '<p>Выберите столицу</p>', courseId: ctx.program.id, choiceMode: 1 });
    expect(q.options.map((o: { text: string; correct: boolean; sequence: number }) => [o.text, o.correct, o.sequence])).toEqual([
      ['Париж', true, 1],
      ['Лион', false, 2],
    ]);
    const again = await call('GET', `/api/questions/answers/${q.id}/edit`, as(who.instructor));
    expect(again.json()).toEqual(q);
  });

  it('derives checkbox from several correct answers, and refuses radio with several', async () => {
    const many = [{ text: '2', correct: true }, { text: '4' }, { text: '5', correct: true }];
    const res = await createClosed({ label: 'Простые', options: many });
    expect(res.json().choiceMode).toBe(0);
    const radio = await createClosed({ label: 'Простые', options: many, choiceMode: 1 });
    expect(radio.statusCode).toBe(400);
    expect(radio.json()).toMatchObject({ ErrorCode: 'ValidationError' });
    expect(radio.json().errors.choiceMode).toContain('только один правильный');
  });

  it('sanitises the question text', async () => {
    const res = await createClosed({ text: '<p>Текст<script>alert(1)</script><img src=x onerror="alert(1)"></p>' });
    expect(res.statusCode).toBe(201);
    expect(res.json().text).not.toMatch(/script|onerror/);
  });

  it('refuses bad input with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ label: '' }, 'label'],
      [{ label: 5 }, 'label'],
      [{ label: 'x'.repeat(501) }, 'label'],
      [{ choiceMode: 7 }, 'choiceMode'],
      [{ options: [{ text: '' }] }, 'options.0.text'],
      [{ options: 'Париж' }, 'options'],
      [{ courseId: 'abc' }, 'courseId'],
      [{ courseId: 999_999 }, 'courseId'],
    ];
    for (const [payload, field] of cases) {
      const res = await createClosed(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const missing = await call('POST', '/api/questions/answers', as(who.instructor), {});
    expect(missing.json().errors.label).toBe('Обязательное поле');
  });

  it('edits the question; mode follows the options unless set', async () => {
    const q = (await createClosed()).json();
    const res = await call('PUT', `/api/questions/answers/${q.id}`, as(who.instructor), { label: 'Новая', text: '', courseId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ label: 'Новая', courseId: null, choiceMode: 1 });
    expect((await call('PUT', '/api/questions/answers/999999', as(who.instructor), { label: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/questions/answers/abc', as(who.instructor), { label: 'x' })).json().ErrorCode).toBe('QuestionNotFound');
  });

  it('manages options: create, edit, reorder, drop (sequence stays 1..n)', async () => {
    const q = (await createClosed()).json();
    const base = `/api/questions/${q.id}/Options`;
    const added = await call('POST', `${base}/Create`, as(who.instructor), { text: 'Марсель' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ text: 'Марсель', correct: false, sequence: 3 });

    // a second correct answer of a radio question is refused
    const second = await call('PUT', `${base}/${added.json().id}/Edit`, as(who.instructor), { text: 'Марсель', correct: true });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors.correct).toBeTruthy();
    // switching to checkbox allows it
    await call('PUT', `/api/questions/answers/${q.id}`, as(who.instructor), { label: q.label, choiceMode: 0 });
    expect((await call('PUT', `${base}/${added.json().id}/Edit`, as(who.instructor), { text: 'Марсель!', correct: true })).json()).toMatchObject({ text: 'Марсель!', correct: true });
    // now radio is refused while two are correct
    const back = await call('PUT', `/api/questions/answers/${q.id}`, as(who.instructor), { label: q.label, choiceMode: 1 });
    expect(back.statusCode).toBe(400);

    expect((await call('GET', `${base}/${added.json().id}/Edit`, as(who.instructor))).json().text).toBe('Марсель!');
    const moved = await call('POST', `/api/questions/${q.id}/answers/${added.json().id}/sequence/1`, as(who.instructor));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().map((o: { text: string; sequence: number }) => `${o.sequence}:${o.text}`)).toEqual(['1:Марсель!', '2:Париж', '3:Лион']);
    const listed = await call('GET', `/api/questions/answers/${q.id}/options`, as(who.instructor));
    expect(listed.json()).toEqual(moved.json());
    expect((await call('POST', `/api/questions/${q.id}/answers/${added.json().id}/sequence/x`, as(who.instructor))).statusCode).toBe(400);

    const dropped = await call('DELETE', `${base}/${q.options[0].id}/Drop`, as(who.instructor));
    expect(dropped.statusCode).toBe(200);
    const after = (await call('GET', `/api/questions/answers/${q.id}/options`, as(who.instructor))).json();
    expect(after.map((o: { text: string; sequence: number }) => `${o.sequence}:${o.text}`)).toEqual(['1:Марсель!', '2:Лион']);

    // an option of another question is not found
    const other = (await createClosed()).json();
    expect((await call('GET', `${base}/${other.options[0].id}/Edit`, as(who.instructor))).json().ErrorCode).toBe('OptionNotFound');
    expect((await call('POST', `${base}/Create`, as(who.instructor), { text: '' })).statusCode).toBe(400);
  });

  it('lists by program (plus shared questions), with search and paging', async () => {
    const other = await makeProgram(t.db, 'Другая');
    await createClosed({ label: 'Только в другой', courseId: other.program.id });
    await createClosed({ label: 'Общий вопрос', courseId: null });
    const res = await call('POST', `/api/questions/answers/list?courseId=${ctx.program.id}&take=100`, as(who.instructor));
    expect(res.statusCode).toBe(200);
    const labels = res.json().result.map((q: { label: string }) => q.label);
    expect(labels).toContain('Общий вопрос');
    expect(labels).not.toContain('Только в другой');
    expect(res.json().metadata.filteredRecords).toBe(labels.length);

    const search = await call('POST', '/api/questions/answers/list?search=только', as(who.instructor));
    expect(search.json().result.map((q: { label: string }) => q.label)).toEqual(['Только в другой']);
    const page = await call('POST', '/api/questions/answers/list', as(who.instructor), { take: 1, skip: 1 });
    expect(page.json().result).toHaveLength(1);
    expect(page.json().metadata.filteredRecords).toBeGreaterThan(1);
    expect((await call('POST', '/api/questions/answers/list?take=0', as(who.instructor))).statusCode).toBe(400);
    expect((await call('POST', '/api/questions/answers/list?courseId=999999', as(who.instructor))).json().ErrorCode).toBe('ProgramNotFound');
  });

  it("hides questions of programs the instructor may not see (404, not in lists)", async () => {
    const mine = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
    const someoneElse = await makeProgram(t.db, 'Чужая', [who.root.accountId]);
    const q = (await createClosed({ label: 'Чужой вопрос', courseId: someoneElse.program.id }, as(who.root))).json();
    expect((await call('GET', `/api/questions/answers/${q.id}/edit`, as(mine))).statusCode).toBe(404);
    expect((await call('DELETE', `/api/questions/answers/${q.id}/Drop`, as(mine))).statusCode).toBe(404);
    const list = (await call('POST', '/api/questions/answers/list?take=100', as(mine))).json();
    expect(list.result.map((x: { id: number }) => x.id)).not.toContain(q.id);
    expect((await createClosed({ courseId: someoneElse.program.id }, as(mine))).json().errors.courseId).toBe('Программа не найдена');
    expect((await call('GET', `/api/questions/answers/${q.id}/edit`, as(who.root))).statusCode).toBe(200);
  });
});

describe('where used and drop', () => {
  it('answers where a question is used, and refuses to drop it with a translated message', async () => {
    const q = (await createClosed({ label: 'Используемый' })).json();
    const unused = await call('GET', `/api/questions/answers/${q.id}/used`, as(who.instructor));
    expect(unused.json()).toEqual({ used: false, slides: [] });

    const slide = await makeSlide(t.db, ctx.exercise.id, 'closedQuestionId', q.id);
    const used = await call('GET', `/api/questions/answers/${q.id}/used`, as(who.instructor));
    expect(used.json()).toEqual({
      used: true,
      slides: [{
        slideId: slide.id, slideLabel: 'Слайд с вопросом',
        exerciseId: ctx.exercise.id, exerciseLabel: 'Упражнение 1',
        lessonId: ctx.lesson.id, lessonLabel: 'Урок 1',
        programId: ctx.program.id, programLabel: 'Программа',
      }],
    });
    const generic = await call('GET', `/api/questions/${q.id}/used?type=answers`, as(who.instructor));
    expect(generic.json()).toEqual(used.json());

    const drop = await call('DELETE', `/api/questions/answers/${q.id}/Drop`, as(who.instructor));
    expect(drop.statusCode).toBe(409);
    expect(drop.json()).toMatchObject({ ErrorCode: 'QuestionInUse', Title: 'Вопрос используется на слайдах (1) и не может быть удалён' });
    expect(drop.json().Description).toContain('Программа / Урок 1 / Упражнение 1');
    const en = await call('DELETE', `/api/questions/answers/${q.id}/Drop`, { ...as(who.instructor), 'accept-language': 'en' });
    expect(en.json().Title).toBe('The question is used on slides (1) and cannot be deleted');
    const [{ n }] = await t.db.select({ n: count() }).from(closedQuestions).where(eq(closedQuestions.id, q.id));
    expect(n).toBe(1);
  });

  it('drops an unused question of each kind; a second drop is 404', async () => {
    const closed = (await createClosed()).json();
    expect((await call('DELETE', `/api/questions/answers/${closed.id}/Drop`, as(who.instructor))).statusCode).toBe(200);
    expect((await call('DELETE', `/api/questions/answers/${closed.id}/Drop`, as(who.instructor))).statusCode).toBe(404);
    const seq = (await call('POST', '/api/questions/Sequences/Create', as(who.editor), { label: 'S', items: [{ text: 'a' }, { text: 'b' }] })).json();
    await makeSlide(t.db, ctx.exercise.id, 'sequenceQuestionId', seq.id);
    expect((await call('DELETE', `/api/questions/Sequences/${seq.id}/Drop`, as(who.editor))).statusCode).toBe(409);
    const seq2 = (await call('POST', '/api/questions/Sequences/Create', as(who.editor), { label: 'S2', items: [{ text: 'a' }, { text: 'b' }] })).json();
    expect((await call('DELETE', `/api/questions/sequences/${seq2.id}/drop`, as(who.editor))).statusCode).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(sequenceQuestions).where(eq(sequenceQuestions.id, seq2.id));
    expect(n).toBe(0);
  });

  it('needs a kind for the generic where-used call', async () => {
    expect((await call('GET', '/api/questions/1/used', as(who.instructor))).json().errors.type).toBeTruthy();
    expect((await call('GET', '/api/questions/1/used?type=nope', as(who.instructor))).statusCode).toBe(400);
    // OnlyEditSettings may ask about sequence questions only
    expect((await call('GET', '/api/questions/1/used?type=closed', as(who.editor))).statusCode).toBe(403);
  });

  it('deletes a reflection question of a visible exercise', async () => {
    const [r] = await t.db.insert(reflectionQuestions).values({ exerciseId: ctx.exercise.id, text: 'Что было сложно?' }).returning();
    expect((await call('DELETE', `/api/reflection/questions/${r.id}`, as(who.instructor))).statusCode).toBe(200);
    const again = await call('DELETE', `/api/reflection/questions/${r.id}`, as(who.instructor));
    expect(again.statusCode).toBe(404);
    expect(again.json().ErrorCode).toBe('ReflectionQuestionNotFound');
  });
});

describe('free questions', () => {
  const create = (payload: Record<string, unknown>) =>
    call('POST', '/api/questions/free', as(who.instructor), { label: 'Свободный', text: '<p>?</p>', courseId: ctx.program.id, ...payload });

  it('creates one of each input type, storing values in canonical form', async () => {
    const cases: [number, string[], string[]][] = [
      [2, ['Париж'], ['Париж']],
      [10, ['Длинный ответ'], ['Длинный ответ']],
      [3, ['+42'], ['42']],
      [4, ['3,5'], ['3.5']],
      [1, ['27.05.1703'], ['1703-05-27']],
      [5, ['да'], ['true']],
    ];
    for (const [inputType, values, stored] of cases) {
      const res = await create({ inputType, correctValues: values });
      expect(res.statusCode, String(inputType)).toBe(201);
      expect(res.json()).toMatchObject({ inputType, correctValues: stored, caseSensitive: false, min: null, max: null });
    }
  });

  it('refuses values that do not fit the type, unknown types and bad bounds', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ inputType: 3, correctValues: ['4.5'] }, 'correctValues.0'],
      [{ inputType: 4, correctValues: ['abc'] }, 'correctValues.0'],
      [{ inputType: 1, correctValues: ['31.02.2020'] }, 'correctValues.0'],
      [{ inputType: 5, correctValues: ['maybe'] }, 'correctValues.0'],
      [{ inputType: 7 }, 'inputType'],
      [{ inputType: 'string' }, 'inputType'],
      [{}, 'inputType'],
      [{ inputType: 3, min: 10, max: 1 }, 'max'],
      [{ inputType: 2, min: 1.5 }, 'min'],
      [{ inputType: 1, min: 1 }, 'min'],
      [{ inputType: 10, correctValues: ['x'.repeat(501)] }, 'correctValues.0'],
    ];
    for (const [payload, field] of bad) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect((await create({ inputType: 3, correctValues: ['4.5'] })).json().errors['correctValues.0']).toBe('Значение не подходит к типу поля ответа');
  });

  it('edits and previews (no correct values in the preview)', async () => {
    const q = (await create({ inputType: 4, correctValues: ['0.5'], min: 0, max: 1 })).json();
    const preview = await call('GET', `/api/questions/free/${q.id}/preview`, as(who.instructor));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      id: q.id, label: 'Свободный', text: '<p>?</p>', inputType: 4, contentType: '2.5.4',
      input: { kind: 'float', multiline: false, min: 0, max: 1, step: 0.1, maxLength: null },
    });
    const edited = await call('PUT', `/api/questions/free/${q.id}`, as(who.instructor), { label: 'Эссе', inputType: 10, correctValues: [] });
    expect(edited.json()).toMatchObject({ label: 'Эссе', inputType: 10, correctValues: [], courseId: null });
    const p2 = (await call('GET', `/api/questions/free/${q.id}/preview`, as(who.instructor))).json();
    expect(p2.input).toMatchObject({ kind: 'text', multiline: true, maxLength: 500 });
    expect((await call('GET', `/api/questions/free/${q.id}/edit`, as(who.instructor))).json()).toEqual(edited.json());
    const list = await call('POST', '/api/questions/free/list?take=100', as(who.instructor));
    expect(list.json().result.map((x: { id: number }) => x.id)).toContain(q.id);
    expect((await call('DELETE', `/api/Questions/Free/${q.id}/Drop`, as(who.instructor))).statusCode).toBe(200);
  });
});

describe('matching questions', () => {
  const create = (payload: Record<string, unknown> = {}) =>
    call('POST', '/api/questions/matches/Create', as(who.trainer), {
      label: 'Языки',
      text: 'Сопоставьте',
      targets: [{ text: 'Гвидо ван Россум' }, { text: 'Деннис Ритчи' }],
      options: [{ text: 'Python', target: 0 }, { text: 'C', target: 1 }, { text: 'COBOL', target: null }],
      ...payload,
    });

  it('creates targets and options with their correct pairs', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q.targets.map((x: { text: string }) => x.text)).toEqual(['Гвидо ван Россум', 'Деннис Ритчи']);
    expect(q.options.map((o: { text: string; target: number | null; isCorrectAnswer: boolean; targetId: number | null }) => [o.text, o.target, o.isCorrectAnswer, o.targetId])).toEqual([
      ['Python', 0, true, q.targets[0].id],
      ['C', 1, true, q.targets[1].id],
      ['COBOL', null, false, null],
    ]);
  });

  it('edits keeping ids, adding and removing items', async () => {
    const q = (await create()).json();
    const res = await call('PUT', `/api/questions/matches/${q.id}/Edit`, as(who.trainer), {
      label: 'Языки 2',
      targets: [{ id: q.targets[1].id, text: 'Ритчи' }, { text: 'Вирт' }],
      options: [{ id: q.options[1].id, text: 'C', target: 0 }, { text: 'Pascal', target: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e.targets.map((x: { id: number; text: string }) => x.text)).toEqual(['Ритчи', 'Вирт']);
    expect(e.targets[0].id).toBe(q.targets[1].id);
    expect(e.options[0]).toMatchObject({ id: q.options[1].id, target: 0, targetId: q.targets[1].id });
    expect(e.options).toHaveLength(2);
    expect((await call('GET', `/api/questions/matches/${q.id}/Edit`, as(who.trainer))).json()).toEqual(e);

    const foreign = await call('PUT', `/api/questions/matches/${q.id}/Edit`, as(who.trainer), {
      label: 'x', targets: [{ id: 999999, text: 'a' }], options: [{ text: 'b', target: 0 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors['targets.0.id']).toBeTruthy();
  });

  it('refuses an option pointing nowhere, no pairs at all, and empty lists', async () => {
    expect((await create({ options: [{ text: 'x', target: 5 }] })).json().errors['options.0.target']).toBeTruthy();
    expect((await create({ options: [{ text: 'x', target: null }] })).json().errors.options).toBeTruthy();
    expect((await create({ targets: [] })).json().errors.targets).toBeTruthy();
    expect((await create({ options: [{ text: '', target: 0 }] })).json().errors['options.0.text']).toBeTruthy();
  });

  it('lists and drops', async () => {
    const q = (await create({ label: 'Для списка' })).json();
    const list = await call('POST', '/api/questions/matches/list?search=для списка', as(who.trainer));
    expect(list.json().result.map((x: { id: number }) => x.id)).toEqual([q.id]);
    expect((await call('DELETE', `/api/questions/matches/${q.id}/Drop`, as(who.trainer))).statusCode).toBe(200);
  });
});

describe('sequence questions', () => {
  it('creates items in order, edits keeping ids, refuses fewer than two items', async () => {
    const res = await call('POST', '/api/questions/Sequences/Create', as(who.editor), {
      label: 'Дни', courseId: ctx.program.id, items: [{ text: 'Понедельник' }, { text: 'Вторник' }, { text: 'Среда' }],
    });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q.items.map((i: { text: string; position: number }) => `${i.position}:${i.text}`)).toEqual(['1:Понедельник', '2:Вторник', '3:Среда']);
    const edit = await call('PUT', `/api/questions/Sequences/${q.id}/Edit`, as(who.editor), {
      label: 'Дни', courseId: ctx.program.id, items: [{ id: q.items[2].id, text: 'Среда' }, { id: q.items[0].id, text: 'Понедельник' }, { text: 'Четверг' }],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().items.map((i: { text: string }) => i.text)).toEqual(['Среда', 'Понедельник', 'Четверг']);
    expect(edit.json().items[0].id).toBe(q.items[2].id);
    expect((await call('GET', `/api/questions/Sequences/${q.id}/Edit`, as(who.editor))).json()).toEqual(edit.json());
    const short = await call('POST', '/api/questions/Sequences/Create', as(who.editor), { label: 'x', items: [{ text: 'один' }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.items).toBeTruthy();
    const list = await call('POST', `/api/questions/sequences/list?courseId=${ctx.program.id}`, as(who.editor));
    expect(list.json().result.map((x: { id: number }) => x.id)).toContain(q.id);
  });
});
