/**
 * Watch time of a video as segments of played seconds (spec 2 §9, spec 3 §9): a segment is
 * sent once it holds 9 s of playback or more; a jump of the position greater than the playback
 * rate × 1 s (a seek, a skip, a stall) closes the segment before it; pause and end close it
 * too; a segment shorter than 1 s is never sent. Pure: the player feeds it media events.
 */
export interface WatchSegment {
  start: number;
  end: number;
}

export const SEND_AFTER_SECONDS = 9;
export const MIN_SEGMENT_SECONDS = 1;
/** the jump allowance is the playback rate times this */
export const JUMP_SECONDS = 1;

export interface WatchTracker {
  play(position: number): void;
  timeUpdate(position: number): void;
  seeking(): void;
  seeked(position: number): void;
  rateChange(rate: number): void;
  pause(): void;
  ended(): void;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

export function createWatchTracker(onSegment: (segment: WatchSegment) => void): WatchTracker {
  let playing = false;
  let rate = 1;
  let open: WatchSegment | null = null;

  const close = () => {
    if (open && open.end - open.start >= MIN_SEGMENT_SECONDS) onSegment({ start: round(open.start), end: round(open.end) });
    open = null;
  };
  const begin = (position: number) => {
    open = { start: position, end: position };
  };

  return {
    play(position) {
      playing = true;
      if (!open) begin(position);
    },
    timeUpdate(position) {
      if (!playing || !Number.isFinite(position)) return;
      if (!open) return begin(position);
      const delta = position - open.end;
      if (Math.abs(delta) > rate * JUMP_SECONDS) {
        close();
        return begin(position);
      }
      // a tiny step back (decoder jitter) neither extends nor closes the segment
      if (delta <= 0) return;
      open.end = position;
      if (open.end - open.start >= SEND_AFTER_SECONDS) {
        close();
        begin(position);
      }
    },
    seeking() {
      // the position already is the target here: the segment ends where playback was
      close();
    },
    seeked(position) {
      if (playing) begin(position);
    },
    rateChange(next) {
      if (Number.isFinite(next) && next > 0) rate = next;
    },
    pause() {
      playing = false;
      close();
    },
    ended() {
      playing = false;
      close();
    },
  };
}
