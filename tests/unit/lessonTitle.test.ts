import { describe, expect, it } from 'vitest';
import { lessonTitle } from '../../src/ui/lessonTitle';

describe('a lesson title with its number', () => {
  it('puts the number before a plain title', () => {
    expect(lessonTitle(1, 'Введение', '1.')).toBe('1. Введение');
    expect(lessonTitle(2, 'Practice', 'Lesson 2.')).toBe('Lesson 2. Practice');
  });

  it('keeps a title its author numbered with a lesson word, whatever the number', () => {
    expect(lessonTitle(1, 'Урок 1. Введение', 'Урок 1.')).toBe('Урок 1. Введение');
    expect(lessonTitle(1, 'Урок 1. Введение', '1.')).toBe('Урок 1. Введение');
    expect(lessonTitle(3, 'урок 2: повторение', '3.')).toBe('урок 2: повторение');
    expect(lessonTitle(2, 'Lesson 2 — Loops', 'Lesson 2.')).toBe('Lesson 2 — Loops');
    expect(lessonTitle(4, 'Тема №4. Функции', '4.')).toBe('Тема №4. Функции');
  });

  it('keeps a bare number only when it is the lesson’s own', () => {
    expect(lessonTitle(1, '1. Введение', '1.')).toBe('1. Введение');
    expect(lessonTitle(3, '2024. Итоги года', '3.')).toBe('3. 2024. Итоги года');
  });

  it('does not take a word that only starts like one for a number', () => {
    expect(lessonTitle(1, 'Уроки истории', '1.')).toBe('1. Уроки истории');
    expect(lessonTitle(1, 'Unit testing', 'Lesson 1.')).toBe('Lesson 1. Unit testing');
  });
});
