import { ChoiceMode, InputValueType } from '../../../shared/enums.js';
import type { Db } from '../client.js';
import { insertClosedQuestion } from '../../modules/questions/closed.js';
import { insertCodeQuestion } from '../../modules/questions/code.js';
import { freeValues, insertFreeQuestion } from '../../modules/questions/free.js';
import { insertMatchingQuestion } from '../../modules/questions/matching.js';
import { insertSequenceQuestion } from '../../modules/questions/sequence.js';

/**
 * What seedQuestions created. `closed`, `free`, `matching`, `sequence` and `code` are one
 * question per bank (the shape seedSlides takes); the rest are the other variants.
 */
export interface SeededBankQuestions {
  /** radio (one correct answer) */
  closed: number;
  /** checkbox (several correct answers) */
  closedCheckbox: number;
  /** the integer free question */
  free: number;
  /** one free question per input type */
  freeByType: { string: number; text: number; integer: number; float: number; date: number; boolean: number };
  matching: number;
  sequence: number;
  /** a code question with two test cases */
  code: number;
}

/**
 * Demo question banks of a program: one question of every kind (closed radio and checkbox,
 * free of each input type, matching, sequence, code with two test cases), written through
 * the same functions the API uses. Order in seedDemo: programs → questions → slides.
 */
export async function seedQuestions(db: Db, programId: number): Promise<SeededBankQuestions> {
  return db.transaction(async (tx) => {
    const closed = await insertClosedQuestion(
      tx,
      {
        label: 'Кто создал Python?',
        text: '<p>Кто создал язык программирования Python?</p>',
        programId,
        choiceMode: ChoiceMode.radio,
        options: [
          { text: 'Гвидо ван Россум', correct: true },
          { text: 'Деннис Ритчи', correct: false },
          { text: 'Бьёрн Страуструп', correct: false },
        ],
      },
      null,
    );
    const closedCheckbox = await insertClosedQuestion(
      tx,
      {
        label: 'Изменяемые типы',
        text: '<p>Отметьте все <b>изменяемые</b> типы Python.</p>',
        programId,
        options: [
          { text: 'list', correct: true },
          { text: 'tuple', correct: false },
          { text: 'dict', correct: true },
          { text: 'str', correct: false },
        ],
      },
      null,
    );

    const free = (label: string, text: string, inputType: number, correctValues: string[], bounds: { min?: number; max?: number } = {}) =>
      insertFreeQuestion(
        tx,
        freeValues({ label, text, programId, inputType, correctValues, caseSensitive: false, min: bounds.min ?? null, max: bounds.max ?? null }),
        null,
      );
    const freeByType = {
      string: await free('Ключевое слово функции', '<p>Каким ключевым словом объявляют функцию?</p>', InputValueType.string, ['def']),
      text: await free('Зачем нужны функции', '<p>Объясните своими словами, зачем нужны функции.</p>', InputValueType.text, [], { max: 500 }),
      integer: await free('Результат 2 ** 3', '<p>Что выведет <code>print(2 ** 3)</code>?</p>', InputValueType.integer, ['8']),
      float: await free('Деление', '<p>Что выведет <code>print(7 / 2)</code>?</p>', InputValueType.float, ['3.5']),
      date: await free('Первый выпуск Python', '<p>Когда вышла первая версия Python (0.9.0)?</p>', InputValueType.date, ['20.02.1991']),
      boolean: await free('Отступы', '<p>Верно ли, что отступы в Python значимы?</p>', InputValueType.boolean, ['true']),
    };

    const matching = await insertMatchingQuestion(
      tx,
      {
        label: 'Типы значений',
        text: '<p>Сопоставьте значения и их типы.</p>',
        programId,
        targets: [{ text: 'int' }, { text: 'str' }, { text: 'list' }],
        options: [
          { text: '42', target: 0 },
          { text: '"42"', target: 1 },
          { text: '[4, 2]', target: 2 },
          { text: '4.2', target: null },
        ],
      },
      null,
    );

    const sequence = await insertSequenceQuestion(
      tx,
      {
        label: 'Порядок запуска',
        text: '<p>Расположите шаги по порядку.</p>',
        programId,
        items: [{ text: 'Написать код' }, { text: 'Сохранить файл main.py' }, { text: 'Запустить python3 main.py' }, { text: 'Прочитать вывод' }],
      },
      null,
    );

    const code = await insertCodeQuestion(
      tx,
      {
        label: 'Сумма двух чисел',
        text: '<p>Прочитайте два целых числа (каждое в своей строке) и выведите их сумму.</p>',
        programId,
        code: 'a = int(input())\nb = int(input())\n# выведите сумму\n',
        testCases: [
          { inputValues: '2\n3\n', outputValue: '5', sequence: 1, isHidden: false },
          { inputValues: '-10\n25\n', outputValue: '15', sequence: 2, isHidden: true },
        ],
      },
      null,
    );

    return { closed, closedCheckbox, free: freeByType.integer, freeByType, matching, sequence, code };
  });
}
