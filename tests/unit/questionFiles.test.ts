import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ChoiceMode, InputValueType } from '../../shared/enums';
import type { ParsedQuestion } from '../../server/modules/questions/importSheet';
import { detectFormat, readQuestionFile, writeQuestionFile, type FileFormat } from '../../server/modules/questions/questionFiles/index';

/** ELP → file → ELP for each format: what the format carries comes back equal; the rest is a note. */

const bank: ParsedQuestion[] = [
  { row: 1, kind: 'closed', input: { label: 'Столица', text: '<p>Столица <b>Франции</b>?</p>', courseId: null, choiceMode: ChoiceMode.radio, options: [{ text: 'Париж', correct: true }, { text: 'Лион = {a}', correct: false }] } },
  { row: 2, kind: 'closed', input: { label: 'Простые', text: '<p>Простые числа</p>', courseId: null, choiceMode: ChoiceMode.checkbox, options: [{ text: '2', correct: true }, { text: '4', correct: false }, { text: '5', correct: true }] } },
  { row: 3, kind: 'free', input: { label: 'Столица (ввод)', text: '<p>Введите</p>', courseId: null, inputType: InputValueType.string, correctValues: ['Paris', 'Париж'], caseSensitive: false, min: null, max: null } },
  { row: 4, kind: 'free', input: { label: 'Пи', text: '<p>Число пи</p>', courseId: null, inputType: InputValueType.float, correctValues: ['3.14'], caseSensitive: false, min: null, max: null } },
  { row: 5, kind: 'free', input: { label: 'Сумма', text: '<p>2+3</p>', courseId: null, inputType: InputValueType.integer, correctValues: ['5'], caseSensitive: false, min: null, max: null } },
  { row: 6, kind: 'free', input: { label: 'Эссе', text: '<p>Опишите</p>', courseId: null, inputType: InputValueType.text, correctValues: [], caseSensitive: false, min: null, max: null } },
  { row: 7, kind: 'free', input: { label: 'Верно?', text: '<p>Земля круглая</p>', courseId: null, inputType: InputValueType.boolean, correctValues: ['true'], caseSensitive: false, min: null, max: null } },
  {
    row: 8,
    kind: 'matching',
    input: { label: 'Языки', text: '<p>Сопоставьте</p>', courseId: null, targets: [{ text: 'Гвидо' }, { text: 'Ритчи' }, { text: 'Вирт' }], options: [{ text: 'Python', target: 0 }, { text: 'C', target: 1 }] },
  },
  { row: 9, kind: 'sequence', input: { label: 'Этапы', text: '<p>По порядку</p>', courseId: null, items: [{ text: 'Анализ' }, { text: 'Проектирование' }, { text: 'Тесты' }] } },
  { row: 10, kind: 'code', input: { label: 'Код', text: '<p>x</p>', courseId: null, code: '', testCases: [{ inputValues: '', outputValue: '1', isHidden: false }] } },
];

/** The comparable part of a question (ids and defaults aside). */
const shape = (q: ParsedQuestion) => ({ kind: q.kind, ...q.input, courseId: null });

const carried: Record<FileFormat, number[]> = {
  gift: [1, 2, 3, 4, 5, 6, 7, 8],
  moodle: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  qti: [1, 2, 3, 4, 5, 6, 7, 8, 9],
};

describe.each(['gift', 'moodle', 'qti'] as const)('%s round trip', (format) => {
  it('gives back every question the format carries, equal, and lists the rest', async () => {
    const file = await writeQuestionFile(format, bank, 'Банк', new Map());
    if (format === 'moodle') expect(XMLValidator.validate(file.content.toString('utf8'))).toBe(true);
    expect(detectFormat(file.content, `bank.${format === 'qti' ? 'zip' : 'txt'}`)).toBe(format);
    const back = await readQuestionFile(format, file.content, 10_000_000);
    const expected = bank.filter((q) => carried[format].includes(q.row));
    expect(back.questions.map(shape)).toEqual(expected.map(shape));
    expect(back.notes.filter((n) => !n.kept)).toEqual([]);
    const lost = bank.filter((q) => !carried[format].includes(q.row)).map((q) => q.row);
    expect(file.notes.filter((n) => !n.kept).map((n) => n.number)).toEqual(lost);
  });
});

describe.each(['moodle', 'qti'] as const)('%s pictures', (format) => {
  it('carries a picture whose name has a space: the text refers to the file read back', async () => {
    const picture: ParsedQuestion = { row: 1, kind: 'closed', input: { label: 'Точка', text: '<p><img src="/stored/7" alt="точка"></p>', courseId: null, choiceMode: ChoiceMode.radio, options: [{ text: 'да', correct: true }] } };
    const content = Buffer.from('not really a png');
    const file = await writeQuestionFile(format, [picture], 'Банк', new Map([['/stored/7', { name: '7-my dot.png', content }]]));
    const back = await readQuestionFile(format, file.content, 10_000_000);
    const refs = [...back.questions[0].input.text.matchAll(/elp-media:([^"'\s>]+)/g)].map((m) => m[1]);
    expect(refs).toHaveLength(1);
    expect(back.media.find((m) => m.name === refs[0])?.content).toEqual(content);
    expect(decodeURIComponent(refs[0].split('/').pop()!)).toBe('7-my dot.png');
  });
});

/** What real files showed (tests/fixtures/question-files/real): each read in its smallest form. */
describe('what real tool output holds', () => {
  const moodle = (body: string) => readQuestionFile('moodle', Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${body}</quiz>`), 1e6);
  const q = (type: string, inner: string) => `<question type="${type}"><name><text>Q</text></name><questiontext format="html"><text>T</text></questiontext>${inner}</question>`;

  it('Moodle: a "//" in a category path is a slash inside a name', async () => {
    const read = await moodle(`<question type="category"><category><text>$course$/top/Day 3/Input//Output</text></category></question>${q('essay', '')}`);
    expect(read.categories.get(1)).toBe('Day 3/Input/Output');
  });

  it('Moodle: an all-or-nothing choice (qtype_multichoiceset) is a choice of several', async () => {
    const read = await moodle(q('multichoiceset', '<answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer><answer fraction="100"><text>c</text></answer>'));
    expect(read.questions[0].input).toMatchObject({ choiceMode: ChoiceMode.checkbox, options: [{ text: 'a', correct: true }, { text: 'b', correct: false }, { text: 'c', correct: true }] });
    expect(read.notes).toEqual([]);
  });

  it('Moodle: a right short answer with the * wildcard is kept as written, with a note; an escaped \\* is a star', async () => {
    const read = await moodle(q('shortanswer', '<answer fraction="100"><text>ws(*)</text></answer><answer fraction="100"><text>2\\*3</text></answer><answer fraction="0"><text>*</text></answer>'));
    expect(read.questions[0].input).toMatchObject({ correctValues: ['ws(*)', '2*3'] });
    expect(read.notes).toEqual([expect.objectContaining({ kept: true, reason: 'wildcardDropped', detail: 'ws(*)' })]);
  });

  it('Moodle: a star in an ELP answer is written escaped, so Moodle does not take it for the wildcard', async () => {
    const star: ParsedQuestion = { row: 1, kind: 'free', input: { label: 'Умножение', text: '<p>2 на 3</p>', courseId: null, inputType: InputValueType.string, correctValues: ['2*3'], caseSensitive: false, min: null, max: null } };
    const file = await writeQuestionFile('moodle', [star], 'Банк', new Map());
    expect(file.content.toString()).toContain('<text><![CDATA[2\\*3]]></text>');
    const back = await readQuestionFile('moodle', file.content, 1e6);
    expect(back.questions.map(shape)).toEqual([shape(star)]);
    expect(back.notes).toEqual([]);
  });

  it('answers that differ only in markup read the same once plain: a note names them', async () => {
    const read = await moodle(q('multichoice', '<single>true</single><answer fraction="100"><text><![CDATA[J<br>C]]></text></answer><answer fraction="0"><text><![CDATA[J&nbsp; C]]></text></answer>'));
    expect(read.questions).toHaveLength(1);
    expect(read.notes).toEqual([expect.objectContaining({ kept: true, reason: 'sameOptions', detail: 'J C' })]);
  });

  const qti = (body: string, extra = '') =>
    readQuestionFile(
      'qti',
      Buffer.from(
        `<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="i" title="I"><responseDeclaration identifier="R" cardinality="single" baseType="string"><correctResponse><value>x</value></correctResponse></responseDeclaration><responseDeclaration identifier="HINT" cardinality="single" baseType="identifier"/><itemBody><p>T</p>${body}</itemBody>${extra}</assessmentItem>`,
      ),
      1e6,
    );

  it('QTI: an end-attempt button (OpenOLAT hints) is not a second interaction', async () => {
    const read = await qti('<textEntryInteraction responseIdentifier="R"/><p><endAttemptInteraction responseIdentifier="HINT" title="Hint"/></p>');
    expect(read.questions[0].input).toMatchObject({ text: '<p>T</p>', correctValues: ['x'] });
    expect(read.notes).toEqual([]);
  });

  it("QTI: Onyx's tolerant text scoring (mapTolResponse) is reported as not carried", async () => {
    const read = await qti('<textEntryInteraction responseIdentifier="R"/>', '<responseProcessing><mapTolResponse xmlns="http://bps-system.de/xsd/imsqti_ext_maptolresponse" identifier="R" tolerance="2.0"/></responseProcessing>');
    expect(read.notes).toEqual([expect.objectContaining({ kept: true, reason: 'toleranceDropped' })]);
  });
});
