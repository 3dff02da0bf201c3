import { useEffect, useRef, useState } from 'react';
import { ANALYTICS_HUB, ANSWERS_CHANGED } from '../../../shared/calls/analytics';
import { openHub, type HubStatus } from '../../learner/realtime/hubConnection';

/** The page refetches at most this often, however fast the server's signals come (the server signals at most once a second: tests/bench/live-storm.mjs measures the lag). */
export const REFETCH_EVERY_MS = 1000;

/**
 * Follows /hubs/analytics: on `AnswersChanged(courseId)` for this course (and on every
 * reconnect: signals missed while offline) calls `refetch`, throttled — the first signal
 * refetches at once, the ones within REFETCH_EVERY_MS after it make one more refetch at its end.
 * Answers the connection's status for the page to show.
 */
export function useLiveAnswers(courseId: number, refetch: () => void): HubStatus {
  const [status, setStatus] = useState<HubStatus>('connecting');
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const throttled = () => {
      if (timer) return;
      const wait = Math.max(0, last + REFETCH_EVERY_MS - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        latest.current();
      }, wait);
    };
    let hub: ReturnType<typeof openHub> | null = null;
    let unsubscribe = () => {};
    let first = true;
    try {
      // the page has just loaded its figures: the first connect does not refetch, a reconnect does
      hub = openHub(ANALYTICS_HUB, () => (first ? (first = false) : throttled()));
      hub.connection.on(ANSWERS_CHANGED, (id: unknown) => {
        if (Number(id) === courseId) throttled();
      });
      unsubscribe = hub.subscribe(setStatus);
      setStatus(hub.status());
    } catch {
      setStatus('lost');
    }
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      void hub?.stop();
    };
  }, [courseId]);
  return status;
}
