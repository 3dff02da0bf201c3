// xlsx export of 50,000 rows (issue 12): our writer (server/jobs/xlsx.ts: exceljs's streaming
// writer, every cell through sheetValue's escaping) against exceljs's streaming writer with its defaults,
// each in a fresh Node process writing the same rows to a file. Measured: wall time and the
// process's peak resident memory (VmHWM). Limits: 2 s and 200 MB.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const XLSX = { rows: 50_000, limitMs: 2000, memoryMb: 200 };
const SELF = fileURLToPath(import.meta.url);

/** Row i: a journal-like row of ten columns (text, numbers, a formula-looking name every hundredth row). */
const row = (i) => [i % 100 === 0 ? `=Фамилия ${i}` : `Фамилия ${i}`, 'Студент', `student${i}@bench.local`, `Группа ${i % 10}`, i % 11, (i * 7) % 11, 'Завершено', (i % 1000) / 10, i % 3, '2026-01-01'];

/**
 * This process's peak resident memory in MB: the kernel's VmHWM, not resourceUsage().maxRSS, which on
 * Linux keeps the parent's high-water mark across fork and exec (after the load tests and Lighthouse
 * the bench process held 309 MB, and every child reported 309 MB).
 */
function peakRssMb() {
  try {
    return Number(readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m)[1]) / 1024;
  } catch {
    return process.resourceUsage().maxRSS / 1024;
  }
}

async function child(kind, out, modulePath) {
  const t0 = performance.now();
  const stream = createWriteStream(out);
  const rows = (function* () {
    for (let i = 0; i < XLSX.rows; i++) yield row(i);
  })();
  if (kind === 'ours') {
    const { writeXlsx } = await import(modulePath);
    const columns = Array.from({ length: 10 }, (_, c) => ({ header: `Колонка ${c + 1}`, value: (r) => r[c] }));
    await writeXlsx(stream, [{ name: 'Журнал', columns, rows }]);
  } else {
    const { default: ExcelJS } = await import('exceljs');
    // the library's defaults: no styles, no shared strings, default deflate
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream });
    const sheet = workbook.addWorksheet('Журнал');
    sheet.columns = Array.from({ length: 10 }, (_, c) => ({ header: `Колонка ${c + 1}`, key: `c${c}`, width: 20 }));
    for (const r of rows) sheet.addRow(r).commit();
    sheet.commit();
    await workbook.commit();
  }
  await new Promise((ok) => (stream.closed ? ok() : stream.once('close', ok)));
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, maxRssMb: peakRssMb(), bytes: statSync(out).size }) + '\n');
}

function runChild(kind, out, modulePath) {
  return new Promise((ok, fail) => {
    const p = spawn(process.execPath, [SELF, '--child', kind, out, modulePath ?? ''], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    p.stdout.on('data', (d) => (buf += d));
    p.once('exit', (code) => (code === 0 ? ok(JSON.parse(buf.trim().split('\n').at(-1))) : fail(new Error(`xlsx ${kind} exited ${code}`))));
  });
}

/** Bundles server/jobs/xlsx.ts (packages external) so a plain Node process can import it. */
function bundleWriter(root, dir) {
  const out = join(dir, 'xlsx-writer.mjs');
  execFileSync(join(root, 'node_modules', '.bin', 'esbuild'), [join(root, 'server', 'jobs', 'xlsx.ts'), '--bundle', '--platform=node', '--format=esm', '--packages=external', `--outfile=${out}`], { cwd: root, stdio: 'pipe' });
  return out;
}

export async function runXlsxBench({ root, tmp }) {
  console.log(`\nxlsx export: ${XLSX.rows.toLocaleString('en')} rows × 10 columns, each writer in a fresh process; limits ${XLSX.limitMs} ms and ${XLSX.memoryMb} MB peak.`);
  const dir = mkdtempSync(join(tmp, 'elp-bench-xlsx-'));
  mkdirSync(dir, { recursive: true });
  try {
    // the bundle lives beside the repository's node_modules so its imports resolve
    const bundleDir = join(root, '.tmp');
    mkdirSync(bundleDir, { recursive: true });
    const writer = bundleWriter(root, bundleDir);
    const base = await runChild('baseline', join(dir, 'baseline.xlsx'));
    const ours = await runChild('ours', join(dir, 'ours.xlsx'), writer);
    const line = (r) => `${r.ms.toFixed(0)} ms, peak ${r.maxRssMb.toFixed(0)} MB, ${(r.bytes / 1024 / 1024).toFixed(1)} MB file`;
    console.log(`  exceljs streaming writer, defaults: ${line(base)}`);
    console.log(`  server/jobs/xlsx.ts writeXlsx:      ${line(ours)}`);
    console.log(`  ours/bare: time ${(ours.ms / base.ms).toFixed(2)}×, peak memory ${(ours.maxRssMb / base.maxRssMb).toFixed(2)}×`);
    const problems = [];
    if (ours.ms > XLSX.limitMs) problems.push(`${ours.ms.toFixed(0)} ms is over ${XLSX.limitMs} ms`);
    if (ours.maxRssMb > XLSX.memoryMb) problems.push(`peak ${ours.maxRssMb.toFixed(0)} MB is over ${XLSX.memoryMb} MB`);
    for (const p of problems) console.error(`  xlsx: FAILED — ${p}`);
    return problems.length === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5]);
