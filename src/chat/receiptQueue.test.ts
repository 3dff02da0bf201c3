import { describe, expect, it, vi } from 'vitest';
import { formatUnread } from '../../shared/calls/chat';
import { ReceiptQueue } from './receiptQueue';

describe('ReceiptQueue', () => {
  it('runs at most two receipt calls at once, Read never before Received of the same message, each step once', async () => {
    const q = new ReceiptQueue(2);
    const log: string[] = [];
    let running = 0;
    let peak = 0;
    const job = (name: string) => async () => {
      running++;
      peak = Math.max(peak, running);
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${name}`);
      running--;
    };
    for (const id of [1, 2, 3]) q.push(id, 'Received', job(`${id}R`));
    for (const id of [1, 2, 3]) q.push(id, 'Read', job(`${id}D`));
    q.push(1, 'Received', job('dup'));
    // until every step has run (a busy machine's timers are late: no fixed wait)
    await vi.waitFor(() => expect(log.filter((l) => l.startsWith('end'))).toHaveLength(6), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 20)); // a wrongly queued duplicate would start now
    expect(peak).toBe(2);
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(6);
    expect(log).not.toContain('start dup');
    for (const id of [1, 2, 3]) expect(log.indexOf(`start ${id}D`)).toBeGreaterThan(log.indexOf(`end ${id}R`));
  });
});

describe('formatUnread', () => {
  it('shows K above 999 (spec 2 §9)', () => {
    expect([0, 999, 1000, 1999, 25_400].map(formatUnread)).toEqual(['0', '999', '1K', '1K', '25K']);
  });
});
