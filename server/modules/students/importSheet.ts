import ExcelJS from 'exceljs';

export interface ImportRow {
  /** 1-based row number in the file (the header is row 1) */
  row: number;
  email: string;
  group: string;
}

const EMAIL_HEADERS = ['email', 'e-mail', 'почта', 'электронная почта', 'адрес электронной почты'];
const GROUP_HEADERS = ['group', 'группа'];

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; hyperlink?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((p) => p.text).join('').trim();
    if (typeof o.text === 'string') return o.text.trim();
    if (o.result !== undefined) return String(o.result).trim();
  }
  return String(v).trim();
}

function fromMatrix(matrix: string[][]): ImportRow[] {
  if (matrix.length === 0) return [];
  const header = matrix[0].map((h) => h.trim().toLowerCase());
  let emailCol = header.findIndex((h) => EMAIL_HEADERS.includes(h));
  const groupCol = header.findIndex((h) => GROUP_HEADERS.includes(h));
  let start = 1;
  if (emailCol < 0) {
    // no header row: first column is the e-mail
    emailCol = 0;
    start = 0;
  }
  const rows: ImportRow[] = [];
  for (let i = start; i < matrix.length; i++) {
    const line = matrix[i];
    if (line.every((c) => !c.trim())) continue;
    rows.push({ row: i + 1, email: (line[emailCol] ?? '').trim(), group: groupCol >= 0 ? (line[groupCol] ?? '').trim() : '' });
  }
  return rows;
}

function parseCsv(text: string): string[][] {
  const delim = (text.split('\n')[0].match(/;/g)?.length ?? 0) > (text.split('\n')[0].match(/,/g)?.length ?? 0) ? ';' : ',';
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delim) { row.push(cell); cell = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); out.push(row); row = []; cell = '';
    } else cell += c;
  }
  if (cell || row.length) { row.push(cell); out.push(row); }
  return out;
}

/** Rows of a students file (xlsx by its zip bytes, csv otherwise by name); null = unreadable. */
export async function parseStudentSheet(name: string, buf: Buffer): Promise<ImportRow[] | null> {
  const lower = name.toLowerCase();
  const isZip = buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b;
  if (lower.endsWith('.xlsx')) {
    if (!isZip) return null;
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      return null;
    }
    const sheet = wb.worksheets[0];
    if (!sheet) return [];
    const matrix: string[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= Math.max(row.cellCount, 2); c++) cells.push(cellText(row.getCell(c).value));
      matrix.push(cells);
    }
    return fromMatrix(matrix);
  }
  if (lower.endsWith('.csv')) {
    if (buf.includes(0)) return null;
    return fromMatrix(parseCsv(buf.toString('utf8').replace(/^\uFEFF/, '')));
  }
  return null;
}
