import giftParser from 'gift-pegjs';
import type { GIFTQuestion, TextChoice, TextFormat } from 'gift-pegjs';
import { ChoiceMode, InputValueType } from '../../../../shared/enums.js';
import type { ParsedQuestion } from '../importSheet.js';
import { checked, emptyRead, labelFrom, plain, type FileNote, type ReadResult, type WriteResult } from './model.js';
import { categoryName, categoryPath, freeNotes, isWhole, matchingNotes, numberText } from './shared.js';

/**
 * GIFT (Moodle's text format): read with gift-pegjs, written here. GIFT carries choice
 * (one or several correct), short answer, numerical, true/false, essay and matching
 * questions and categories; no ordering, code or files.
 */

/** html stays; Moodle's plain/auto text becomes HTML with its characters escaped. */
function html(t: TextFormat): string {
  if (t.format === 'html') return t.text;
  return t.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}

export function readGift(source: string): ReadResult {
  const out = emptyRead();
  let questions: GIFTQuestion[];
  questions = giftParser.parse(source.replace(/^\uFEFF/, ''));
  let category = '';
  let number = 0;
  for (const q of questions) {
    if (q.type === 'Category') {
      category = categoryName(q.title);
      continue;
    }
    number++;
    const text = html(q.stem);
    const label = labelFrom(q.title, text, number);
    const note = (n: Omit<FileNote, 'number' | 'title'>) => out.notes.push({ number, title: label, ...n });
    if (category) out.categories.set(number, category);
    if (q.type === 'Description' || q.hasEmbeddedAnswers) {
      note({ kept: false, reason: 'unsupportedKind', detail: q.type === 'Description' ? 'description' : 'cloze' });
      continue;
    }
    const feedback = 'globalFeedback' in q && q.globalFeedback !== null;
    const choiceFeedback = (cs: { feedback: TextFormat | null }[]) => cs.some((c) => c.feedback !== null);
    let ok = false;
    switch (q.type) {
      case 'MC': {
        const weighted = q.choices.some((c) => c.weight !== null);
        const correct = (c: TextChoice) => c.isCorrect || (c.weight ?? 0) > 0;
        const single = !weighted && q.choices.filter(correct).length === 1;
        if (weighted && q.choices.some((c) => c.weight !== null && c.weight > 0 && c.weight < 100 && q.choices.filter(correct).length === 1)) {
          note({ kept: true, reason: 'partialCredit' });
        }
        ok = checked(out, number, 'closed', {
          label,
          text,
          choiceMode: single ? ChoiceMode.radio : ChoiceMode.checkbox,
          options: q.choices.map((c) => ({ text: plain(html(c.text)), correct: correct(c) })),
        });
        if (ok && (feedback || choiceFeedback(q.choices))) note({ kept: true, reason: 'feedbackDropped' });
        break;
      }
      case 'Short': {
        const partial = q.choices.filter((c) => !c.isCorrect && c.weight !== null && c.weight > 0);
        ok = checked(out, number, 'free', {
          label,
          text,
          inputType: InputValueType.string,
          correctValues: q.choices.filter((c) => c.isCorrect || c.weight === 100).map((c) => plain(html(c.text))),
        });
        if (ok && partial.length) note({ kept: true, reason: 'partialCredit' });
        if (ok && (feedback || choiceFeedback(q.choices))) note({ kept: true, reason: 'feedbackDropped' });
        break;
      }
      case 'Numerical': {
        const choices = Array.isArray(q.choices) ? q.choices.filter((c) => c.isCorrect || c.weight === 100).map((c) => c.text) : [q.choices];
        let tolerance = false;
        const values = choices.map((c) => {
          if (c.type === 'high-low') {
            tolerance = true;
            return ((c.numberHigh ?? 0) + (c.numberLow ?? 0)) / 2;
          }
          if (c.type === 'range' && c.range) tolerance = true;
          return c.number ?? 0;
        });
        ok = checked(out, number, 'free', {
          label,
          text,
          inputType: values.every(isWhole) ? InputValueType.integer : InputValueType.float,
          correctValues: values.map(numberText),
        });
        if (ok && tolerance) note({ kept: true, reason: 'toleranceDropped' });
        if (ok && (feedback || (Array.isArray(q.choices) && choiceFeedback(q.choices)))) note({ kept: true, reason: 'feedbackDropped' });
        break;
      }
      case 'TF':
        ok = checked(out, number, 'free', { label, text, inputType: InputValueType.boolean, correctValues: [q.isTrue ? 'true' : 'false'] });
        if (ok && (feedback || q.trueFeedback || q.falseFeedback)) note({ kept: true, reason: 'feedbackDropped' });
        break;
      case 'Essay':
        ok = checked(out, number, 'free', { label, text, inputType: InputValueType.text, correctValues: [] });
        break;
      case 'Matching': {
        const targets: string[] = [];
        const targetOf = (s: string) => {
          const t = plain(s);
          if (!targets.includes(t)) targets.push(t);
          return targets.indexOf(t);
        };
        const options = q.matchPairs.flatMap((p) => {
          const target = targetOf(p.subanswer);
          const option = plain(html(p.subquestion));
          return option ? [{ text: option, target }] : [];
        });
        ok = checked(out, number, 'matching', { label, text, targets: targets.map((t) => ({ text: t })), options });
        if (ok && feedback) note({ kept: true, reason: 'feedbackDropped' });
        break;
      }
    }
    if (!ok && !out.notes.some((n) => n.number === number && !n.kept)) note({ kept: false, reason: 'invalid' });
  }
  return out;
}

// ------------------------------------------------------------------ writing

const esc = (s: string) => s.replace(/[\\~=#{}:]/g, (c) => `\\${c}`);
const weight = (n: number) => `%${Number((100 / n).toFixed(5))}%`;

/** One bank as a GIFT file: a category line with the bank's name, then its questions. */
export function writeGift(questions: ParsedQuestion[], category: string): WriteResult {
  const notes: FileNote[] = [];
  const parts: string[] = [`// ELP question bank`, `$CATEGORY: ${categoryPath(category)}`, ''];
  questions.forEach((q, i) => {
    const number = i + 1;
    const title = q.input.label;
    const note = (n: Omit<FileNote, 'number' | 'title'>) => notes.push({ number, title, ...n });
    const head = `::${esc(title)}::[html]${esc(q.input.text)}`;
    let body: string | null = null;
    switch (q.kind) {
      case 'closed': {
        const opts = q.input.options ?? [];
        const n = opts.filter((o) => o.correct).length;
        body =
          q.input.choiceMode === ChoiceMode.radio && n === 1
            ? opts.map((o) => `\t${o.correct ? '=' : '~'}${esc(o.text)}`).join('\n')
            : opts.map((o) => `\t~${o.correct ? weight(n) : '%-100%'}${esc(o.text)}`).join('\n');
        break;
      }
      case 'free': {
        const f = q.input;
        freeNotes(f, note, { caseSensitive: false, dateType: false });
        if (f.inputType === InputValueType.boolean && f.correctValues.length) body = f.correctValues[0] === 'true' ? 'T' : 'F';
        else if (f.inputType === InputValueType.integer || f.inputType === InputValueType.float) {
          if (f.correctValues.length) body = `#${f.correctValues.map((v) => `=${esc(v)}:0`).join(' ')}`;
        } else if (!f.correctValues.length) body = '';
        else body = f.correctValues.map((v) => `=${esc(v)}`).join(' ');
        if (body === null) note({ kept: false, reason: 'unsupportedKind', detail: 'free' });
        break;
      }
      case 'matching': {
        matchingNotes(q.input, note);
        const used = new Set(q.input.options.map((o) => o.target));
        const pairs = q.input.options.filter((o) => o.target !== null).map((o) => `\t=${esc(o.text)} -> ${esc(q.input.targets[o.target!].text)}`);
        const extra = q.input.targets.filter((_, t) => !used.has(t)).map((t) => `\t= -> ${esc(t.text)}`);
        body = [...pairs, ...extra].join('\n');
        break;
      }
      default:
        note({ kept: false, reason: 'unsupportedKind', detail: q.kind });
    }
    if (body !== null) parts.push(`${head}{${body.includes('\n') ? `\n${body}\n` : body}}`, '');
  });
  return { content: Buffer.from(parts.join('\n'), 'utf8'), notes };
}
