import { PassThrough } from 'node:stream';
import type { CrmTarget } from '../../../shared/calls/crmExport.js';
import { storeFile } from '../../files/index.js';
import type { TaskContext, TaskOutcome } from '../../jobs/index.js';
import { writeXlsx, xlsxFileName, type SheetColumn } from '../../jobs/xlsx.js';

/** One student as the CRM gets them: contacts and where they are in the course. */
export interface CrmContact {
  accountId: number;
  lastName: string;
  firstName: string;
  middleName: string | null;
  email: string;
  phone: string | null;
  group: string | null;
  status: string;
  joinedAt: string | null;
  /** 0..100 */
  progress: number;
  completed: boolean;
}

/** What an adapter is handed: the course, the column headers in the author's language and the contacts as they stream in. */
export interface CrmBatch {
  course: { id: number; label: string };
  headers: Record<keyof CrmContact, string>;
  contacts: AsyncIterable<CrmContact>;
}

/**
 * A CRM the export delivers to. The CRM itself is outside ELP: an adapter for one (its API,
 * credentials from the environment) implements `deliver` and is added to `crmAdapters` under a
 * name of CRM_TARGETS. The built-in adapters write a file the CRM imports, offered in the queue.
 */
export interface CrmAdapter {
  deliver(ctx: TaskContext, batch: CrmBatch): Promise<TaskOutcome>;
}

export const CRM_COLUMNS: (keyof CrmContact)[] = ['accountId', 'lastName', 'firstName', 'middleName', 'email', 'phone', 'group', 'status', 'joinedAt', 'progress', 'completed'];

const fileBase = (label: string) => `CRM_${label}`;

/** A CSV field: quoted when needed; a formula-like text gets a leading quote (as in the xlsx exports). */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function store(ctx: TaskContext, name: string, write: (out: PassThrough) => Promise<void>): Promise<TaskOutcome> {
  if (!ctx.storage) throw new Error('No file storage for the export');
  const stream = new PassThrough();
  const writing = write(stream).catch((err: unknown) => {
    stream.destroy(err as Error);
    throw err;
  });
  const [file] = await Promise.all([storeFile(ctx.db, ctx.storage, { name, purpose: 'export', ownerId: ctx.task.createdBy, checkQuota: false }, stream), writing]);
  return { resultFileId: file.id };
}

const xlsxAdapter: CrmAdapter = {
  deliver: (ctx, { course, headers, contacts }) => {
    const columns: SheetColumn<CrmContact>[] = CRM_COLUMNS.map((key) => ({ header: headers[key], value: (c) => c[key] }));
    return store(ctx, xlsxFileName(fileBase(course.label)), (out) => writeXlsx(out, [{ name: 'CRM', columns, rows: contacts }]));
  },
};

/** UTF-8 with a BOM (Excel then reads Cyrillic right), comma-separated, CRLF: what CRM imports take. */
const csvAdapter: CrmAdapter = {
  deliver: (ctx, { course, headers, contacts }) =>
    store(ctx, xlsxFileName(fileBase(course.label)).replace(/\.xlsx$/, '.csv'), async (out) => {
      out.write('\uFEFF' + CRM_COLUMNS.map((k) => csvField(headers[k])).join(',') + '\r\n');
      for await (const c of contacts) {
        if (!out.write(CRM_COLUMNS.map((k) => csvField(c[k])).join(',') + '\r\n')) await new Promise((r) => out.once('drain', r));
      }
      out.end();
    }),
};

export const crmAdapters: Record<CrmTarget, CrmAdapter> = { xlsx: xlsxAdapter, csv: csvAdapter };
