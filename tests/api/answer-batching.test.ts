import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.js';

/**
 * Answers are written at the end of the event loop's turn (server/http/answerBatching.ts): a
 * reply sent now is written after this turn's other work, and before the next turn begins.
 */
let seen: (value: { atOnce: boolean; byTurnEnd: boolean }) => void;
const observed = new Promise<{ atOnce: boolean; byTurnEnd: boolean }>((resolve) => (seen = resolve));
const probe: FastifyPluginAsync = async (app) => {
  app.get('/test-answer-turn', async (_request, reply) => {
    reply.send({ ok: true });
    const atOnce = reply.raw.writableEnded;
    // queued after the answer's write: runs once the turn's answers are out
    await new Promise((resolve) => setImmediate(resolve));
    seen({ atOnce, byTurnEnd: reply.raw.writableEnded });
    return reply;
  });
};
const t = await createTestApp({}, { plugins: [probe] });

describe('answers leave at the end of the turn', () => {
  it('a sent answer is written after the turn, with every onSend step done', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test-answer-turn' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // the security headers' step ran before the deferred write
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await observed).toEqual({ atOnce: false, byTurnEnd: true });
  });

  it('answers to calls made together all arrive, each its own', async () => {
    const student = await t.signIn('Students');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'GET', url: '/api/account/current-state', headers: i % 2 ? student.headers : {} }),
      ),
    );
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe(i % 2 ? 'Students' : 'Guest');
    });
  });
});
