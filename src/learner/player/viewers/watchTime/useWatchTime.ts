import { useEffect, useRef, type RefObject } from 'react';
import { createWatchTracker, type WatchSegment } from './segments';

/**
 * Feeds the media element's playback events to a watch tracker and hands each finished
 * segment to `onSegment`. Leaving the slide or the page closes the segment being played.
 */
export function useWatchTime(
  media: RefObject<HTMLMediaElement | null>,
  onSegment: (segment: WatchSegment) => void,
  /** another slide (or source) starts a new tracker */
  source: string | number | null,
) {
  const latest = useRef(onSegment);
  latest.current = onSegment;
  useEffect(() => {
    const el = media.current;
    if (!el || source === null) return;
    const tracker = createWatchTracker((s) => latest.current(s));
    const on: Record<string, () => void> = {
      play: () => tracker.play(el.currentTime),
      timeupdate: () => tracker.timeUpdate(el.currentTime),
      seeking: () => tracker.seeking(),
      seeked: () => tracker.seeked(el.currentTime),
      ratechange: () => tracker.rateChange(el.playbackRate),
      pause: () => tracker.pause(),
      ended: () => tracker.ended(),
    };
    const leave = () => tracker.pause();
    tracker.rateChange(el.playbackRate);
    if (!el.paused) tracker.play(el.currentTime);
    for (const [name, fn] of Object.entries(on)) el.addEventListener(name, fn);
    window.addEventListener('pagehide', leave);
    return () => {
      for (const [name, fn] of Object.entries(on)) el.removeEventListener(name, fn);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [media, source]);
}
