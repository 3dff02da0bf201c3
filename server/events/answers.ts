import type { Db } from '../db/client.js';

/**
 * A student's answer was saved (committed): written by the study module after each save. The
 * live typical-errors page listens here (server/modules/analytics/live.ts) so the study module
 * does not import analytics. Listeners are kept per database handle, i.e. per app (tests run
 * several apps in one process), by name so a module registered again replaces its listener.
 * A listener must be quick and never throw: it runs on an exam's hot path.
 */
export interface AnswerSaved {
  courseId: number;
  exerciseId: number;
  accountId: number;
}

export type AnswerListener = (event: AnswerSaved) => void;

const listeners = new WeakMap<Db, Map<string, AnswerListener>>();

export function onAnswerSaved(db: Db, name: string, listener: AnswerListener): void {
  let byName = listeners.get(db);
  if (!byName) listeners.set(db, (byName = new Map()));
  byName.set(name, listener);
}

export function answerSaved(db: Db, event: AnswerSaved): void {
  for (const listener of listeners.get(db)?.values() ?? []) {
    try {
      listener(event);
    } catch {
      // a listener's failure never fails the student's save
    }
  }
}
