import { describe, expect, it } from 'vitest';
import { normaliseFree, scoreAttributes, scoreChoice, scoreCode, scoreFile, scoreFree, scoreMatching, scoreSequence } from '../../server/modules/study/scoring.js';

/** Pure scoring per question kind (server/modules/study/scoring.ts). */
describe('scoring', () => {
  it('choice is all or nothing; radio needs exactly one', () => {
    expect(scoreChoice(0, [1, 3], [3, 1]).correctness).toBe(1);
    expect(scoreChoice(0, [1, 3], [1]).fraction).toBe(0);
    expect(scoreChoice(1, [1], [1, 2]).correctness).toBe(0);
    expect(scoreChoice(1, [1], [1]).correctness).toBe(1);
  });

  it('free answers per input type', () => {
    expect(scoreFree(1, ['2024-05-09'], '09.05.2024').correctness).toBe(1);
    expect(normaliseFree(1, '2024-02-30')).toBeNull();
    expect(scoreFree(2, ['Нью  Йорк'], ' нью йорк ').correctness).toBe(1);
    expect(scoreFree(2, ['Abc'], 'abc', true).correctness).toBe(0);
    expect(scoreFree(3, ['4'], '+4').correctness).toBe(1);
    expect(scoreFree(4, ['0.3'], '0,30000000001').correctness).toBe(1);
    expect(scoreFree(4, ['0.3'], '0.31').correctness).toBe(0);
    expect(scoreFree(5, ['true'], 'да').correctness).toBe(1);
    expect(scoreFree(10, ['x'], 'x')).toMatchObject({ correctness: 2, manual: true });
    expect(scoreFree(2, [], 'x')).toMatchObject({ correctness: 2, manual: true });
  });

  it('matching per pair, distractors stay unmatched', () => {
    const options = [{ id: 1, correctTargetId: 10 }, { id: 2, correctTargetId: 20 }, { id: 3, correctTargetId: null }];
    expect(scoreMatching(options, [{ optionId: 1, targetId: 10 }, { optionId: 2, targetId: 20 }]).correctness).toBe(1);
    expect(scoreMatching(options, [{ optionId: 1, targetId: 10 }, { optionId: 3, targetId: 20 }]).fraction).toBeCloseTo(1 / 3);
  });

  it('sequence exact order; code share of passed; file manual; attributes not rated', () => {
    const items = [{ id: 5, correctPosition: 1 }, { id: 6, correctPosition: 0 }];
    expect(scoreSequence(items, [6, 5]).correctness).toBe(1);
    expect(scoreSequence(items, [5, 6]).correctness).toBe(0);
    expect(scoreCode([{ passed: true }, { passed: false }, { passed: true }, { passed: true }]).fraction).toBe(0.75);
    expect(scoreFile()).toMatchObject({ correctness: 2, manual: true });
    expect(scoreAttributes()).toMatchObject({ correctness: 2, manual: false });
  });
});
