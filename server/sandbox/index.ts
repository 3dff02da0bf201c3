/**
 * The code-question runner. Callers (the question bank's execAllTextCases, the player's
 * execTextCases and answer grading) use the shared instance:
 *
 *   import { runTestCases } from '../sandbox/index.js';
 *   const results = await runTestCases({ language: 'python', code, files, testCases, owner: accountId });
 *   // → [{ sequence, passed, stdout, stderr, timedOut, exitCode, outputTruncated, durationMs }]
 *
 * It throws SandboxUnavailableError (nothing ran: answer 503), SandboxBusyError (the caller's
 * or everybody's queue is full: answer 429 / 503) and SandboxInputError (bad file names,
 * oversize input: answer 400); `throwSandboxError` turns them into the spec's error shape.
 */
import { createRunner, type CaseResult, type RunRequest, type Runner } from './runner.js';

export {
  createRunner,
  DEFAULT_LIMITS,
  INPUT_LIMITS,
  LIMIT_CEILINGS,
  SANDBOX_FILE_NAME,
  SandboxInputError,
  SandboxUnavailableError,
} from './runner.js';
export type { CaseResult, RunnerOptions, RunRequest, SandboxFile, SandboxLimits, SandboxTestCase, Runner } from './runner.js';
export { RunQueue, SandboxBusyError, type QueueOwner } from './queue.js';
export { throwSandboxError } from './errors.js';
export { normalizeOutput, outputsMatch } from './compare.js';

/** The queue's limits, from the validated configuration (server/config.ts). */
export interface SandboxSettings {
  SANDBOX_CONCURRENCY: number;
  SANDBOX_MAX_QUEUED: number;
  SANDBOX_QUEUE_PER_ACCOUNT: number;
}

let settings: SandboxSettings = { SANDBOX_CONCURRENCY: 2, SANDBOX_MAX_QUEUED: 50, SANDBOX_QUEUE_PER_ACCOUNT: 2 };
let shared: Runner | null = null;

const queueSettings = (s: SandboxSettings) => ({
  concurrency: s.SANDBOX_CONCURRENCY,
  maxQueued: s.SANDBOX_MAX_QUEUED,
  maxWaitingPerAccount: s.SANDBOX_QUEUE_PER_ACCOUNT,
});

/**
 * Sets the shared runner's limits (the app calls it at build). One runner per process, not
 * per app: the sandboxes share the machine's cores whoever starts them.
 */
export function configureSandbox(next: SandboxSettings): void {
  settings = { ...next };
  shared?.queue.configure(queueSettings(settings));
}

/** The process-wide runner (created on first use). */
export function sandbox(): Runner {
  shared ??= createRunner(queueSettings(settings));
  return shared;
}

/** Runs a program against test cases in the shared sandbox (see createRunner). */
export function runTestCases(request: RunRequest): Promise<CaseResult[]> {
  return sandbox().runTestCases(request);
}
