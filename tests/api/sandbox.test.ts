import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../server/paths.js';
import {
  createRunner,
  normalizeOutput,
  RunQueue,
  SandboxBusyError,
  SandboxInputError,
  SandboxUnavailableError,
  type RunRequest,
} from '../../server/sandbox/index.js';

/**
 * The code-question runner (ARCHITECTURE §3): python3 under bwrap, no network, no host
 * files, CPU/memory/process/time limits, and it fails closed when bwrap cannot sandbox.
 */
const runner = createRunner({ concurrency: 2 });

const one = (code: string, input = '', expected = '', extra: Partial<RunRequest> = {}) =>
  runner.runTestCases({ language: 'python', code, testCases: [{ sequence: 1, inputValues: input, outputValue: expected }], ...extra }).then((r) => r[0]);

describe('grading', () => {
  it('passes a correct program and fails a wrong one, case by case, in sequence order', async () => {
    const results = await runner.runTestCases({
      language: 'python',
      code: 'a, b = map(int, input().split())\nprint(a + b)',
      testCases: [
        { sequence: 2, inputValues: '2 2', outputValue: '5' },
        { sequence: 1, inputValues: '1 2\n', outputValue: '3\n' },
      ],
    });
    expect(results.map((r) => [r.sequence, r.passed])).toEqual([[1, true], [2, false]]);
    expect(results[0]).toMatchObject({ stdout: '3\n', stderr: '', exitCode: 0, timedOut: false, outputTruncated: false });
    expect(results[1].stdout).toBe('4\n');
  });

  it('compares trimmed output (line endings, trailing spaces, blank edges)', async () => {
    const r = await one('print("  a  ")\nprint("b   ")\nprint()', '', '  a\r\nb\r\n\r\n');
    expect(r.passed).toBe(true);
    expect(normalizeOutput('x \r\ny\n\n')).toBe('x\ny');
  });

  it('fails a program that crashes, with its traceback on stderr', async () => {
    const r = await one('raise ValueError("boom")', '', '');
    expect(r).toMatchObject({ passed: false, exitCode: 1, timedOut: false });
    expect(r.stderr).toContain('ValueError: boom');
  });

  it("offers the question's files (read-only) in the working directory", async () => {
    const r = await runner.runTestCases({
      language: 'python',
      code: 'print(open("data.txt").read().upper())\ntry:\n  open("data.txt", "w")\nexcept OSError as e:\n  print("ro", e.errno)',
      files: [{ name: 'data.txt', content: 'hello' }],
      testCases: [{ sequence: 1, inputValues: '', outputValue: 'HELLO\nro 30' }],
    });
    expect(r[0].stdout).toBe('HELLO\nro 30\n');
    expect(r[0].passed).toBe(true);
  });

  it('refuses file names that could leave the working directory', async () => {
    for (const name of ['../x', 'a/b', '.hidden', 'main.py', '']) {
      await expect(
        runner.runTestCases({ language: 'python', code: 'pass', files: [{ name, content: 'x' }], testCases: [] }),
      ).rejects.toBeInstanceOf(SandboxInputError);
    }
  });
});

describe('limits', () => {
  it('kills an infinite loop within its time limit', async () => {
    const started = Date.now();
    const r = await one('while True:\n    pass', '', '', { limits: { timeMs: 1500 } });
    expect(r).toMatchObject({ passed: false, timedOut: true });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('kills a sleeping program on the wall clock (no CPU used)', async () => {
    const r = await one('import time\ntime.sleep(60)', '', '', { limits: { timeMs: 1000 } });
    expect(r.timedOut).toBe(true);
    expect(r.durationMs).toBeLessThan(3000);
  });

  it('refuses a 100 MB allocation', async () => {
    const r = await one('try:\n    x = bytearray(100 * 1024 * 1024)\n    print("allocated")\nexcept MemoryError:\n    print("refused")');
    expect(r.stdout.trim()).toBe('refused');
  });

  it('contains a fork bomb: forks stop at the process limit and the run is killed in time', async () => {
    const counted = await one(
      'import os, time\nn = 0\ntry:\n    while True:\n        if os.fork() == 0:\n            time.sleep(30)\n            os._exit(0)\n        n += 1\nexcept OSError:\n    print("stopped after", n)',
      '', '', { limits: { timeMs: 3000 } },
    );
    const n = Number(/stopped after (\d+)/.exec(counted.stdout)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(32);

    const started = Date.now();
    const bomb = await one('import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass', '', '', { limits: { timeMs: 2000 } });
    expect(bomb.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000);
    // the machine is still usable right after
    const after = await one('print(6 * 7)', '', '42');
    expect(after.passed).toBe(true);
  });

  it('caps a flood of output and stops the program', async () => {
    const r = await one('while True:\n    print("x" * 1000)', '', '', { limits: { timeMs: 5000 } });
    expect(r.outputTruncated).toBe(true);
    expect(r.passed).toBe(false);
    expect(r.stdout.length).toBeLessThanOrEqual(64 * 1024);
    expect(r.durationMs).toBeLessThan(4000);
  });

  it('refuses to write a file larger than the file-size limit', async () => {
    const r = await one('try:\n    open("/tmp/big", "wb").write(b"x" * (2 * 1024 * 1024))\n    print("wrote")\nexcept OSError as e:\n    print("refused")', '', 'refused');
    expect(r.stdout.trim()).not.toBe('wrote');
  });
});

describe('isolation', () => {
  let secretDir: string;
  beforeAll(() => {
    // a stand-in for the data dir: a file only the host can see
    mkdirSync(join(rootDir, '.tmp'), { recursive: true });
    secretDir = mkdtempSync(join(rootDir, '.tmp', 'sandbox-secret-'));
    writeFileSync(join(secretDir, 'secret.txt'), 'top secret');
    chmodSync(join(secretDir, 'secret.txt'), 0o644);
  });
  afterAll(() => rmSync(secretDir, { recursive: true, force: true }));

  const tryRead = (path: string) =>
    one(`try:\n    print("READ", open(${JSON.stringify(path)}).read()[:20])\nexcept OSError as e:\n    print("DENIED", type(e).__name__)`);

  it.each([
    ['/etc/shadow'],
    ['/etc/passwd'],
    [join(rootDir, 'package.json')],
    ['/work/main/package.json'],
    [join(rootDir, '.data', 'db', 'PG_VERSION')],
  ])('cannot read %s', async (path) => {
    const r = await tryRead(path);
    expect(r.stdout).toMatch(/^DENIED/);
  });

  it('cannot read a file of the data dir', async () => {
    const r = await tryRead(join(secretDir, 'secret.txt'));
    expect(r.stdout).toMatch(/^DENIED/);
  });

  it('sees no host directories and runs as an unprivileged user', async () => {
    const r = await one('import os\nprint(sorted(os.listdir("/")))\nprint(os.getuid(), os.getgid())\nprint(len([p for p in os.listdir("/proc") if p.isdigit()]))\nprint(sorted(os.listdir("/etc")) if os.path.isdir("/etc") else [])');
    const [dirs, ids, procs, etc] = r.stdout.trim().split('\n');
    for (const hidden of ['work', 'root', 'home', 'var', 'mnt', 'opt', 'srv']) expect(dirs).not.toContain(`'${hidden}'`);
    expect(['[]', "['alternatives']"]).toContain(etc); // nothing of /etc but the alternatives links
    expect(ids).toBe('65534 65534');
    expect(Number(procs)).toBeLessThan(5); // its own pid namespace
  });

  it('cannot write to the system', async () => {
    const r = await one('try:\n    open("/usr/evil", "w")\n    print("wrote")\nexcept OSError:\n    print("refused")');
    expect(r.stdout.trim()).toBe('refused');
  });

  describe('network', () => {
    let server: Server;
    let port: number;
    let connections = 0;
    beforeAll(async () => {
      server = createServer((s) => { connections++; s.end('hello'); });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('cannot open a socket to a server on the host loopback', async () => {
      const r = await one(
        `import socket\ntry:\n    s = socket.create_connection(("127.0.0.1", ${port}), timeout=2)\n    print("CONNECTED", s.recv(10))\nexcept OSError as e:\n    print("REFUSED", type(e).__name__)`,
      );
      expect(r.stdout).toMatch(/^REFUSED/);
      expect(connections).toBe(0);
    });

    it('cannot resolve or reach outside hosts', async () => {
      const r = await one('import socket\ntry:\n    socket.create_connection(("example.com", 80), timeout=2)\n    print("CONNECTED")\nexcept OSError as e:\n    print("REFUSED")');
      expect(r.stdout.trim()).toBe('REFUSED');
    });
  });
});

describe('fails closed', () => {
  it('throws SandboxUnavailableError when bwrap is missing, and runs nothing', async () => {
    const broken = createRunner({ bwrapPath: '/nonexistent/bwrap' });
    await expect(broken.runTestCases({ language: 'python', code: 'print(1)', testCases: [{ sequence: 1, inputValues: '', outputValue: '1' }] }))
      .rejects.toBeInstanceOf(SandboxUnavailableError);
  });

  it('throws SandboxUnavailableError when bwrap cannot create namespaces', async () => {
    const dir = mkdtempSync(join(rootDir, '.tmp', 'fake-bwrap-'));
    const fake = join(dir, 'bwrap');
    const ran = join(dir, 'ran');
    // what bwrap prints where user namespaces are forbidden; it must not be worked around
    writeFileSync(fake, `#!/bin/sh\necho "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n`);
    chmodSync(fake, 0o755);
    chmodSync(dir, 0o755);
    try {
      const broken = createRunner({ bwrapPath: fake });
      const err = await broken
        .runTestCases({ language: 'python', code: `open(${JSON.stringify(ran)}, "w")`, testCases: [{ sequence: 1, inputValues: '', outputValue: '' }] })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SandboxUnavailableError);
      expect((err as Error).message).toContain('namespace');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('queue', () => {
  it('runs at most `concurrency` tasks at once and refuses callers beyond the wait list', async () => {
    const q = new RunQueue(1, 1);
    let active = 0;
    let peak = 0;
    const task = () => q.run(async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 50));
      active--;
      return 'done';
    });
    const first = task();
    const second = task();
    await expect(task()).rejects.toBeInstanceOf(SandboxBusyError);
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(peak).toBe(1);
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
  });
});

/** Runs held open until the test lets them finish: the order is the queue's, not the clock's. */
function heldRuns(q: RunQueue) {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const submit = (owner: number, name: string) =>
    q.run(() => new Promise<string>((resolve) => {
      started.push(name);
      release.set(name, () => resolve(name));
    }), owner);
  const finish = async (name: string) => {
    release.get(name)!();
    await new Promise((r) => setImmediate(r));
  };
  return { started, submit, finish };
}

describe('one student cannot monopolise the sandbox', () => {
  const flooder = 1;
  const other = 2;

  it("a flooder's runs wait behind its running one while another student's run starts in the free slot", async () => {
    const q = new RunQueue(2, 50, 2);
    const { started, submit, finish } = heldRuns(q);
    const runs = [submit(flooder, 'A1'), submit(flooder, 'A2'), submit(flooder, 'A3')];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['A1']); // one running per account, though a slot is free
    expect(q.statsOf(flooder)).toEqual({ running: 1, waiting: 2 });
    const b = submit(other, 'B1');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['A1', 'B1']);
    for (const name of ['A1', 'B1', 'A2', 'A3']) await finish(name);
    expect(await Promise.all([...runs, b])).toEqual(['A1', 'A2', 'A3', 'B1']);
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('takes turns between students (round-robin), not arrival order, and refuses the flooder beyond its wait list with 429', async () => {
    const q = new RunQueue(1, 50, 2);
    const { started, submit, finish } = heldRuns(q);
    const a = [submit(flooder, 'A1'), submit(flooder, 'A2'), submit(flooder, 'A3')];
    const refused = await submit(flooder, 'A4').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxBusyError);
    expect((refused as SandboxBusyError).scope).toBe('account');
    const b = [submit(other, 'B1'), submit(other, 'B2')];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['A1']);
    // the other student arrived after A2 and A3 but runs right after the job already running
    await finish('A1');
    expect(started).toEqual(['A1', 'B1']);
    await finish('B1');
    await finish('A2');
    await finish('B2');
    await finish('A3');
    expect(started).toEqual(['A1', 'B1', 'A2', 'B2', 'A3']);
    await Promise.all([...a, ...b]);
  });

  it('refuses everybody (503, scope server) when the whole wait list is full', async () => {
    const q = new RunQueue(1, 2, 2);
    const { submit, finish } = heldRuns(q);
    const runs = [submit(1, 'A1'), submit(2, 'B1'), submit(3, 'C1')];
    const refused = await submit(4, 'D1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxBusyError);
    expect((refused as SandboxBusyError).scope).toBe('server');
    for (const name of ['A1', 'B1', 'C1']) await finish(name);
    await Promise.all(runs);
  });
});
