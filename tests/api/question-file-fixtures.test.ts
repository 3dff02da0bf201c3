import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChoiceMode, InputValueType } from '../../shared/enums.js';
import { pictureAddress } from '../../shared/files.js';
import { createTestApp } from './support/app.js';
import { makeProgram, multipart, personas, type Personas } from './support/questions.js';

/**
 * Question files shaped like what Moodle and QTI tools write (tests/fixtures/question-files):
 * the questions land in the bank, the report names what was left out, and a Moodle picture
 * (a base64 `<file>`) is stored, shown by the text, and embedded again on export. Files really
 * written by Moodle, Onyx Editor and OpenOLAT (fixtures/question-files/real, provenance in the
 * README) are imported as they are.
 */
const t = await createTestApp();
let who: Personas;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/question-files/${name}`, import.meta.url));
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
type Row = { label: string; text: string; options?: { text: string; correct: boolean }[]; choiceMode?: number; inputType?: number; correctValues?: string[]; caseSensitive?: boolean };

async function upload(programId: number, content: Buffer, filename: string) {
  const body = multipart([{ name: 'file', filename, content }]);
  return t.app.inject({ method: 'POST', url: `/api/questions/files/import/${programId}`, headers: { ...who.instructor.headers, 'accept-language': 'ru', ...body.headers }, payload: body.payload });
}

/** Imports a fixture into a new program (named `programLabel`) as `filename`: the program and the import report. */
async function importFixture(path: string, filename = path.split('/').pop()!, programLabel = path) {
  const { program } = await makeProgram(t.db, programLabel);
  const res = await upload(program.id, fixture(path), filename);
  expect(res.statusCode).toBe(200);
  return { program, body: res.json() };
}
const bank = async (kind: 'answers' | 'free' | 'matches', programId: number) =>
  ((await t.app.inject({ method: 'POST', url: `/api/questions/${kind}/list?courseId=${programId}&take=100`, headers: who.instructor.headers })).json() as { result: Row[] }).result;
/** A bank's questions by label as [label, options as [text, right]] (labels repeat across a file's categories). */
const choices = (rows: Row[]) => rows.map((q) => [q.label, q.options!.map((o) => [o.text, o.correct])]);

beforeAll(async () => {
  who = await personas(t);
});

describe('a Moodle XML export', () => {
  it('imports the choice, true/false and essay questions with the picture, and reports the description', async () => {
    const { program, body } = await importFixture('moodle-export.xml', undefined, 'Moodle');
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
    const { program, body } = await importFixture('qti21-choice.xml', undefined, 'QTI');
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

describe('a real Moodle 3.x export (excerpt)', () => {
  it('imports all 18 questions of its two categories and reports what Moodle holds that ELP does not', async () => {
    const { program, body } = await importFixture('real/moodle/programming-fundamentals-excerpt.xml', 'questions-Programming Fundamentals.xml', 'Moodle (real)');
    // a slash in a category name is written "//" by Moodle ("Input//Output")
    expect(body).toMatchObject({
      format: 'moodle',
      imported: 18,
      categories: [
        { name: 'Current Mod 3 Questions/Day 3/Strings', count: 12 },
        { name: 'Current Mod 3 Questions/Day 3/Input/Output', count: 6 },
      ],
    });
    const notes = body.notes as { number: number; title: string; kept: boolean; reason: string }[];
    expect(notes.filter((n) => !n.kept)).toEqual([]);
    // Moodle fills in "Your answer is correct." and the like: every question with any feedback says it was left out
    expect(notes.filter((n) => /комментарии/.test(n.reason)).map((n) => n.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(notes).toContainEqual(expect.objectContaining({ number: 4, title: 'M3D3Q09', reason: expect.stringMatching(/читаются одинаково: J C A C$/) }));
    expect(notes).toContainEqual(expect.objectContaining({ number: 11, title: 'M3D3Q10', reason: expect.stringMatching(/знак \* .*\(ws\(\*\), ws\(\*\);\)$/) }));
    expect(notes).toHaveLength(17);

    const closed = await bank('answers', program.id);
    expect(closed).toHaveLength(11);
    expect(choices(closed)).toContainEqual(['M3D3Q04', [['"using"', false], ['"global"', false], ['"standard"', true], ['"static"', false]]]);
    expect(choices(closed)).toContainEqual(['M3D3Q09', [["Does the same thing as '\\t' in the output stream but is easier to read.", false], ['Instructs program to output next piece of information on the next line.', true], ['Used to end code block and will produce an error if you forget to use it.', false], ['Required at the end of every std::cout statement before the semi-colon.', false]]]);
    // the all-or-nothing plugin's question is a choice of several
    const set = closed.find((q) => q.label === 'M3D3Q05')!;
    expect(set.choiceMode).toBe(ChoiceMode.checkbox);
    expect(set.options!.map((o) => [o.text, o.correct])).toEqual([['=', true], ['+', true], ['*', false], ['/', false]]);
    expect(closed.find((q) => q.label === 'M3D3Q03' && q.text.includes('GIVEN'))!.text).toContain('std::string myString = "Hello, World!";');

    const free = (await bank('free', program.id)).map((q) => [q.label, q.inputType, q.correctValues, q.caseSensitive]);
    expect(free).toEqual(
      expect.arrayContaining([
        ['M3D3Q06', InputValueType.integer, ['6'], false],
        ['M3D3Q07', InputValueType.integer, ['9'], false],
        ['M3D3Q01', InputValueType.string, ['string', 'std::string'], true],
        ['M3D3Q10', InputValueType.string, ['ws(*)', 'ws', 'ws(cin)', 'ws(cin);', 'ws(*);'], true],
        ['M3D3Q02', InputValueType.boolean, ['false'], false],
        ['M3D3Q02', InputValueType.string, ['cout'], true],
      ]),
    );
    expect(free).toHaveLength(6);
    const [matching] = (await bank('matches', program.id)) as unknown as { label: string; targets: { text: string }[]; options: { text: string; target: number | null }[] }[];
    expect(matching.label).toBe('M3D3Q01');
    expect(matching.options.map((o) => [o.text, matching.targets[o.target!].text])).toEqual([
      ['Directs program output to a monitor-Standard Output', 'STDOUT'],
      ['Directs program output to a monitor-Standard Error', 'STDERR'],
      ['Directs keyboard input to the program-Standard Input', 'STDIN'],
    ]);
  });
});

describe('real QTI 2.1 items from Onyx Editor and OpenOLAT', () => {
  const importOne = (name: string) => importFixture(`real/${name}`, undefined, name);

  it('Onyx 3.6: a single choice whose text stands bare in the item body (Windows line ends)', async () => {
    const { program, body } = await importOne('onyx/Auswahlaufgabe_1509468352.xml');
    expect(body).toMatchObject({ format: 'qti', imported: 1, notes: [], categories: [] });
    const [q] = await bank('answers', program.id);
    expect(q).toMatchObject({ label: 'Auswahlaufgabe SC', text: 'Nennen Sie die Hauptstadt Deutschlands!', choiceMode: ChoiceMode.radio });
    expect(q.options!.map((o) => [o.text, o.correct])).toEqual([['Berlin', true], ['Hamburg', false], ['München', false], ['Bonn', false]]);
  });

  it('Onyx 3.8: a text entry with two mapped answers, its tolerance extension reported', async () => {
    const { program, body } = await importOne('onyx/text-entry-3-8.xml');
    expect(body).toMatchObject({ format: 'qti', imported: 1 });
    expect(body.notes).toEqual([expect.objectContaining({ number: 1, kept: true, reason: expect.stringMatching(/погрешность/) })]);
    const [q] = await bank('free', program.id);
    expect(q).toMatchObject({ label: 'shya model 2017/01', inputType: InputValueType.string, correctValues: ['ACR 30. 8. 2017, 6 Oc 234/88h', 'ACR 30.08.2017, 6 Oc 234/88h'] });
    // the stored text is the cleaned body: no XML namespace attributes or font tags, the inline field removed
    expect(q.text).toContain('Give the name of the following symbols:');
    expect(q.text).toContain('The correct designation of the model iss :');
    expect(q.text).not.toMatch(/xmlns|<font|textEntryInteraction/);
  });

  it('OpenOLAT 11.2: a multiple choice with a "correct solution" button; the modal feedback is reported', async () => {
    const { program, body } = await importOne('openolat/multiple-choice-score-all-11-2-3.xml');
    expect(body).toMatchObject({ format: 'qti', imported: 1 });
    expect(body.notes).toEqual([expect.objectContaining({ number: 1, title: 'Multiple choice score', kept: true, reason: expect.stringMatching(/комментарии/) })]);
    const [q] = await bank('answers', program.id);
    expect(q).toMatchObject({ label: 'Multiple choice score', text: '<p>A question</p>', choiceMode: ChoiceMode.checkbox });
    expect(q.options!.map((o) => [o.text, o.correct])).toEqual([['Correct answer', true], ['Wrong answer', false], ['Incorrect answer', false], ['Right answer', true]]);
  });
});
