import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 2 §5: default (first synchronisation) → waiting (longer than usual) → too long. */
export type SyncState = 'default' | 'waiting' | 'tooLong';

export const CHECK_EXIST_ACCOUNT = '/api/account/CheckExistAccount';
export const WAITING_AFTER_MS = 5_000;
export const TOO_LONG_AFTER_MS = 20_000;

/**
 * Calls CheckExistAccount until it answers; `onSynced` runs on success. A failure shows the
 * too-long state at once, so the user can try again or contact support.
 */
export function useAccountSync(onSynced: () => void) {
  const [state, setState] = useState<SyncState>('default');
  const [attempt, setAttempt] = useState(0);
  const synced = useRef(onSynced);
  synced.current = onSynced;

  useEffect(() => {
    const controller = new AbortController();
    setState('default');
    const waiting = setTimeout(() => setState('waiting'), WAITING_AFTER_MS);
    const tooLong = setTimeout(() => setState('tooLong'), TOO_LONG_AFTER_MS);
    const stop = () => {
      clearTimeout(waiting);
      clearTimeout(tooLong);
    };
    fetch(CHECK_EXIST_ACCOUNT, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => {
        stop();
        if (response.ok) synced.current();
        else setState('tooLong');
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        stop();
        setState('tooLong');
      });
    return () => {
      stop();
      controller.abort();
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
