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
