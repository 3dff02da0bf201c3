import { createHash } from 'node:crypto';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/** A prepared statement is planned anew after this many runs or this long (below). */
const REPLAN_AFTER_RUNS = 1000;
const REPLAN_AFTER_MS = 10_000;
/** Statements kept prepared per PGlite: the hot ones are a handful; the oldest is closed beyond. */
const KEPT = 64;

/**
 * `db.execute` for a statement run many times a second (an exam's answer saves, the live typical
 * errors' recomputation). On PGlite it is a named prepared statement, so PostgreSQL's plan cache
 * keeps a generic plan instead of planning at every call: planning runs on the server's event loop
 * and was most of a save's statement (an exam's data, a statement of two answers: 1.8 ms a call as
 * `db.execute`, 0.84 ms prepared, 2.5 ms prepared with a plan per call; the protocol's trips into
 * WebAssembly weigh nothing).
 *
 * A generic plan is made from the tables' sizes when it is made, and PGlite has no autovacuum whose
 * ANALYZE would have it made again: prepared just before an exam, while the idempotency keys' table
 * was empty, it scanned the whole table for each key, and the storm's saves slowed from ~30 ms to
 * ~800 ms at p95 as the table grew. So a statement is prepared again after REPLAN_AFTER_RUNS runs
 * or REPLAN_AFTER_MS (a plan in a thousand runs, or one every ten seconds).
 *
 * On PostgreSQL planning runs in the database's own process, beside the server's work, and a
 * cached plan would wait up to a minute for autovacuum's ANALYZE: there it is `db.execute`, as it
 * is inside a transaction (its `db` has no client of its own).
 */
export async function executePrepared<Row>(db: Db, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return rowsOf<Row>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  try {
    return await runOnPglite<Row>(client, text, params);
  } catch (e) {
    // as drizzle's own drivers fail: the database's error is the cause
    throw new DrizzleQueryError(text, params, e instanceof Error ? e : undefined);
  }
}

const dialect = new PgDialect();
const { serialize } = protocol;

interface Prepared {
  name: string;
  /** the parameters' types, for PGlite's serializers */
  types: number[];
  runs: number;
  since: number;
}
const preparedOn = new WeakMap<PGlite, Map<string, Prepared>>();

/** As PGlite's own `query`: under its transaction lock (never inside another caller's open transaction) and its query lock. */
function runOnPglite<Row>(pglite: PGlite, text: string, params: unknown[]): Promise<Row[]> {
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const messages = [];
      try {
        const statement = await prepare(pglite, text);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pglite.serializers[statement.types[i]];
          return serializer ? serializer(value) : String(value);
        });
        const step = Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})]);
        messages.push(...(await pglite.execProtocolStream(step, { syncToFs: false })));
      } finally {
        // after an error the server skips to the sync; as PGlite's own query does, it is always sent
        messages.push(...(await pglite.execProtocolStream(serialize.sync(), { syncToFs: false })));
      }
      await pglite.syncToFs();
      return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as Row[];
    }),
  );
}

/** The statement of this text, prepared (again, when its plan is old); inside runOnPglite's locks. */
async function prepare(pglite: PGlite, text: string): Promise<Prepared> {
  let kept = preparedOn.get(pglite);
  if (!kept) preparedOn.set(pglite, (kept = new Map()));
  const found = kept.get(text);
  if (found && found.runs < REPLAN_AFTER_RUNS && Date.now() - found.since < REPLAN_AFTER_MS) {
    found.runs++;
    return found;
  }
  const close = async (name: string) => pglite.execProtocolStream(serialize.close({ type: 'S', name }), { syncToFs: false });
  if (found) {
    kept.delete(text);
    await close(found.name);
  } else if (kept.size >= KEPT) {
    const [oldestText, oldest] = kept.entries().next().value as [string, Prepared];
    kept.delete(oldestText);
    await close(oldest.name);
  }
  const name = `elp_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  await pglite.execProtocolStream(serialize.parse({ name, text }), { syncToFs: false });
  const statement: Prepared = { name, types: [], runs: 1, since: Date.now() };
  kept.set(text, statement); // prepared: kept (and closed later) even if its description fails
  statement.types = parse.parseDescribeStatementResults(await pglite.execProtocolStream(serialize.describe({ type: 'S', name }), { syncToFs: false }));
  return statement;
}
