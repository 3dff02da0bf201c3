import { describe, expect, it } from 'vitest';
import { discriminationIndex, emptySums, facilityIndex, sumsOf } from '../../shared/analytics/itemAnalysis';

/** Moodle's facility and discrimination indices from the sums the server computes in SQL. */
describe('item analysis', () => {
  it('facility: mean score over the maximum', () => {
    expect(facilityIndex(sumsOf([[1, 0], [0, 0], [0, 0], [0, 0]]), 1)).toBe(0.25);
    expect(facilityIndex(sumsOf([[2, 0], [0, 0], [1, 0], [0, 0]]), 2)).toBe(0.375);
    expect(facilityIndex(emptySums(), 1)).toBeNull();
    expect(facilityIndex(sumsOf([[1, 0]]), 0)).toBeNull();
  });

  it("discrimination: Pearson's r of the question's score and the rest of the attempt", () => {
    // hand-computed: cov 1.25/4, var x 0.75/4, var y 2.75/4 → r = 1.25 / √(0.75 · 2.75)
    expect(discriminationIndex(sumsOf([[1, 2], [0, 0], [0, 1], [0, 0]]))).toBeCloseTo(1.25 / Math.sqrt(0.75 * 2.75), 10);
    // the strong answer right and the weak ones wrong: 1; the reverse: -1
    expect(discriminationIndex(sumsOf([[1, 9], [1, 8], [0, 2], [0, 1]]))).toBeGreaterThan(0.9);
    expect(discriminationIndex(sumsOf([[0, 9], [0, 8], [1, 2], [1, 1]]))).toBeLessThan(-0.9);
    expect(discriminationIndex(sumsOf([[0, 0], [1, 1]]))).toBe(1);
  });

  it('is undefined without spread or with one answer', () => {
    expect(discriminationIndex(sumsOf([[1, 3]]))).toBeNull();
    expect(discriminationIndex(sumsOf([[1, 3], [1, 5], [1, 0]]))).toBeNull(); // everyone right
    expect(discriminationIndex(sumsOf([[1, 2], [0, 2]]))).toBeNull(); // the rest does not vary
  });
});
