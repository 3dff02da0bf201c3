import type { z } from 'zod';
import {
  closedQuestionInput,
  freeQuestionInput,
  matchingQuestionInput,
  sequenceQuestionInput,
} from '../../../../shared/questions/index.js';
import type { ParsedQuestion } from '../importSheet.js';

/**
 * What the question-file readers and writers (GIFT, Moodle XML, QTI 2.1) share. A file is
 * read into the same `ParsedQuestion`s as the Excel sheet (`row` = the question's number in
 * the file), so one import path writes them. What a file holds that ELP cannot express, and
 * what ELP holds that a file format cannot, becomes a note: never dropped silently.
 */

export type FileFormat = 'gift' | 'moodle' | 'qti';
export const FILE_FORMATS: readonly FileFormat[] = ['gift', 'moodle', 'qti'];

/** Why something was not carried (server i18n key `questions.files.<reason>`). */
export type NoteReason =
  | 'unsupportedKind'
  | 'invalid'
  | 'feedbackDropped'
  | 'partialCredit'
  | 'toleranceDropped'
  | 'mediaDropped'
  | 'boundsDropped'
  | 'typeChanged'
  | 'caseDropped'
  | 'distractorDropped'
  | 'wildcardDropped'
  | 'sameOptions';

export interface FileNote {
  /** the question's number in the file (1-based; categories are not counted) */
  number: number;
  title: string;
  /** false: the question was not imported (or exported) at all */
  kept: boolean;
  reason: NoteReason;
  /** the file's own kind name or the detail, shown with the reason */
  detail?: string;
}

/** A picture or other file a question text refers to, by the name the text uses. */
export interface MediaFile {
  name: string;
  content: Buffer;
}

export interface ReadResult {
  questions: ParsedQuestion[];
  notes: FileNote[];
  /** the category of each question by its number (files group questions; ELP banks are programs) */
  categories: Map<number, string>;
  media: MediaFile[];
}

/** One question to write, as ELP holds it. */
export type ExportQuestion = ParsedQuestion;

export interface WriteResult {
  content: Buffer;
  notes: FileNote[];
}

const schemas = {
  closed: closedQuestionInput,
  free: freeQuestionInput,
  matching: matchingQuestionInput,
  sequence: sequenceQuestionInput,
} as const;

/**
 * Checks a read question with the same schema the bank's create call uses; a question that
 * fails becomes an "invalid" note with the first problem's path.
 */
export function checked<K extends keyof typeof schemas>(
  out: ReadResult,
  number: number,
  kind: K,
  raw: unknown,
): boolean {
  const parsed = (schemas[kind] as z.ZodTypeAny).safeParse(raw);
  const title = (raw as { label?: string }).label ?? '';
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    out.notes.push({ number, title, kept: false, reason: 'invalid', detail: `${issue.path.join('.')}: ${issue.message}` });
    return false;
  }
  out.questions.push({ row: number, kind, input: parsed.data } as ParsedQuestion);
  // answers told apart only by their markup (line breaks, spaces) read the same as plain text
  if (kind === 'closed') {
    const texts = ((parsed.data as { options?: { text: string }[] }).options ?? []).map((o) => o.text);
    const same = [...new Set(texts.filter((t, i) => texts.indexOf(t) !== i))];
    if (same.length) out.notes.push({ number, title, kept: true, reason: 'sameOptions', detail: same.join(', ') });
  }
  return true;
}

export const emptyRead = (): ReadResult => ({ questions: [], notes: [], categories: new Map(), media: [] });

/** A label from a text when the file has no name: its first words without markup. */
export function labelFrom(title: string | null | undefined, text: string, number: number): string {
  const t = (title ?? '').trim();
  if (t) return t.slice(0, 500);
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return (plain || `#${number}`).slice(0, 80);
}

/** Markup-free text of an answer (ELP answers are plain text). */
export function plain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
