import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pictureAddress } from '../../shared/files.js';
import { createTestApp } from './support/app.js';
import { makeProgram, multipart, personas, type Personas } from './support/questions.js';

/**
 * Question files shaped like what Moodle and QTI tools write (tests/fixtures/question-files):
 * the questions land in the bank, the report names what was left out, and a Moodle picture
 * (a base64 `<file>`) is stored, shown by the text, and embedded again on export.
 */
const t = await createTestApp();
let who: Personas;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/question-files/${name}`, import.meta.url));
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
type Row = { label: string; text: string; options?: { text: string; correct: boolean }[] };

async function upload(programId: number, content: Buffer, filename: string) {
  const body = multipart([{ name: 'file', filename, content }]);
  return t.app.inject({ method: 'POST', url: `/api/questions/files/import/${programId}`, headers: { ...who.instructor.headers, 'accept-language': 'ru', ...body.headers }, payload: body.payload });
}
const bank = async (kind: 'answers' | 'free', programId: number) =>
  ((await t.app.inject({ method: 'POST', url: `/api/questions/${kind}/list?courseId=${programId}`, headers: who.instructor.headers })).json() as { result: Row[] }).result;

beforeAll(async () => {
  who = await personas(t);
});

describe('a Moodle XML export', () => {
  it('imports the choice, true/false and essay questions with the picture, and reports the description', async () => {
    const { program } = await makeProgram(t.db, 'Moodle');
    const res = await upload(program.id, fixture('moodle-export.xml'), 'moodle-export.xml');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ format: 'moodle', imported: 3, categories: [{ name: 'Основы/Python', count: 4 }] });
    // the answers' feedback is not carried; the picture is (its name has a space)
    expect(body.notes).toEqual([
      expect.objectContaining({ number: 1, title: 'Логотип', kept: true, reason: expect.stringMatching(/комментарии/) }),
      expect.objectContaining({ number: 4, title: 'Вступление', kept: false }),
    ]);

    const [closed] = await bank('answers', program.id);
    expect(closed.label).toBe('Логотип');
    const picture = new RegExp(`<img src="${pictureAddress(0).replace(/0$/, '')}(\\d+)"`).exec(closed.text);
    expect(picture, closed.text).not.toBeNull();
    const stored = await t.app.inject({ method: 'GET', url: pictureAddress(Number(picture![1])), headers: who.instructor.headers });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.toString('base64')).toBe(PNG_BASE64);
    expect(closed.options?.map((o) => [o.text, o.correct])).toEqual([['Зелёного', true], ['Красного', false]]);
    expect((await bank('free', program.id)).map((q) => q.label).sort()).toEqual(['Отступы', 'Эссе о типах']);

    const file = await t.app.inject({ method: 'GET', url: `/api/questions/files/export/${program.id}?format=moodle`, headers: who.instructor.headers });
    expect(file.statusCode).toBe(200);
    const xml = file.body;
    expect(xml).toMatch(/<img src="@@PLUGINFILE@@\/[^"]+\.png"/);
    expect(xml).toContain(`encoding="base64">${PNG_BASE64}</file>`);
  });
});

describe('a QTI 2.1 choice item', () => {
  it('imports the choice with its prompt and notes the picture the lone item lacks', async () => {
    const { program } = await makeProgram(t.db, 'QTI');
    const res = await upload(program.id, fixture('qti21-choice.xml'), 'qti21-choice.xml');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ format: 'qti', imported: 1 });
    expect(body.notes).toEqual([expect.objectContaining({ number: 1, title: 'Интерпретатор', kept: true, reason: expect.stringContaining('scheme.png') })]);
    const [q] = await bank('answers', program.id);
    expect(q.label).toBe('Интерпретатор');
    expect(q.text).toContain('Что исполняет байт-код Python?');
    expect(q.text).not.toContain('elp-media:');
    expect(q.text).not.toContain('<img');
    expect(q.options?.map((o) => [o.text, o.correct])).toEqual([['Компилятор', false], ['Виртуальная машина', true], ['Операционная система', false]]);
  });
});
