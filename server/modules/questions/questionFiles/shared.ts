import { InputValueType } from '../../../../shared/enums.js';
import type { FreeQuestionInput, MatchingQuestionInput } from '../../../../shared/questions/index.js';
import type { FileNote } from './model.js';

/** What the writers share: the notes on what a format loses of a question. */

type Note = (n: Omit<FileNote, 'number' | 'title'>) => void;

/**
 * A Moodle category path (GIFT `$CATEGORY:` or Moodle XML `<category>`) as the report names it:
 * without the context and `top` parts, a slash inside a name (written `//` by Moodle) as one slash.
 */
export const categoryName = (path: string) =>
  path
    .replace(/^\$(course|system|cat\d*|module)\$\/?/, '')
    .replace(/^top\/?/i, '')
    .replace(/\/\//g, '/');

/** A bank's name as a Moodle category path: one category, so a slash in the name is written `//` as Moodle does. */
export const categoryPath = (name: string) => `$course$/top/${name.replace(/[\r\n]/g, ' ').replace(/\//g, '//')}`;

export const isWhole = (n: number) => Number.isInteger(n);
/** A number as a correct value: no exponent for ordinary sizes, no trailing zeros. */
export const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** What a format can carry of a free-answer question besides its kind and values. */
export interface FreeCaps {
  caseSensitive: boolean;
  dateType: boolean;
  /** a multi-line answer checked against values (GIFT and Moodle only know a one-line one) */
  textWithAnswers?: boolean;
}

/** Notes for what a free-answer question loses in a format; numbers come back as integers when whole. */
export function freeNotes(f: FreeQuestionInput, note: Note, caps: FreeCaps): void {
  if (f.caseSensitive && !caps.caseSensitive) note({ kept: true, reason: 'caseDropped' });
  if (f.min !== null || f.max !== null) note({ kept: true, reason: 'boundsDropped' });
  if (f.inputType === InputValueType.date && !caps.dateType) note({ kept: true, reason: 'typeChanged', detail: 'date' });
  if (f.inputType === InputValueType.text && f.correctValues.length && !caps.textWithAnswers) note({ kept: true, reason: 'typeChanged', detail: 'text' });
  if (f.inputType === InputValueType.float && f.correctValues.length && f.correctValues.every((v) => isWhole(Number(v)))) {
    note({ kept: true, reason: 'typeChanged', detail: 'float' });
  }
  if (f.inputType === InputValueType.string && !f.correctValues.length) note({ kept: true, reason: 'typeChanged', detail: 'string' });
}

/** Moodle and GIFT pair every left item with a right one: an ELP option matched to nothing is left out. */
export function matchingNotes(m: MatchingQuestionInput, note: Note): void {
  const loose = m.options.filter((o) => o.target === null);
  if (loose.length) note({ kept: true, reason: 'distractorDropped', detail: loose.map((o) => o.text).join(', ') });
}
