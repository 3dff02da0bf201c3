import { describe, expect, it } from 'vitest';
import { answerLines } from './answerPreview';
import { formatClock, readClock } from './clock';
import { answeredIds, parseStep, resumeStep } from './navigation';
import { loadErrorKey, nextErrorKey, restartErrorKey, unansweredOf } from './errorKeys';
import { reflectionSchema, toAnswers } from './reflectionSchema';
import type { PlayerPage, StartPage } from '../../../shared/calls/study/pages';

const session = { secondsLeft: null as number | null, startedAt: '2026-01-01T10:00:00.000Z', serverTime: '2026-01-01T10:05:00.000Z' };

describe('time indicator', () => {
  it('counts down from the server’s secondsLeft by the time since the load, and expires at zero', () => {
    const at = 1_000_000;
    expect(readClock({ ...session, secondsLeft: 90 }, at, at)).toEqual({ mode: 'countdown', seconds: 90, expired: false });
    expect(readClock({ ...session, secondsLeft: 90 }, at, at + 30_500)).toEqual({ mode: 'countdown', seconds: 60, expired: false });
    expect(readClock({ ...session, secondsLeft: 90 }, at, at + 95_000)).toEqual({ mode: 'countdown', seconds: 0, expired: true });
  });

  it('without a deadline shows the time since the attempt started, by the server clock', () => {
    expect(readClock(session, 0, 10_000)).toEqual({ mode: 'elapsed', seconds: 310, expired: false });
  });

  it('formats as MM:SS, and H:MM:SS from an hour', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(3600 + 61)).toBe('1:01:01');
  });
});

describe('navigation', () => {
  it('parses the URL step', () => {
    expect(parseStep('start')).toBe('start');
    expect(parseStep('end')).toBe('end');
    expect(parseStep('42')).toBe(42);
    expect(parseStep('4x')).toBeNull();
    expect(parseStep(undefined)).toBeNull();
  });

  const start = (currentSlideId: number | null, next: number | 'end' = 7) =>
    ({ slideId: 'start', next, currentSlideId, slides: [{ id: 7 }, { id: 8 }] }) as unknown as StartPage;

  it('Start goes to the first slide; Continue resumes where the attempt stopped', () => {
    expect(resumeStep(start(null))).toBe(7);
    expect(resumeStep(start(8))).toBe(8);
    expect(resumeStep(start(99))).toBe(7); // a slide removed since
    expect(resumeStep(start(null, 'end'))).toBe('end');
  });

  it('answered marks join the server’s list and the saves acknowledged since', () => {
    const page = { slides: [{ id: 1, answered: true }, { id: 2, answered: false }, { id: 3, answered: false }] } as unknown as PlayerPage;
    expect([...answeredIds(page, new Set([3]))].sort()).toEqual([1, 3]);
  });
});

describe('messages of the calls (spec 3 §8.3–8.4)', () => {
  const err = (status: number, body: unknown = {}) => ({ status, body });
  it('maps slide-load, restart and next-exercise failures', () => {
    expect(loadErrorKey(err(401))).toBe('app.player.errors.loadUnauthorized');
    expect(loadErrorKey(err(404))).toBe('app.player.errors.loadNotFound');
    expect(loadErrorKey(err(500))).toBe('app.player.errors.loadFailed');
    expect(restartErrorKey(err(400))).toBe('app.player.restart.lecture');
    expect(restartErrorKey(err(401))).toBe('app.player.restart.exceeded');
    expect(restartErrorKey(err(404))).toBe('app.player.restart.notFound');
    expect(restartErrorKey(new Error('offline'))).toBe('app.player.restart.failed');
    expect(nextErrorKey(err(404))).toBe('app.player.final.nextNotFound');
    expect(nextErrorKey(err(500))).toBe('app.player.final.nextFailed');
  });

  it('reads the missing slides of "session not completed" only', () => {
    expect(unansweredOf(err(400, { ErrorCode: 'SessionNotCompleted', unansweredSlideIds: [4, 5] }))).toEqual([4, 5]);
    expect(unansweredOf(err(400, { ErrorCode: '16' }))).toBeNull();
    expect(unansweredOf(err(404))).toBeNull();
  });
});

describe('answer previews', () => {
  const content = {
    question: {
      options: [{ id: 1, text: 'Париж' }, { id: 2, text: 'Лион' }],
      targets: [{ id: 10, text: 'Франция' }],
      items: [{ id: 20, text: 'один' }, { id: 21, text: 'два' }],
    },
  };
  it('names chosen options, pairs and sequences; shows free values and files', () => {
    expect(answerLines({ optionIds: [2] }, content)).toEqual(['Лион']);
    expect(answerLines({ pairs: [{ optionId: 1, targetId: 10 }, { optionId: 2, targetId: null }] }, content)).toEqual(['Париж → Франция', 'Лион → —']);
    expect(answerLines({ itemIds: [21, 20] }, content)).toEqual(['1. два', '2. один']);
    expect(answerLines({ value: '42' }, null)).toEqual(['42']);
    expect(answerLines({ values: ['Москва', 'москва'] }, null)).toEqual(['Москва', 'москва']);
    expect(answerLines({ fileIds: [1], files: [{ id: 1, name: 'report.pdf', size: 10 }] }, null)).toEqual(['report.pdf']);
    expect(answerLines({ optionIds: [9] }, content)).toEqual(['#9']);
    expect(answerLines(null, content)).toEqual([]);
  });
});

describe('reflection survey validation (spec 2 §6)', () => {
  const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;
  const questions = [
    { id: 1, text: 'Что было полезно?', answerKind: 'text' as const, required: true, minChars: 10, maxAnswers: null, options: [] },
    { id: 2, text: 'Что понравилось?', answerKind: 'choice' as const, required: false, minChars: null, maxAnswers: 2, options: [{ id: 5, text: 'a' }, { id: 6, text: 'b' }, { id: 7, text: 'c' }] },
    { id: 3, text: 'Комментарий', answerKind: 'text' as const, required: false, minChars: null, maxAnswers: null, options: [] },
  ];
  const schema = reflectionSchema(questions, t);
  const messages = (values: Record<string, unknown>) => {
    const r = schema.safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
  };

  it('requires a value, the minimum characters and at most maxAnswers options', () => {
    expect(messages({ q1: '  ', q2: [], q3: '' })).toEqual(['q1:app.player.reflection.required']);
    expect(messages({ q1: 'коротко', q2: [5, 6, 7], q3: '' })).toEqual([
      'q1:app.player.reflection.minChars{"count":10}',
      'q2:app.player.reflection.maxAnswers{"count":2}',
    ]);
    expect(messages({ q1: 'достаточно длинный ответ', q2: [5, 6], q3: '' })).toEqual([]);
    expect(messages({ q1: 'достаточно длинный ответ', q2: [], q3: 'x'.repeat(2001) })).toEqual(['q3:app.player.reflection.tooLong{"count":2000}']);
  });

  it('sends answered questions only', () => {
    expect(toAnswers(questions, { q1: ' полезный ответ ', q2: [6], q3: '' })).toEqual([
      { questionId: 1, text: 'полезный ответ' },
      { questionId: 2, optionIds: [6] },
    ]);
  });
});
