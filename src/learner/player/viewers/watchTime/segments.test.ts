import { describe, expect, it } from 'vitest';
import { createWatchTracker, type WatchSegment } from './segments';

function tracker() {
  const sent: WatchSegment[] = [];
  const t = createWatchTracker((s) => sent.push(s));
  /** timeupdate every quarter second of media time from `from` to `to` */
  const playThrough = (from: number, to: number, step = 0.25) => {
    for (let p = from; p <= to + 1e-9; p += step) t.timeUpdate(Math.round(p * 1000) / 1000);
  };
  return { t, sent, playThrough };
}

describe('watch segments (spec 2 §9)', () => {
  it('sends a segment once it holds 9 s of playback, then goes on from there', () => {
    const { t, sent, playThrough } = tracker();
    t.play(0);
    playThrough(0, 8.75);
    expect(sent).toEqual([]);
    playThrough(9, 20);
    expect(sent).toEqual([{ start: 0, end: 9 }, { start: 9, end: 18 }]);
    t.pause();
    expect(sent.at(-1)).toEqual({ start: 18, end: 20 });
  });

  it('a jump greater than rate × 1 s closes the segment before it, forward or back', () => {
    const { t, sent, playThrough } = tracker();
    t.play(0);
    playThrough(0, 4);
    t.timeUpdate(30);
    playThrough(30.25, 33);
    t.timeUpdate(10);
    playThrough(10.25, 12);
    t.ended();
    expect(sent).toEqual([{ start: 0, end: 4 }, { start: 30, end: 33 }, { start: 10, end: 12 }]);
  });

  it('at double speed a 2 s step is playback, not a jump', () => {
    const { t, sent } = tracker();
    t.rateChange(2);
    t.play(0);
    for (let p = 0; p <= 6; p += 2) t.timeUpdate(p);
    t.pause();
    expect(sent).toEqual([{ start: 0, end: 6 }]);
    const one = tracker();
    one.t.play(0);
    for (let p = 0; p <= 6; p += 2) one.t.timeUpdate(p);
    one.t.pause();
    expect(one.sent).toEqual([]);
  });

  it('a seek closes the segment where playback was and starts at the target', () => {
    const { t, sent, playThrough } = tracker();
    t.play(0);
    playThrough(0, 3);
    t.seeking();
    t.timeUpdate(50);
    t.seeked(50);
    playThrough(50.25, 52);
    t.pause();
    expect(sent).toEqual([{ start: 0, end: 3 }, { start: 50, end: 52 }]);
  });

  it('never sends a segment under 1 s, nor time while paused', () => {
    const { t, sent, playThrough } = tracker();
    t.play(5);
    playThrough(5, 5.75);
    t.pause();
    playThrough(6, 30);
    t.play(40);
    t.timeUpdate(40.5);
    t.ended();
    expect(sent).toEqual([]);
  });

  it('a small step back neither extends nor closes the segment', () => {
    const { t, sent } = tracker();
    t.play(0);
    [0.5, 1, 1.5, 2, 1.9, 2.5].forEach((p) => t.timeUpdate(p));
    t.pause();
    expect(sent).toEqual([{ start: 0, end: 2.5 }]);
  });
});
