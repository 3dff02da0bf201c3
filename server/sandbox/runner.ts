import { spawn } from 'node:child_process';
import { chown, lstat, mkdir, mkdtemp, readlink, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunQueue, type QueueOwner } from './queue.js';
import { outputsMatch } from './compare.js';

/**
 * The code-question runner (ARCHITECTURE §3): Debian python3 under bubblewrap.
 *
 * Every test case runs in a fresh sandbox:
 *   - all namespaces unshared (no network: only a downed loopback), a new pid namespace,
 *     --die-with-parent, --new-session, nested user namespaces disabled;
 *   - the root is empty but for read-only /usr (and the /bin, /lib, /lib64 links or binds),
 *     a fresh /proc and /dev, a size-capped tmpfs /tmp and a size-capped tmpfs working dir
 *     /sandbox holding only main.py and the question's files (read-only binds);
 *     nothing of /etc, /home, /root, /work or the data dir is visible;
 *   - uid/gid 65534 inside; outside, the server's uid, or 65534 when the server runs as root
 *     (root is exempt from RLIMIT_NPROC and owns the host's files);
 *   - prlimit: CPU seconds, address space, processes, file size, open files, no core dumps;
 *   - a wall-clock timer that SIGKILLs the whole process group (the pid namespace dies with it);
 *   - stdout/stderr capped; a run that floods them is killed.
 * A fair queue bounds how many sandboxes run at once, one per account (queue.ts). When bwrap cannot build the sandbox the
 * runner throws SandboxUnavailableError: it never runs code unsandboxed.
 */

export type SandboxLanguage = 'python';

export interface SandboxFile {
  /** a plain file name (no directories), opened by the program from its working directory */
  name: string;
  content: Buffer | string;
}

export interface SandboxTestCase {
  sequence: number;
  /** stdin */
  inputValues: string;
  /** expected stdout, compared after trimming */
  outputValue: string;
}

export interface SandboxLimits {
  /** wall-clock milliseconds per test case (CPU seconds are rounded up from it) */
  timeMs: number;
  /** address-space limit (RLIMIT_AS) in MB */
  memoryMb: number;
  /** RLIMIT_NPROC inside the sandbox */
  maxProcesses: number;
  /** RLIMIT_FSIZE: largest file the program may write, bytes */
  maxFileBytes: number;
  /** each of stdout and stderr is cut (and the run killed) beyond this many bytes */
  maxOutputBytes: number;
  /** size of the writable tmpfs /tmp and /sandbox, bytes each */
  tmpBytes: number;
}

export interface RunRequest {
  language: SandboxLanguage;
  code: string;
  files?: SandboxFile[];
  testCases: SandboxTestCase[];
  /** within the runner's ceilings (see LIMIT_CEILINGS) */
  limits?: Partial<Pick<SandboxLimits, 'timeMs' | 'memoryMb'>>;
  /** whose run it is (the account id): one running and a few waiting per account, turns round-robin */
  owner?: QueueOwner;
}

export interface CaseResult {
  sequence: number;
  passed: boolean;
  stdout: string;
  stderr: string;
  /** the wall-clock or CPU limit killed it */
  timedOut: boolean;
  /** exit code of the program (128 + signal when a signal ended it), null when we killed it */
  exitCode: number | null;
  /** stdout or stderr exceeded maxOutputBytes: the run was stopped and the output cut */
  outputTruncated: boolean;
  durationMs: number;
}

/** bwrap cannot build the sandbox here (missing, or no user namespaces): nothing was run. */
export class SandboxUnavailableError extends Error {
  readonly code = 'SandboxUnavailable';
  constructor(readonly detail: string) {
    super(`The code sandbox is unavailable: ${detail}`);
  }
}

/** The request itself is unacceptable (bad file name, too much input ...). */
export class SandboxInputError extends Error {
  readonly code = 'SandboxInput';
  constructor(
    readonly reason: 'fileName' | 'tooManyFiles' | 'filesTooLarge' | 'codeTooLarge' | 'tooManyCases' | 'inputTooLarge' | 'language',
    detail: string,
  ) {
    super(detail);
  }
}

export const DEFAULT_LIMITS: SandboxLimits = {
  timeMs: 5000,
  memoryMb: 64,
  maxProcesses: 32,
  maxFileBytes: 1024 * 1024,
  maxOutputBytes: 64 * 1024,
  tmpBytes: 16 * 1024 * 1024,
};

/** What a request may ask for at most. */
export const LIMIT_CEILINGS = { timeMs: 15_000, memoryMb: 256 } as const;

export const INPUT_LIMITS = {
  codeBytes: 64 * 1024,
  files: 20,
  filesBytes: 5 * 1024 * 1024,
  testCases: 50,
  inputBytes: 1024 * 1024,
} as const;

/** File names the program opens: letters, digits, dot, dash, underscore; not hidden; not main.py. */
export const SANDBOX_FILE_NAME = /^(?!\.)[\p{L}\p{N}._ -]{1,100}$/u;
const CODE_FILE = 'main.py';

export interface RunnerOptions {
  bwrapPath?: string;
  pythonPath?: string;
  prlimitPath?: string;
  shPath?: string;
  /** sandboxes running at once (default 2: this machine has two cores) */
  concurrency?: number;
  /** callers waiting for a slot before new ones are refused */
  maxQueued?: number;
  /** runs one account may have waiting (besides its running one) before its next is refused */
  maxWaitingPerAccount?: number;
  /** the host uid/gid the sandbox runs as when the server is root (default 65534, nobody) */
  hostUid?: number;
  hostGid?: number;
  /** where staging directories are made (default the OS temp dir) */
  tmpRoot?: string;
  limits?: Partial<SandboxLimits>;
}

export interface Runner {
  runTestCases(request: RunRequest): Promise<CaseResult[]>;
  /** Throws SandboxUnavailableError unless a trivial program runs sandboxed. */
  check(): Promise<void>;
  readonly queue: RunQueue;
}

interface Paths {
  bwrap: string;
  python: string;
  prlimit: string;
  sh: string;
}

/** Read-only system binds: /usr, and /bin, /lib, /lib64, /sbin as the links or dirs they are here. */
async function systemArgs(): Promise<string[]> {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64']) {
    try {
      const st = await lstat(dir);
      if (st.isSymbolicLink()) args.push('--symlink', await readlink(dir), dir);
      else if (st.isDirectory()) args.push('--ro-bind', dir, dir);
    } catch {
      // absent on this system
    }
  }
  if (existsSync('/etc/alternatives')) args.push('--ro-bind', '/etc/alternatives', '/etc/alternatives');
  return args;
}

function checkRequest(request: RunRequest): void {
  if (request.language !== 'python') throw new SandboxInputError('language', `Unsupported language: ${String(request.language)}`);
  if (Buffer.byteLength(request.code, 'utf8') > INPUT_LIMITS.codeBytes) throw new SandboxInputError('codeTooLarge', 'The code is too large');
  const files = request.files ?? [];
  if (files.length > INPUT_LIMITS.files) throw new SandboxInputError('tooManyFiles', 'Too many files');
  let total = 0;
  const seen = new Set<string>();
  for (const f of files) {
    if (!SANDBOX_FILE_NAME.test(f.name) || f.name === CODE_FILE || f.name === '.' || f.name === '..' || seen.has(f.name)) {
      throw new SandboxInputError('fileName', `Bad file name: ${f.name}`);
    }
    seen.add(f.name);
    total += typeof f.content === 'string' ? Buffer.byteLength(f.content) : f.content.length;
  }
  if (total > INPUT_LIMITS.filesBytes) throw new SandboxInputError('filesTooLarge', 'The files are too large');
  if (request.testCases.length > INPUT_LIMITS.testCases) throw new SandboxInputError('tooManyCases', 'Too many test cases');
  for (const c of request.testCases) {
    if (Buffer.byteLength(c.inputValues ?? '', 'utf8') > INPUT_LIMITS.inputBytes) throw new SandboxInputError('inputTooLarge', 'A test input is too large');
  }
}

function effectiveLimits(base: SandboxLimits, asked: RunRequest['limits']): SandboxLimits {
  const clamp = (v: number | undefined, fallback: number, max: number) =>
    v !== undefined && Number.isFinite(v) && v > 0 ? Math.min(Math.floor(v), max) : fallback;
  return {
    ...base,
    timeMs: clamp(asked?.timeMs, base.timeMs, LIMIT_CEILINGS.timeMs),
    memoryMb: clamp(asked?.memoryMb, base.memoryMb, LIMIT_CEILINGS.memoryMb),
  };
}

interface OneRun {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  outputTruncated: boolean;
  started: boolean;
  durationMs: number;
}

export function createRunner(options: RunnerOptions = {}): Runner {
  const paths: Paths = {
    bwrap: options.bwrapPath ?? '/usr/bin/bwrap',
    python: options.pythonPath ?? '/usr/bin/python3',
    prlimit: options.prlimitPath ?? '/usr/bin/prlimit',
    sh: options.shPath ?? '/bin/sh',
  };
  const baseLimits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const queue = new RunQueue(options.concurrency ?? 2, options.maxQueued ?? 50, options.maxWaitingPerAccount ?? 2);
  const tmpRoot = options.tmpRoot ?? tmpdir();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hostUid = isRoot ? (options.hostUid ?? 65534) : undefined;
  const hostGid = isRoot ? (options.hostGid ?? 65534) : undefined;
  let system: Promise<string[]> | null = null;
  let checked: Promise<void> | null = null;
  let checkFailedAt = 0;

  async function runOne(stage: string, fileNames: string[], input: string, limits: SandboxLimits): Promise<OneRun> {
    system ??= systemArgs();
    const cpuSeconds = Math.max(1, Math.ceil(limits.timeMs / 1000));
    const args = [
      '--unshare-all',
      '--unshare-user',
      '--uid', '65534',
      '--gid', '65534',
      '--disable-userns',
      '--die-with-parent',
      '--new-session',
      '--hostname', 'sandbox',
      '--clearenv',
      '--setenv', 'PATH', '/usr/bin:/bin',
      '--setenv', 'HOME', '/sandbox',
      '--setenv', 'LANG', 'C.UTF-8',
      ...(await system),
      '--proc', '/proc',
      '--dev', '/dev',
      '--size', String(limits.tmpBytes), '--tmpfs', '/tmp',
      '--size', String(limits.tmpBytes), '--tmpfs', '/sandbox',
      '--ro-bind', join(stage, CODE_FILE), `/sandbox/${CODE_FILE}`,
      ...fileNames.flatMap((n) => ['--ro-bind', join(stage, 'files', n), `/sandbox/${n}`]),
      '--chdir', '/sandbox',
      // fd 3 tells us the sandbox was built (closed before the program starts)
      '--', paths.sh, '-c', 'printf 1 >&3; exec 3>&-; exec "$@"', 'sh',
      paths.prlimit,
      `--cpu=${cpuSeconds}`,
      `--as=${limits.memoryMb * 1024 * 1024}`,
      `--nproc=${limits.maxProcesses}`,
      `--fsize=${limits.maxFileBytes}`,
      '--nofile=64',
      '--core=0',
      '--',
      paths.python, '-I', '-B', '-X', 'utf8', CODE_FILE,
    ];

    const startedAt = Date.now();
    const child = spawn(paths.bwrap, args, {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
      cwd: '/',
      env: {},
      ...(hostUid !== undefined ? { uid: hostUid, gid: hostGid } : {}),
    });

    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let started = false;
    let timedOut = false;
    let outputTruncated = false;
    let killed = false;

    const killGroup = () => {
      if (killed || child.pid === undefined) return;
      killed = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        try { child.kill('SIGKILL'); } catch { /* gone */ }
      }
    };

    const take = (chunks: Buffer[], size: number, chunk: Buffer): number => {
      const room = limits.maxOutputBytes - size;
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        outputTruncated = true;
        killGroup();
        return limits.maxOutputBytes;
      }
      chunks.push(chunk);
      return size + chunk.length;
    };
    // A chunk that exactly fills the cap is kept; any byte after it is the overflow.
    child.stdout!.on('data', (c: Buffer) => { outBytes = take(out, outBytes, c); });
    child.stderr!.on('data', (c: Buffer) => { errBytes = take(err, errBytes, c); });
    const marker = child.stdio[3] as NodeJS.ReadableStream | null;
    marker?.on('data', () => { started = true; });
    marker?.on('error', () => {});

    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, limits.timeMs);

    child.stdin!.on('error', () => {}); // EPIPE when the program does not read its input
    child.stdin!.end(input);

    const result = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>((resolve) => {
      child.once('error', (e) => resolve({ code: null, signal: null, spawnError: e }));
      child.once('close', (code, signal) => resolve({ code, signal }));
    });
    clearTimeout(timer);
    // a process left behind in the group (it cannot be: the pid namespace died) is killed anyway
    killGroup();

    if (result.spawnError) throw new SandboxUnavailableError(`cannot start ${paths.bwrap}: ${result.spawnError.message}`);
    const stderr = Buffer.concat(err).toString('utf8');
    if (!started && !timedOut && !outputTruncated) {
      throw new SandboxUnavailableError(stderr.trim().split('\n')[0] || `bwrap exited with ${result.code ?? result.signal}`);
    }
    // 128 + SIGXCPU (24) or SIGKILL (9) at the CPU limit: count it as a time-out
    const cpuKilled = result.code === 128 + 24 || result.code === 128 + 9;
    return {
      stdout: Buffer.concat(out).toString('utf8'),
      stderr,
      exitCode: killed && (timedOut || outputTruncated) ? null : result.code,
      timedOut: timedOut || cpuKilled,
      outputTruncated,
      started,
      durationMs: Date.now() - startedAt,
    };
  }

  async function stageRun<T>(request: RunRequest, fn: (stage: string, fileNames: string[]) => Promise<T>): Promise<T> {
    const stage = await mkdtemp(join(tmpRoot, 'elp-sandbox-'));
    try {
      await writeFile(join(stage, CODE_FILE), request.code, { mode: 0o644 });
      const files = request.files ?? [];
      if (files.length) {
        await mkdir(join(stage, 'files'), { mode: 0o700 });
        for (const f of files) await writeFile(join(stage, 'files', f.name), f.content, { mode: 0o644 });
      }
      if (hostUid !== undefined && hostGid !== undefined) {
        // only the sandbox's host user (and root) can reach the staged files
        await chown(stage, hostUid, hostGid);
        if (files.length) await chown(join(stage, 'files'), hostUid, hostGid);
      }
      return await fn(stage, files.map((f) => f.name));
    } finally {
      await rm(stage, { recursive: true, force: true });
    }
  }

  async function check(): Promise<void> {
    if (checked && !(checkFailedAt && Date.now() - checkFailedAt > 30_000)) return checked;
    checkFailedAt = 0;
    checked = (async () => {
      for (const [what, path] of Object.entries(paths)) {
        if (!existsSync(path)) throw new SandboxUnavailableError(`${what} not found at ${path}`);
      }
      const probe: RunRequest = { language: 'python', code: 'print(input()[::-1])', testCases: [{ sequence: 1, inputValues: 'ko', outputValue: 'ok' }] };
      const run = await stageRun(probe, (stage, names) => runOne(stage, names, 'ko\n', { ...baseLimits, timeMs: 10_000 }));
      if (run.stdout.trim() !== 'ok') {
        throw new SandboxUnavailableError(`probe failed: ${(run.stderr || run.stdout).trim().split('\n').slice(-1)[0] ?? 'no output'}`);
      }
    })();
    checked.catch(() => { checkFailedAt = Date.now(); });
    return checked;
  }

  async function runTestCases(request: RunRequest): Promise<CaseResult[]> {
    checkRequest(request);
    const limits = effectiveLimits(baseLimits, request.limits);
    // one turn in the queue per request: the (cached) probe, then every case
    return queue.run(async () => {
      await check();
      if (request.testCases.length === 0) return [];
      return stageRun(request, async (stage, names) => {
        const results: CaseResult[] = [];
        for (const tc of [...request.testCases].sort((a, b) => a.sequence - b.sequence)) {
          const input = (tc.inputValues ?? '').replace(/\r\n?/g, '\n');
          const run = await runOne(stage, names, input, limits);
          results.push({
            sequence: tc.sequence,
            passed: !run.timedOut && !run.outputTruncated && run.exitCode === 0 && outputsMatch(run.stdout, tc.outputValue ?? ''),
            stdout: run.stdout,
            stderr: run.stderr,
            timedOut: run.timedOut,
            exitCode: run.exitCode,
            outputTruncated: run.outputTruncated,
            durationMs: run.durationMs,
          });
        }
        return results;
      });
    }, request.owner);
  }

  return { runTestCases, check, queue };
}
