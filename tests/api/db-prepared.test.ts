import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../../server/db/prepared.js';
import { rowsOf } from '../../server/db/rows.js';
import { createTestApp } from './support/app.js';

/** server/db/prepared.ts: a statement run often, prepared on PGlite, on either database. */
const t = await createTestApp();
afterAll(() => t.app.close());

const labelOf = (label: string, n: unknown) => executePrepared<{ label: string; n: number; ids: number[] }>(t.db, sql`select ${label}::text as "label", ${n}::int as "n", ${'{1,2}'}::int[] as "ids"`);

describe('a prepared statement', () => {
  it('answers its rows, with its parameters, call after call', async () => {
    for (let i = 0; i < 8; i++) expect(await labelOf(`a'b ${i}`, i)).toEqual([{ label: `a'b ${i}`, n: i, ids: [1, 2] }]);
  });

  it('is prepared again after a thousand runs, and past the number of statements kept', async () => {
    for (let i = 0; i < 1002; i++) expect((await labelOf('again', i))[0]?.n).toBe(i);
    for (let i = 0; i < 70; i++) expect(await executePrepared(t.db, sql.raw(`select ${i} as "n${i}"`))).toEqual([{ [`n${i}`]: i }]);
    expect(await labelOf('still', 1)).toEqual([{ label: 'still', n: 1, ids: [1, 2] }]);
  });

  it('fails with the database error, and runs again after it', async () => {
    // as db.execute fails on either database: drizzle's error, the database's as its cause
    await expect(labelOf('x', 'not a number')).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect(await labelOf('y', 2)).toEqual([{ label: 'y', n: 2, ids: [1, 2] }]);
  });

  it('never runs inside another caller’s open transaction: a rolled-back transaction does not take its write', async () => {
    await t.db.execute(sql`create table "prepared_notes" ("id" serial primary key, "text" text not null)`);
    let release = () => {};
    let entered = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = t.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into "prepared_notes" ("text") values ('in the transaction')`);
        entered();
        await held;
        tx.rollback();
      })
      .catch(() => undefined);
    await inside;
    // issued while the transaction is open: on PGlite it waits for the transaction's end
    const outside = executePrepared(t.db, sql`insert into "prepared_notes" ("text") values (${'outside'}) returning "id"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    await outside;
    const texts = rowsOf<{ text: string }>(await t.db.execute(sql`select "text" from "prepared_notes" order by "id"`)).map((r) => r.text);
    expect(texts).toEqual(['outside']);
  });
});
