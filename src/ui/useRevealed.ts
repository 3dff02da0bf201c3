import { useDeferredValue } from 'react';

/**
 * A value that has just arrived, shown one render later. react-query hands its answers to React
 * through a store subscription, and React renders a store's update synchronously: a whole page
 * built at once from its data, one long task on a phone. The deferred render is a transition,
 * which React renders in slices with the browser running in between. So: undefined until that
 * render; every later change (another answer, or back to undefined) passes at once.
 */
export function useRevealed<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return value !== undefined && deferred === undefined ? undefined : value;
}
