/**
 * The code-question runner. Callers (the question bank's execAllTextCases, the player's
 * execTextCases and answer grading) use the shared instance:
 *
 *   import { runTestCases } from '../sandbox/index.js';
 *   const results = await runTestCases({ language: 'python', code, files, testCases });
 *   // → [{ sequence, passed, stdout, stderr, timedOut, exitCode, outputTruncated, durationMs }]
 *
 * It throws SandboxUnavailableError (nothing ran: answer 503), SandboxBusyError (the queue
 * is full: answer 503/429) and SandboxInputError (bad file names, oversize input: answer 400).
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
export { RunQueue, SandboxBusyError } from './queue.js';
export { normalizeOutput, outputsMatch } from './compare.js';

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  return n;
}

let shared: Runner | null = null;

/** The process-wide runner (created on first use; SANDBOX_CONCURRENCY and SANDBOX_MAX_QUEUED tune it). */
export function sandbox(): Runner {
  shared ??= createRunner({
    concurrency: envInt('SANDBOX_CONCURRENCY', 2, 1, 64),
    maxQueued: envInt('SANDBOX_MAX_QUEUED', 50, 0, 10_000),
  });
  return shared;
}

/** Runs a program against test cases in the shared sandbox (see createRunner). */
export function runTestCases(request: RunRequest): Promise<CaseResult[]> {
  return sandbox().runTestCases(request);
}
