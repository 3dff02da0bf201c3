import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { ChoiceMode } from '../../../shared/enums.js';
import {
  closedQuestionInput,
  codeQuestionInput,
  FREE_INPUT_TYPES,
  freeQuestionInput,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  matchingQuestionInput,
  parseFreeValue,
  questionKindAliases,
  sequenceQuestionInput,
  type ImportColumn,
  type ImportRowProblem,
  type QuestionKind,
} from '../../../shared/questions/index.js';
import { allMessages, translate, type Lang } from '../../i18n/messages.js';

/**
 * The Excel sheet of questions (LoadQuestions): one row per question, columns of
 * IMPORT_COLUMNS found by their header text (either language, or the key itself). Every row
 * is checked first; the caller imports only when no row has a problem.
 */

export type ParsedQuestion =
  | { row: number; kind: 'closed'; input: z.infer<typeof closedQuestionInput> }
  | { row: number; kind: 'free'; input: z.infer<typeof freeQuestionInput> }
  | { row: number; kind: 'matching'; input: z.infer<typeof matchingQuestionInput> }
  | { row: number; kind: 'sequence'; input: z.infer<typeof sequenceQuestionInput> }
  | { row: number; kind: 'code'; input: z.infer<typeof codeQuestionInput> };

export type SheetResult =
  | { ok: true; questions: ParsedQuestion[] }
  | { ok: false; problem: 'notExcel' | 'badHeader' | 'empty' | 'tooManyRows'; rows?: undefined }
  | { ok: false; problem: 'rows'; rows: ImportRowProblem[] };

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Header text of a column in one language. */
export function columnTitle(lang: Lang, column: ImportColumn): string {
  const io = /^(input|output)(\d)$/.exec(column);
  if (io) return translate(lang, `questions.column.${io[1]}`, { n: io[2] });
  return translate(lang, `questions.column.${column}`);
}

function headerIndex(): Map<string, ImportColumn> {
  const map = new Map<string, ImportColumn>();
  for (const c of IMPORT_COLUMNS) {
    map.set(norm(c), c);
    for (const lang of ['ru', 'en'] as const) map.set(norm(columnTitle(lang, c)), c);
  }
  return map;
}

/** A cell's text: rich text joined, formulas by their result, dates as YYYY-MM-DD; the export escape undone. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.replace(/^'(?=[=+\-@])/, '');
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v) return cellText((v as { text: ExcelJS.CellValue }).text);
    if ('error' in v) return '';
  }
  return String(v);
}

/** Cells that a spreadsheet would run as a formula get a leading quote (ARCHITECTURE §3). */
export const escapeCell = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);

const lines = (s: string) => s.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

const kindNames: Record<string, QuestionKind> = {
  ...questionKindAliases,
  закрытый: 'closed', 'с вариантами': 'closed', выбор: 'closed', тест: 'closed',
  свободный: 'free', 'свободный ответ': 'free', open: 'free',
  соответствие: 'matching', сопоставление: 'matching',
  последовательность: 'sequence', порядок: 'sequence', order: 'sequence',
  код: 'code', 'проверка кода': 'code',
};

function inputTypeOf(raw: string): number | null {
  const s = norm(raw);
  if (!s) return FREE_INPUT_TYPES[0].id;
  const aliases: Record<string, string> = { textarea: 'text', multiline: 'text', int: 'integer', number: 'float', decimal: 'float', bool: 'boolean', yesno: 'boolean' };
  for (const t of FREE_INPUT_TYPES) {
    const names = [t.key, String(t.id), t.code, norm(translate('ru', `questions.freeType.${t.key}`)), norm(translate('en', `questions.freeType.${t.key}`))];
    if (names.includes(s) || aliases[s] === t.key) return t.id;
  }
  return null;
}

/** zod issues of a row → "Column: message" lines. */
function issueLines(issues: z.core.$ZodIssue[], lang: Lang): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    const [head, index, field] = issue.path.map(String);
    let column: ImportColumn = 'label';
    if (head === 'label' || head === 'text' || head === 'code') column = head;
    else if (head === 'options' || head === 'items' || head === 'targets' || head === 'choiceMode') column = head === 'choiceMode' ? 'correct' : 'options';
    else if (head === 'correctValues' || head === 'min' || head === 'max') column = 'answers';
    else if (head === 'inputType') column = 'inputType';
    else if (head === 'testCases') column = (field === 'inputValues' ? `input${Number(index) + 1}` : `output${Number(index) + 1}`) as ImportColumn;
    const key = issue.message && /^[\w.]+$/.test(issue.message) && allMessages(lang)[issue.message] ? issue.message
      : issue.code === 'too_big' ? 'questions.import.tooLong'
      : issue.code === 'too_small' ? 'questions.import.required'
      : 'questions.import.invalid';
    const line = `${columnTitle(lang, column)}: ${translate(lang, key)}`;
    if (!out.includes(line)) out.push(line);
  }
  return out;
}

function parseRow(rowNumber: number, cells: Partial<Record<ImportColumn, string>>, lang: Lang): { question?: ParsedQuestion; messages: string[] } {
  const t = (k: string, vars?: Record<string, string | number>) => translate(lang, k, vars);
  const col = (c: ImportColumn) => columnTitle(lang, c);
  const messages: string[] = [];
  const get = (c: ImportColumn) => cells[c] ?? '';
  const kindRaw = get('kind').trim();
  const kind = kindNames[norm(kindRaw)];
  if (!kindRaw) return { messages: [`${col('kind')}: ${t('questions.import.required')}`] };
  if (!kind) return { messages: [`${col('kind')}: ${t('questions.import.unknownKind', { value: kindRaw })}`] };
  const common = { label: get('label').trim(), text: get('text').trim(), courseId: null };
  if (!common.label) messages.push(`${col('label')}: ${t('questions.import.required')}`);

  const validate = <S extends z.ZodType>(schema: S, data: unknown) => {
    const r = schema.safeParse(data);
    if (!r.success) messages.push(...issueLines(r.error.issues, lang));
    return r.success ? (r.data as z.infer<S>) : null;
  };

  if (kind === 'closed') {
    const options = lines(get('options'));
    if (options.length < 2) messages.push(`${col('options')}: ${t('questions.import.optionsTooFew', { min: 2 })}`);
    const numbers = get('correct').split(/[,;\s]+/).map((s) => s.trim()).filter(Boolean);
    if (!numbers.length) messages.push(`${col('correct')}: ${t('questions.import.correctRequired')}`);
    const correct = new Set<number>();
    for (const n of numbers) {
      const i = Number(n);
      if (!/^\d+$/.test(n) || i < 1 || i > options.length) messages.push(`${col('correct')}: ${t('questions.import.correctBad', { value: n })}`);
      else correct.add(i - 1);
    }
    const input = validate(closedQuestionInput, {
      ...common,
      choiceMode: correct.size > 1 ? ChoiceMode.checkbox : ChoiceMode.radio,
      options: options.map((text, i) => ({ text, correct: correct.has(i) })),
    });
    return { messages, question: input && !messages.length ? { row: rowNumber, kind, input } : undefined };
  }
  if (kind === 'free') {
    const inputType = inputTypeOf(get('inputType'));
    if (inputType === null) {
      messages.push(`${col('inputType')}: ${t('questions.import.inputType', { value: get('inputType').trim() })}`);
      return { messages };
    }
    const answers = lines(get('answers'));
    for (const a of answers) if (!parseFreeValue(inputType, a).ok) messages.push(`${col('answers')}: ${t('questions.import.answerBad', { value: a })}`);
    const input = validate(freeQuestionInput, { ...common, inputType, correctValues: answers });
    return { messages, question: input && !messages.length ? { row: rowNumber, kind, input } : undefined };
  }
  if (kind === 'matching') {
    const targets: string[] = [];
    const options = lines(get('options')).map((line) => {
      const m = /^(.*?)\s*(?:=|->|→)\s*(.*)$/.exec(line);
      if (!m || !m[2].trim()) return { text: (m ? m[1] : line).trim(), target: null as number | null };
      const target = m[2].trim();
      if (!targets.includes(target)) targets.push(target);
      return { text: m[1].trim(), target: targets.indexOf(target) };
    });
    if (!options.some((o) => o.target !== null)) {
      messages.push(`${col('options')}: ${t('questions.import.pairsRequired')}`);
      return { messages };
    }
    const input = validate(matchingQuestionInput, { ...common, targets: targets.map((text) => ({ text })), options });
    return { messages, question: input && !messages.length ? { row: rowNumber, kind, input } : undefined };
  }
  if (kind === 'sequence') {
    const items = lines(get('options'));
    if (items.length < 2) {
      messages.push(`${col('options')}: ${t('questions.import.optionsTooFew', { min: 2 })}`);
      return { messages };
    }
    const input = validate(sequenceQuestionInput, { ...common, items: items.map((text) => ({ text })) });
    return { messages, question: input && !messages.length ? { row: rowNumber, kind, input } : undefined };
  }
  // code
  const testCases: { inputValues: string; outputValue: string; sequence: number }[] = [];
  for (let n = 1; n <= 5; n++) {
    const input = get(`input${n}` as ImportColumn);
    const output = get(`output${n}` as ImportColumn);
    if (!input.trim() && !output.trim()) continue;
    if (!output.trim()) messages.push(`${col(`output${n}` as ImportColumn)}: ${t('questions.import.outputRequired', { n })}`);
    testCases.push({ inputValues: input, outputValue: output, sequence: testCases.length + 1 });
  }
  if (!testCases.length) messages.push(`${col('input1')}: ${t('questions.import.testsRequired')}`);
  const input = validate(codeQuestionInput, { ...common, code: get('code'), testCases });
  return { messages, question: input && !messages.length ? { row: rowNumber, kind, input } : undefined };
}

/** Reads and checks a workbook. Nothing is written here. */
export async function readQuestionSheet(buffer: Buffer, lang: Lang): Promise<SheetResult> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    return { ok: false, problem: 'notExcel' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, problem: 'empty' };
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1) return { ok: false, problem: 'tooManyRows' };
  const headers = headerIndex();
  const columns = new Map<number, ImportColumn>();
  sheet.getRow(1).eachCell((cell, n) => {
    const c = headers.get(norm(cellText(cell.value)));
    if (c) columns.set(n, c);
  });
  const found = new Set(columns.values());
  if (!found.has('kind') || !found.has('label')) return { ok: false, problem: 'badHeader' };

  const questions: ParsedQuestion[] = [];
  const problems: ImportRowProblem[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: Partial<Record<ImportColumn, string>> = {};
    for (const [n, c] of columns) cells[c] = cellText(row.getCell(n).value);
    if (Object.values(cells).every((v) => !v?.trim())) continue; // blank row
    const { question, messages } = parseRow(r, cells, lang);
    if (messages.length || !question) problems.push({ row: r, messages: messages.length ? messages : [translate(lang, 'questions.import.invalid')] });
    else questions.push(question);
  }
  if (problems.length) return { ok: false, problem: 'rows', rows: problems };
  if (!questions.length) return { ok: false, problem: 'empty' };
  return { ok: true, questions };
}

/** Example rows of the template, per language. */
function examples(lang: Lang): Partial<Record<ImportColumn, string>>[] {
  const ru = lang === 'ru';
  return [
    { kind: 'closed', label: ru ? 'Столица Франции' : 'Capital of France', text: ru ? 'Выберите столицу Франции' : 'Choose the capital of France', options: ru ? 'Париж\nЛион\nМарсель' : 'Paris\nLyon\nMarseille', correct: '1' },
    { kind: 'closed', label: ru ? 'Простые числа' : 'Prime numbers', text: ru ? 'Отметьте все простые числа' : 'Tick every prime number', options: '2\n4\n5\n9', correct: '1, 3' },
    { kind: 'free', label: ru ? 'Сумма' : 'Sum', text: ru ? 'Сколько будет 2 + 3?' : 'What is 2 + 3?', inputType: 'integer', answers: '5' },
    { kind: 'free', label: ru ? 'Год основания' : 'Founding date', text: ru ? 'Когда основан Санкт-Петербург?' : 'When was Saint Petersburg founded?', inputType: 'date', answers: '27.05.1703' },
    {
      kind: 'matching',
      label: ru ? 'Языки и авторы' : 'Languages and authors',
      text: ru ? 'Сопоставьте язык и автора' : 'Match each language with its author',
      options: ru ? 'Python = Гвидо ван Россум\nC = Деннис Ритчи\nPascal = Никлаус Вирт\nCOBOL' : 'Python = Guido van Rossum\nC = Dennis Ritchie\nPascal = Niklaus Wirth\nCOBOL',
    },
    { kind: 'sequence', label: ru ? 'Этапы' : 'Stages', text: ru ? 'Расположите этапы по порядку' : 'Put the stages in order', options: ru ? 'Анализ\nПроектирование\nРеализация\nТестирование' : 'Analysis\nDesign\nImplementation\nTesting' },
    {
      kind: 'code',
      label: ru ? 'Сумма двух чисел' : 'Sum of two numbers',
      text: ru ? 'Прочитайте два целых числа и выведите их сумму' : 'Read two integers and print their sum',
      code: 'a, b = map(int, input().split())\n',
      input1: '1 2', output1: '3',
      input2: '10 20', output2: '30',
    },
  ];
}

/** The template workbook: headers, an example row per kind, and an instructions sheet. */
export async function questionTemplate(lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ELP';
  const sheet = workbook.addWorksheet(translate(lang, 'questions.template.sheet'));
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: columnTitle(lang, c),
    key: c,
    width: c === 'text' || c === 'options' || c === 'code' ? 40 : c === 'label' ? 28 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const example of examples(lang)) {
    const row = sheet.addRow(Object.fromEntries(Object.entries(example).map(([k, v]) => [k, escapeCell(v ?? '')])));
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  const help = workbook.addWorksheet(translate(lang, 'questions.template.helpSheet'));
  help.getColumn(1).width = 120;
  help.getCell('A1').value = translate(lang, 'questions.template.help');
  help.getCell('A1').alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
