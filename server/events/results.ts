import type { Db } from '../db/client.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A student's result on an exercise of a course changed (a finish or expiry, a SCORM result, a
 * retake, an instructor's evaluation or its revert): written by the study module, in the
 * transaction of that change. Modules that react to results (the course's automation conditions)
 * listen here instead of being imported by the module that writes results, so neither imports
 * the other (docs/architecture.md "Events between modules").
 */
export interface ResultChanged {
  /** the transaction of the change: a listener's writes commit or roll back with it */
  db: Db | Tx;
  courseId: number;
  programId: number;
  accountId: number;
  exerciseId: number;
  at: Date;
}

export type ResultListener = (event: ResultChanged) => Promise<void>;

/** by name: a module registered again (another app in the same process) replaces its listener, never doubles it */
const listeners = new Map<string, ResultListener>();

export function onResultChanged(name: string, listener: ResultListener): void {
  listeners.set(name, listener);
}

/** Tells every listener, one after another, in the caller's transaction. */
export async function resultChanged(event: ResultChanged): Promise<void> {
  for (const listener of listeners.values()) await listener(event);
}
