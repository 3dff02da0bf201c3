import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { slideKinds, type SlideRouteType } from '../../shared/enums.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { makeExercise, makeQuestions } from './support/content.js';
import { multipartBody, TINY_PNG } from './support/multipart.js';

/** Slide calls of spec 3 §7.6: every kind created, loaded, edited, dropped; access; bad input. */
const t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'elp-slides-')) });
let author: SignedIn;
let editor: SignedIn; // OnlyEditSettings only
let nonAuthor: SignedIn;
let noFlags: SignedIn;
let student: SignedIn;
let root: SignedIn;
let exerciseId: number;
let P: string;
let q: Awaited<ReturnType<typeof makeQuestions>>;
const fileIds: Record<string, number> = {};

async function upload(name: string, kind: string, who = author) {
  const body = multipartBody({ name, data: Buffer.from(`bytes of ${name}`) });
  const res = await t.app.inject({ method: 'POST', url: `/api/Instructors/Storage/Upload?kind=${kind}`, payload: body.payload, headers: { ...body.headers, ...who.headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  author = await t.signIn('Instructors', { flags: ['TrainingSettings'] });
  editor = await t.signIn('Instructors', { flags: ['OnlyEditSettings'] });
  nonAuthor = await t.signIn('Instructors');
  noFlags = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students');
  root = await t.signIn('Root');
  const { exercise, program } = await makeExercise(t.db, [author.accountId, editor.accountId]);
  exerciseId = exercise.id;
  P = `/api/instructors/Exercises/${exerciseId}/Pages`;
  q = await makeQuestions(t.db, program.id);
  fileIds.video = await upload('lecture.mp4', 'video');
  fileIds.audio = await upload('talk.mp3', 'audio');
  fileIds.pdf = await upload('notes.pdf', 'pdf');
  fileIds.pptx = await upload('slides.pptx', 'pptx');
});

/** a valid body and an edited one per kind */
function bodies(): Record<SlideRouteType, [Record<string, unknown>, Record<string, unknown>]> {
  return {
    content: [{ label: 'Текст', html: '<p>Привет</p>', duration: 60 }, { label: 'Текст 2', html: '<p>Пока</p>' }],
    'answers-question': [{ label: 'Вопрос', page: q.closed.id }, { label: 'Вопрос 2', page: q.closed.id, maxScore: 2 }],
    'free-question': [{ label: 'Свободный', page: q.free.id }, { label: 'Свободный 2', page: q.free.id }],
    'file-question': [{ label: 'Файл', html: '<p>Пришлите отчёт</p>', allowedExtensions: ['PDF', '.docx'], maxFiles: 2 }, { label: 'Файл 2', maxFileSizeMb: 5 }],
    'attributes-question': [{ label: 'Анкета', attributeIds: [q.attribute.id] }, { label: 'Анкета 2', attributeIds: [q.attribute.id], html: '<p>Заполните</p>' }],
    video: [{ label: 'Видео', fileId: fileIds.video, downloadPermission: true, duration: 300 }, { label: 'Видео 2', fileId: fileIds.video, downloadPermission: false }],
    web: [{ label: 'Сайт', address: 'https://example.org/page' }, { label: 'Сайт 2', address: 'https://example.org/other', description: 'Описание' }],
    audio: [{ label: 'Аудио', fileId: fileIds.audio }, { label: 'Аудио 2', fileId: fileIds.audio, downloadPermission: true }],
    pdf: [{ label: 'PDF', fileId: fileIds.pdf, downloadPermission: false }, { label: 'PDF 2', fileId: fileIds.pdf, downloadPermission: true }],
    'doc-ppt': [{ label: 'Презентация', fileId: fileIds.pptx }, { label: 'Презентация 2', fileId: fileIds.pptx, downloadPermission: true }],
    kinescope: [{ label: 'Видеохостинг', fileId: fileIds.video }, { label: 'Видеохостинг 2', fileId: fileIds.video, duration: 10 }],
    'sequence-question': [{ label: 'Порядок', page: q.sequence.id }, { label: 'Порядок 2', page: q.sequence.id }],
    'matching-question': [{ label: 'Пары', page: q.matching.id, downloadPermission: true }, { label: 'Пары 2', page: q.matching.id }],
    'code-question': [{ label: 'Код', page: q.code.id }, { label: 'Код 2', page: q.code.id }],
  };
}

describe('every kind: create, get, edit, preview, drop', () => {
  const types = Object.keys(slideKinds) as SlideRouteType[];
  it.each(types)('%s', async (type) => {
    const { apiKind, contentKind, pageType } = slideKinds[type];
    const [create, edit] = bodies()[type];
    const res = await t.app.inject({ method: 'POST', url: `${P}/${apiKind}`, headers: author.headers, payload: create });
    expect(res.statusCode, res.body).toBe(201);
    const slide = res.json();
    expect(slide).toMatchObject({ type, apiKind, contentKind, pageType, label: create.label, exerciseId });

    const got = await t.app.inject({ method: 'GET', url: `${P}/${slide.id}/${apiKind}`, headers: editor.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(slide);
    // the kind in the path must match the slide
    const otherKind = type === 'content' ? 'Web' : 'Content';
    expect((await t.app.inject({ method: 'GET', url: `${P}/${slide.id}/${otherKind}`, headers: author.headers })).statusCode).toBe(404);

    const put = await t.app.inject({ method: 'PUT', url: `${P}/${slide.id}/Edit/${apiKind}`, headers: author.headers, payload: edit });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: slide.id, label: edit.label, sequence: slide.sequence });

    const preview = await t.app.inject({ method: 'POST', url: `${P}/${slide.id}/PreviewPage`, headers: author.headers, payload: { sessionId: 'abc' } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ sessionId: 'abc', slide: { id: slide.id, type, label: edit.label } });
    expect(JSON.stringify(preview.json())).not.toMatch(/isCorrect|correctValues|correctPosition|correctTargetId/);

    const drop = await t.app.inject({ method: 'DELETE', url: `${P}/${slide.id}/Drop`, headers: author.headers });
    expect(drop.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${P}/${slide.id}/${apiKind}`, headers: author.headers })).statusCode).toBe(404);
  });

  it('answers the kind-specific fields', async () => {
    const b = bodies();
    const make = async (type: SlideRouteType) =>
      (await t.app.inject({ method: 'POST', url: `${P}/${slideKinds[type].apiKind}`, headers: author.headers, payload: b[type][0] })).json();
    const video = await make('video');
    expect(video).toMatchObject({ fileId: fileIds.video, downloadPermission: true, duration: 300, file: { name: 'lecture.mp4', address: `/api/files/${fileIds.video}` } });
    const fileQ = await make('file-question');
    expect(fileQ).toMatchObject({ allowedExtensions: ['pdf', 'docx'], maxFiles: 2 });
    const answers = await make('answers-question');
    expect(answers).toMatchObject({ page: q.closed.id, question: { id: q.closed.id, label: 'Столица' } });
    const preview = (await t.app.inject({ method: 'POST', url: `${P}/${answers.id}/PreviewPage`, headers: author.headers })).json();
    expect(preview.sessionId).toBeNull();
    expect(preview.content.question.options.map((o: { text: string }) => o.text)).toEqual(['Париж', 'Лион']);
    expect(preview.content.question.options[0]).not.toHaveProperty('isCorrect');
    const pdfPreview = (await t.app.inject({ method: 'POST', url: `${P}/${(await make('pdf')).id}/PreviewPage`, headers: author.headers })).json();
    expect(pdfPreview.content).toMatchObject({ downloadPermission: false, downloadAddress: null, file: { address: `/api/files/${fileIds.pdf}` } });
  });
});

describe('access', () => {
  const content = { label: 'x', html: '<p>x</p>' };
  it('needs a session (401)', async () => {
    for (const [method, url] of [['GET', P], ['POST', `${P}/Content`], ['GET', `${P}/1/Content`], ['PUT', `${P}/1/Edit/Content`], ['DELETE', `${P}/1/Drop`], ['POST', `${P}/1/PreviewPage`]] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : content });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a student and an instructor without the flags (403)', async () => {
    for (const who of [student, noFlags]) {
      expect((await t.app.inject({ method: 'POST', url: `${P}/Content`, headers: who.headers, payload: content })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: P, headers: who.headers })).statusCode).toBe(403);
    }
  });

  it('answers 404 to an instructor who does not author the program; Root passes', async () => {
    const created = (await t.app.inject({ method: 'POST', url: `${P}/Content`, headers: author.headers, payload: content })).json();
    for (const [method, url] of [['GET', P], ['POST', `${P}/Content`], ['GET', `${P}/${created.id}/Content`], ['PUT', `${P}/${created.id}/Edit/Content`], ['DELETE', `${P}/${created.id}/Drop`], ['POST', `${P}/${created.id}/PreviewPage`]] as const) {
      const res = await t.app.inject({ method, url, headers: nonAuthor.headers, payload: method === 'GET' || method === 'DELETE' ? undefined : content });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `${P}/${created.id}/Content`, headers: root.headers })).statusCode).toBe(200);
  });

  it('answers 404 for a slide of another exercise and an unknown exercise', async () => {
    const other = await makeExercise(t.db, [author.accountId]);
    const created = (await t.app.inject({ method: 'POST', url: `${P}/Content`, headers: author.headers, payload: content })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/instructors/Exercises/${other.exercise.id}/Pages/${created.id}/Content`, headers: author.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/instructors/Exercises/99999/Pages`, headers: author.headers })).statusCode).toBe(404);
  });

  it('refuses slides in a SCORM exercise', async () => {
    const scorm = await makeExercise(t.db, [author.accountId], 'scorm');
    const res = await t.app.inject({ method: 'POST', url: `/api/instructors/Exercises/${scorm.exercise.id}/Pages/Content`, headers: author.headers, payload: content });
    expect(res.statusCode).toBe(400);
  });
});

describe('bad input', () => {
  const post = (kind: string, payload: unknown, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `${P}/${kind}`, headers: { ...author.headers, 'accept-language': lang }, payload: payload as object });

  it('missing fields and wrong types answer 400 with field errors', async () => {
    const missing = await post('Content', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ ErrorCode: 'ValidationError', errors: { label: 'Required field', html: 'Required field' } });
    const wrong = await post('Video', { label: 'v', fileId: 'abc', duration: -5 });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(expect.arrayContaining(['fileId', 'duration']));
    expect(wrong.json().errors.fileId).toBe('Wrong type of value');
    const noQuestion = await post('Code', { label: 'Код' }, 'ru');
    expect(noQuestion.json().errors.page).toBe('Обязательное поле');
  });

  it('a script tag is stripped, a javascript: link removed, a YouTube iframe kept, links open in a new tab', async () => {
    const html =
      '<p>Hi<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a><a href="https://example.org">ok</a>' +
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://evil.example/x"></iframe><img src="x" onerror="alert(1)">';
    const res = await post('Content', { label: 'Rich', html });
    expect(res.statusCode, res.body).toBe(201);
    const clean = res.json().html as string;
    expect(clean).not.toMatch(/script|alert|javascript:|onerror|evil\.example/);
    expect(clean).toContain('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(clean).toMatch(/<a href="https:\/\/example.org"[^>]*target="_blank"/);
  });

  it('content that is only a script counts as empty', async () => {
    const res = await post('Content', { label: 'x', html: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.html).toBe('Required field');
  });

  it('web slides take https addresses only', async () => {
    for (const address of ['http://example.org', 'javascript:alert(1)', 'ftp://x.org', 'not a url']) {
      const res = await post('Web', { label: 'w', address });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().errors.address).toBe('Enter an address starting with https://');
    }
  });

  it('a question of the wrong bank, an unknown question, file or attribute is a field error', async () => {
    const max = 2_000_000;
    expect((await post('Answers', { label: 'a', page: max })).json().errors.page).toBe('Question not found');
    expect((await post('Video', { label: 'v', fileId: max })).json().errors.fileId).toBe('File not found');
    expect((await post('Attributes', { label: 'a', attributeIds: [max] })).json().errors.attributeIds).toBe('Attribute not found');
    // a PDF on a video slide
    const wrongFile = await post('Video', { label: 'v', fileId: fileIds.pdf });
    expect(wrongFile.statusCode).toBe(400);
    expect(wrongFile.json().errors.fileId).toMatch(/^This file does not fit the slide/);
    // a file uploaded by someone the caller cannot see
    const foreign = await upload('secret.mp4', 'video', nonAuthor);
    expect((await post('Video', { label: 'v', fileId: foreign })).json().errors.fileId).toBe('File not found');
    // a hosted video needs a file or a link
    expect((await post('Kinescope', { label: 'k' })).statusCode).toBe(400);
  });

  it('a picture is not a video', async () => {
    const body = multipartBody({ name: 'p.png', data: TINY_PNG });
    const pic = (await t.app.inject({ method: 'POST', url: '/api/Instructors/Storage/Picture/Upload', payload: body.payload, headers: { ...body.headers, ...author.headers } })).json();
    expect((await post('Video', { label: 'v', fileId: pic.id })).statusCode).toBe(400);
  });
});

describe('order', () => {
  it('lists in order, reorders, and closes the gap after a drop', async () => {
    const { exercise } = await makeExercise(t.db, [author.accountId]);
    const base = `/api/instructors/Exercises/${exercise.id}/Pages`;
    const ids: number[] = [];
    for (const label of ['a', 'b', 'c']) {
      ids.push((await t.app.inject({ method: 'POST', url: `${base}/Content`, headers: author.headers, payload: { label, html: `<p>${label}</p>` } })).json().id);
    }
    const list = await t.app.inject({ method: 'GET', url: base, headers: author.headers });
    expect(list.json()).toMatchObject({ metadata: { filteredRecords: 3 } });
    expect(list.json().result.map((s: { label: string }) => s.label)).toEqual(['a', 'b', 'c']);

    const sorted = await t.app.inject({ method: 'POST', url: `${base}/Sort`, headers: author.headers, payload: { orders: [ids[2], ids[0], ids[1]] } });
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json().result.map((s: { label: string }) => s.label)).toEqual(['c', 'a', 'b']);

    const partial = await t.app.inject({ method: 'POST', url: `${base}/Sort`, headers: author.headers, payload: { orders: [ids[0], ids[1]] } });
    expect(partial.statusCode).toBe(400);
    const dup = await t.app.inject({ method: 'POST', url: `${base}/Sort`, headers: author.headers, payload: { orders: [ids[0], ids[0], ids[1]] } });
    expect(dup.statusCode).toBe(400);

    await t.app.inject({ method: 'DELETE', url: `${base}/${ids[2]}/Drop`, headers: author.headers });
    const after = (await t.app.inject({ method: 'GET', url: base, headers: author.headers })).json().result;
    expect(after.map((s: { label: string; sequence: number }) => [s.label, s.sequence])).toEqual([['a', 0], ['b', 1]]);
  });
});

describe('bank questions for question slides', () => {
  it('GET /api/instructors/questions/types/{type} lists the bank of a kind', async () => {
    for (const [type, label] of [['answers', 'Столица'], ['Free', 'Сумма'], ['matches', 'Пары'], ['sequence', 'Порядок'], ['code', 'Эхо'], ['10', 'Столица']]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/instructors/questions/types/${type}`, headers: author.headers });
      expect(res.statusCode, type).toBe(200);
      expect(res.json().map((x: { label: string }) => x.label), type).toContain(label);
    }
    // programs the caller cannot see are not listed
    const res = await t.app.inject({ method: 'GET', url: '/api/instructors/questions/types/answers', headers: nonAuthor.headers });
    expect(res.json().map((x: { id: number }) => x.id)).not.toContain(q.closed.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/instructors/questions/types/nope', headers: author.headers })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('lists the slide, storage and upload calls (edit paths of every kind included)', async () => {
    // the documentation is for signed-in staff (API_DOCS=staff, the default)
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: (await t.signIn('Root')).headers });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const kind of Object.values(slideKinds).map((k) => k.apiKind)) {
      expect(paths).toContain(`/api/instructors/Exercises/{exerciseId}/Pages/${kind}`);
      expect(paths).toContain(`/api/instructors/Exercises/{exerciseId}/Pages/{slideId}/Edit/${kind}`);
      expect(paths).toContain(`/api/instructors/Exercises/{exerciseId}/Pages/{slideId}/${kind}`);
    }
    for (const p of [
      '/api/instructors/Exercises/{exerciseId}/Pages/Sort',
      '/api/instructors/Exercises/{exerciseId}/Pages/{slideId}/Drop',
      '/api/instructors/Exercises/{exerciseId}/Pages/{slideId}/PreviewPage',
      '/api/instructors/exercises/get-kinescope-video-info',
      '/api/instructors/questions/types/{type}',
      '/api/instructors/Storage/Kinescope/Upload/{exerciseId}',
      '/api/Instructors/Storage/Upload',
      '/api/Instructors/Storage/Picture/Upload',
      '/api/files/{id}',
      '/api/pictures/{id}',
      '/api/uploads/tus',
    ]) expect(paths, p).toContain(p);
  });
});
