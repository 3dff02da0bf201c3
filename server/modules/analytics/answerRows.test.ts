import { describe, expect, it } from 'vitest';
import { addPart, type PartSums } from './answerRows.js';

const US = '\u001f';
const RS = '\u001e';
const empty = (): PartSums => ({ attempts: new Map(), sums: new Map(), chosen: new Map(), pairs: new Map(), orders: new Map(), written: new Map() });
/** attempt, exercise, group, slide, kind, verdict, score ('' not rated), the wrong answer's value (JSON) */
const list = (...answers: (string | number | null)[][]) => answers.map((a) => a.filter((f) => f !== null).join(US)).join(RS);

describe('typical errors: a part summed in JavaScript (PGlite)', () => {
  it("sums x and y = the rest of the attempt's rated answers, counts the verdicts, keeps the highest kind", () => {
    const into = empty();
    addPart(
      into,
      list(
        [1, 7, 0, 10, 2, 'r', '1', null],
        [1, 7, 0, 11, 5, 'p', '0.5', null],
        [1, 7, 0, 12, 5, 'n', '', null],
        [2, 7, 0, 10, 2, 'w', '0', '{"optionIds":[3,4]}'],
        [2, 7, 0, 11, 5, 'w', '0', JSON.stringify('милан')],
      ),
    );
    // attempt 1: total 1.5; attempt 2: total 0
    expect(into.sums.get('7:0:10')).toEqual({ kind: 2, n: 2, r: 1, p: 0, w: 1, nr: 0, rated: 2, sx: 1, sy: 0.5, sxx: 1, syy: 0.25, sxy: 0.5 });
    expect(into.sums.get('7:0:11')).toMatchObject({ n: 2, p: 1, w: 1, rated: 2, sx: 0.5, sy: 1, sxx: 0.25, syy: 1, sxy: 0.5 });
    expect(into.sums.get('7:0:12')).toMatchObject({ n: 1, nr: 1, rated: 0, sx: 0, sy: 0 });
    expect([...into.chosen.get('7:0:10')!]).toEqual([[3, 1], [4, 1]]);
    expect([...into.written.get('7:0:11')!]).toEqual([['милан', 1]]);
  });

  it('reads the separators inside a free answer as text, pairs without a target, orders; skips ids that are no integers', () => {
    const into = empty();
    addPart(
      into,
      list(
        [3, 7, 2, 20, 5, 'w', '0', JSON.stringify(`a${US}b${RS}c`)],
        [3, 7, 2, 21, 12, 'p', '0.5', '{"pairs":[{"optionId":1,"targetId":null},{"optionId":2,"targetId":9},{"optionId":"x","targetId":1}]}'],
        [3, 7, 2, 22, 11, 'w', '0', '{"itemIds":[5,4,5]}'],
        [3, 7, 2, 23, 2, 'w', '0', '{"optionIds":"nope"}'],
      ),
    );
    expect([...into.written.get('7:2:20')!]).toEqual([[`a${US}b${RS}c`, 1]]);
    expect([...into.pairs.get('7:2:21')!]).toEqual([['1:', 1], ['2:9', 1]]);
    expect([...into.orders.get('7:2:22')!]).toEqual([['5,4,5', 1]]);
    expect(into.chosen.get('7:2:23')).toBeUndefined();
    expect(into.sums.get('7:2:21')).toMatchObject({ kind: 12, p: 1, sx: 0.5, sy: 0 });
  });
});
