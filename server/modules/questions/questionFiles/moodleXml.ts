import { XMLParser } from 'fast-xml-parser';
import { ChoiceMode, InputValueType } from '../../../../shared/enums.js';
import type { ParsedQuestion } from '../importSheet.js';
import { MEDIA_SCHEME, type MediaMap } from './media.js';
import { checked, emptyRead, labelFrom, plain, type FileNote, type ReadResult, type WriteResult } from './model.js';
import { categoryName, categoryPath, freeNotes, isWhole, matchingNotes, numberText } from './shared.js';

/**
 * Moodle XML: multichoice, truefalse, shortanswer, numerical, essay, matching, ordering
 * (qtype_ordering) and all-or-nothing choice (qtype_multichoiceset) questions, categories,
 * and the files of question texts (base64 `<file>` elements referred to as
 * @@PLUGINFILE@@/name). Other types (cloze, calculated, drag and drop, random…) are listed
 * as not imported.
 */

type Node = Record<string, unknown>;
const arrays = new Set(['question', 'answer', 'file', 'subquestion', 'tag']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => arrays.has(name),
});

const str = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? str((v as Node)['#text']) : String(v));
/** The `<text>` of a text element (questiontext, name, answer…). */
const textOf = (n: unknown): string => (n && typeof n === 'object' ? str((n as Node).text) : str(n));
const list = (n: unknown): Node[] => (Array.isArray(n) ? (n as Node[]) : []);
const hasFeedback = (q: Node) =>
  ['generalfeedback', 'correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'].some((k) => textOf(q[k]) !== '') ||
  list(q.answer).some((a) => textOf(a.feedback) !== '');

export function isMoodleXml(source: string): boolean {
  return /<quiz[\s>]/.test(source.slice(0, 2000));
}

export function readMoodleXml(source: string): ReadResult {
  const out = emptyRead();
  const doc = parser.parse(source) as Node;
  const quiz = doc.quiz as Node | undefined;
  let category = '';
  let number = 0;
  for (const q of list(quiz?.question)) {
    const type = str(q['@_type']);
    if (type === 'category') {
      category = categoryName(textOf(q.category));
      continue;
    }
    number++;
    const qtext = q.questiontext as Node | undefined;
    // files of the text are kept under the question's number (names repeat between questions),
    // URL-encoded so a name with spaces stays one reference in the text
    for (const f of list(qtext?.file)) {
      const name = str(f['@_name']);
      if (name && str(f['@_encoding']) === 'base64') out.media.push({ name: `q${number}/${encodeURIComponent(name)}`, content: Buffer.from(str(f), 'base64') });
    }
    const raw = textOf(qtext);
    const text = str(qtext?.['@_format']) === 'html' || /<[a-z]/i.test(raw) ? raw : raw.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>');
    const withMedia = text.replace(/@@PLUGINFILE@@\/([^"'\s)>]+)/g, (_, name: string) => `${MEDIA_SCHEME}q${number}/${encodeURIComponent(safeDecode(name))}`);
    const label = labelFrom(textOf(q.name), text, number);
    const note = (n: Omit<FileNote, 'number' | 'title'>) => out.notes.push({ number, title: label, ...n });
    if (category) out.categories.set(number, category);
    const answers = list(q.answer).map((a) => ({ text: plain(textOf(a)), fraction: Number(str(a['@_fraction']) || 0), node: a }));
    const base = { label, text: withMedia };
    let ok: boolean | null = null;
    switch (type) {
      case 'multichoice':
      case 'multichoiceset': {
        // multichoiceset (the "all or nothing" plugin) is a choice of several with no partial credit
        const single = type === 'multichoice' && str(q.single) !== 'false';
        const correct = single ? answers.filter((a) => a.fraction >= 100) : answers.filter((a) => a.fraction > 0);
        if (answers.some((a) => a.fraction > 0 && a.fraction < 100) && single) note({ kept: true, reason: 'partialCredit' });
        ok = checked(out, number, 'closed', {
          ...base,
          choiceMode: single && correct.length <= 1 ? ChoiceMode.radio : ChoiceMode.checkbox,
          options: answers.map((a) => ({ text: a.text, correct: correct.includes(a) })),
        });
        break;
      }
      case 'truefalse': {
        const right = answers.find((a) => a.fraction >= 100);
        ok = checked(out, number, 'free', { ...base, inputType: InputValueType.boolean, correctValues: right ? [right.text.toLowerCase() === 'true' ? 'true' : 'false'] : [] });
        break;
      }
      case 'shortanswer': {
        if (answers.some((a) => a.fraction > 0 && a.fraction < 100)) note({ kept: true, reason: 'partialCredit' });
        // Moodle's * matches any text and \* is a star; ELP compares the answer as written
        const right = answers.filter((a) => a.fraction >= 100);
        const wild = right.filter((a) => /(^|[^\\])\*/.test(a.text));
        if (wild.length) note({ kept: true, reason: 'wildcardDropped', detail: wild.map((a) => a.text).join(', ') });
        ok = checked(out, number, 'free', {
          ...base,
          inputType: InputValueType.string,
          correctValues: right.map((a) => a.text.replace(/\\\*/g, '*')),
          caseSensitive: str(q.usecase) === '1',
        });
        break;
      }
      case 'numerical': {
        const right = answers.filter((a) => a.fraction >= 100 && a.text !== '*');
        if (right.some((a) => Number(str(a.node.tolerance) || 0) !== 0)) note({ kept: true, reason: 'toleranceDropped' });
        if (answers.some((a) => a.fraction > 0 && a.fraction < 100)) note({ kept: true, reason: 'partialCredit' });
        const values = right.map((a) => Number(a.text.replace(',', '.')));
        ok = checked(out, number, 'free', {
          ...base,
          inputType: values.every(isWhole) ? InputValueType.integer : InputValueType.float,
          correctValues: values.map(numberText),
        });
        break;
      }
      case 'essay':
        ok = checked(out, number, 'free', { ...base, inputType: InputValueType.text, correctValues: [] });
        break;
      case 'matching': {
        const targets: string[] = [];
        const options: { text: string; target: number }[] = [];
        for (const s of list(q.subquestion)) {
          const t = plain(textOf(s.answer ? list(s.answer)[0] : ''));
          if (!targets.includes(t)) targets.push(t);
          const option = plain(textOf(s));
          if (option) options.push({ text: option, target: targets.indexOf(t) });
        }
        ok = checked(out, number, 'matching', { ...base, targets: targets.map((t) => ({ text: t })), options });
        break;
      }
      case 'ordering':
        ok = checked(out, number, 'sequence', { ...base, items: answers.map((a) => ({ text: a.text })) });
        break;
      default:
        note({ kept: false, reason: 'unsupportedKind', detail: type || '?' });
    }
    if (ok && hasFeedback(q)) note({ kept: true, reason: 'feedbackDropped' });
  }
  return out;
}

// ------------------------------------------------------------------ writing

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const escXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const textEl = (tag: string, s: string, format = 'html', inner = '') => `<${tag} format="${format}"><text>${cdata(s)}</text>${inner}</${tag}>`;
const fraction = (n: number) => String(Number(n.toFixed(7)));

/** A question text with its pictures as @@PLUGINFILE@@ references and `<file>` elements. */
function questionText(text: string, media: MediaMap): string {
  const files = new Map<string, Buffer>();
  const body = text.replace(/src="([^"]+)"/g, (all, src: string) => {
    const m = media.get(src);
    if (!m) return all;
    files.set(m.name, m.content);
    return `src="@@PLUGINFILE@@/${encodeURIComponent(m.name)}"`;
  });
  const inner = [...files].map(([name, content]) => `<file name="${escXml(name)}" path="/" encoding="base64">${content.toString('base64')}</file>`).join('');
  return textEl('questiontext', body, 'html', inner);
}

export function writeMoodleXml(questions: ParsedQuestion[], category: string, media: MediaMap = new Map()): WriteResult {
  const notes: FileNote[] = [];
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<quiz>',
    `<question type="category"><category><text>${cdata(categoryPath(category))}</text></category></question>`,
  ];
  questions.forEach((q, i) => {
    const number = i + 1;
    const note = (n: Omit<FileNote, 'number' | 'title'>) => notes.push({ number, title: q.input.label, ...n });
    const head = (type: string) => `<question type="${type}"><name><text>${cdata(q.input.label)}</text></name>${questionText(q.input.text, media)}`;
    const answer = (f: number, text: string, inner = '', format = 'moodle_auto_format') => `<answer fraction="${fraction(f)}" format="${format}"><text>${cdata(text)}</text>${inner}</answer>`;
    let xml: string | null = null;
    switch (q.kind) {
      case 'closed': {
        const opts = q.input.options ?? [];
        const n = opts.filter((o) => o.correct).length;
        const single = q.input.choiceMode === ChoiceMode.radio && n <= 1;
        xml = `${head('multichoice')}<single>${single}</single><shuffleanswers>false</shuffleanswers><answernumbering>none</answernumbering>${opts
          .map((o) => answer(o.correct ? (single ? 100 : 100 / n) : single ? 0 : -100, o.text))
          .join('')}</question>`;
        break;
      }
      case 'free': {
        const f = q.input;
        freeNotes(f, note, { caseSensitive: true, dateType: false });
        if (f.inputType === InputValueType.boolean) {
          if (!f.correctValues.length) break;
          const right = f.correctValues[0] === 'true';
          xml = `${head('truefalse')}${answer(right ? 100 : 0, 'true')}${answer(right ? 0 : 100, 'false')}</question>`;
        } else if (f.inputType === InputValueType.integer || f.inputType === InputValueType.float) {
          if (!f.correctValues.length) break;
          xml = `${head('numerical')}${f.correctValues.map((v) => answer(100, v, '<tolerance>0</tolerance>')).join('')}</question>`;
        } else if (!f.correctValues.length) {
          xml = `${head('essay')}<responseformat>editor</responseformat><responserequired>1</responserequired><responsefieldlines>10</responsefieldlines></question>`;
        } else {
          xml = `${head('shortanswer')}<usecase>${f.caseSensitive ? 1 : 0}</usecase>${f.correctValues.map((v) => answer(100, v.replace(/\*/g, '\\*'))).join('')}</question>`;
        }
        break;
      }
      case 'matching': {
        matchingNotes(q.input, note);
        const used = new Set(q.input.options.map((o) => o.target));
        const subs = [
          ...q.input.options.filter((o) => o.target !== null).map((o) => ({ text: o.text, answer: q.input.targets[o.target!].text })),
          ...q.input.targets.filter((_, t) => !used.has(t)).map((t) => ({ text: '', answer: t.text })),
        ];
        xml = `${head('matching')}<shuffleanswers>true</shuffleanswers>${subs
          .map((s) => `<subquestion format="html"><text>${cdata(s.text)}</text><answer><text>${cdata(s.answer)}</text></answer></subquestion>`)
          .join('')}</question>`;
        break;
      }
      case 'sequence':
        xml = `${head('ordering')}<layouttype>VERTICAL</layouttype><selecttype>ALL</selecttype><selectcount>0</selectcount><gradingtype>ABSOLUTE_POSITION</gradingtype>${q.input.items
          .map((it, n) => answer(n + 1, it.text))
          .join('')}</question>`;
        break;
      default:
        break;
    }
    if (xml === null) note({ kept: false, reason: 'unsupportedKind', detail: q.kind });
    else parts.push(xml);
  });
  parts.push('</quiz>', '');
  return { content: Buffer.from(parts.join('\n'), 'utf8'), notes };
}

/** A URL-encoded name decoded, or as it is when it is not valid encoding. */
function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
