/**
 * Item analysis of one question (Moodle's quiz statistics, docs "Quiz statistics calculations"):
 * - facility index: the mean score on the question as a share of its maximum (0..1; higher = easier);
 * - discrimination index: Pearson's correlation between the score on the question and the score
 *   on the rest of the attempt (the attempt's total without this question), -1..1; null when it
 *   cannot be computed (fewer than two attempts, or either side has no spread).
 * The server sums in SQL and hands the sums here, so the same formula serves any number of rows.
 */

/** Sufficient statistics over the answers to one question: x = score on it, y = rest of the attempt. */
export interface ItemSums {
  n: number;
  sumX: number;
  sumY: number;
  sumXX: number;
  sumYY: number;
  sumXY: number;
}

export const emptySums = (): ItemSums => ({ n: 0, sumX: 0, sumY: 0, sumXX: 0, sumYY: 0, sumXY: 0 });

/** The sums of pairs (question score, rest of the attempt), e.g. to check the SQL against. */
export function sumsOf(pairs: readonly (readonly [number, number])[]): ItemSums {
  const s = emptySums();
  for (const [x, y] of pairs) {
    s.n += 1;
    s.sumX += x;
    s.sumY += y;
    s.sumXX += x * x;
    s.sumYY += y * y;
    s.sumXY += x * y;
  }
  return s;
}

/** Mean score / maximum, 0..1 (null without answers or without a maximum). */
export function facilityIndex(s: Pick<ItemSums, 'n' | 'sumX'>, maxScore: number): number | null {
  if (s.n === 0 || !(maxScore > 0)) return null;
  return clamp(s.sumX / s.n / maxScore, 0, 1);
}

/** Pearson's r of the question's score and the rest of the attempt's score (null when undefined). */
export function discriminationIndex(s: ItemSums): number | null {
  if (s.n < 2) return null;
  const cov = s.n * s.sumXY - s.sumX * s.sumY;
  const vx = s.n * s.sumXX - s.sumX * s.sumX;
  const vy = s.n * s.sumYY - s.sumY * s.sumY;
  // rounding can leave a tiny negative or positive variance where there is none
  const eps = 1e-9 * Math.max(1, Math.abs(s.n * s.sumXX), Math.abs(s.n * s.sumYY));
  if (vx <= eps || vy <= eps) return null;
  return clamp(cov / Math.sqrt(vx * vy), -1, 1);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
