import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../server/db/groupCommit.js';

describe('group commit', () => {
  it('writes what arrives in one turn together, and each caller gets its own result', async () => {
    const statements: number[][] = [];
    const commit = new GroupCommit<number, number>({ maxInFlight: 1, write: async (batch) => (statements.push(batch), batch.map((n) => n * 10)) });
    const results = await Promise.all([1, 2, 3].map((n) => commit.submit(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(statements).toEqual([[1, 2, 3]]);
  });

  it('never puts two writes of one key in a statement, and keeps their order', async () => {
    const statements: string[][] = [];
    const commit = new GroupCommit<string, string>({
      maxInFlight: 2,
      keyOf: (s) => s[0],
      write: async (batch) => (statements.push(batch), batch),
    });
    await Promise.all(['a1', 'b1', 'a2', 'a3'].map((s) => commit.submit(s)));
    for (const batch of statements) expect(new Set(batch.map((s) => s[0])).size).toBe(batch.length);
    expect(statements.flat().filter((s) => s[0] === 'a')).toEqual(['a1', 'a2', 'a3']);
  });

  it('a failing statement is retried row by row: only the bad write fails', async () => {
    const commit = new GroupCommit<number, number>({
      maxInFlight: 1,
      write: async (batch) => {
        if (batch.includes(2)) throw new Error('bad row');
        return batch;
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => commit.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('does not start more statements than allowed at once', async () => {
    let running = 0;
    let most = 0;
    const commit = new GroupCommit<number, number>({
      maxInFlight: 2,
      maxRows: 1,
      write: async (batch) => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return batch;
      },
    });
    await Promise.all([1, 2, 3, 4, 5].map((n) => commit.submit(n)));
    expect(most).toBe(2);
  });
});
