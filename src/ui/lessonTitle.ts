/**
 * A lesson's title as a list shows it, its number before it («1. Введение», «Урок 1. Введение»),
 * unless its author numbered it already: «Урок 1. Введение» stays as it is, not «Урок 1. Урок 1.
 * Введение». A title that starts with a lesson word and a number («Урок 3:», «Lesson 2 —») is
 * taken as numbered whatever its number (the order may have changed since); a bare number only
 * when it is the lesson's own («1. Введение» at place 1, not «2024. Итоги» at place 3).
 */
const WORD_NUMBERED = /^\s*(урок|занятие|тема|модуль|lesson|topic|module|unit)\s*№?\s*\d+\s*[.:)\-–—]?(\s|$)/i;

export function lessonTitle(n: number, label: string, prefix: string): string {
  const own = new RegExp(`^\\s*${n}\\s*[.:)]`);
  return WORD_NUMBERED.test(label) || own.test(label) ? label : `${prefix} ${label}`;
}
