import { useCallback, useEffect, useRef, useState } from 'react';
import { accountCalls } from '../../../shared/calls/account';
import { callApi } from '../../http/client';

/** Spec 2 §5: default (first synchronisation) → waiting (longer than usual) → too long. */
export type SyncState = 'default' | 'waiting' | 'tooLong';

export const WAITING_AFTER_MS = 5_000;
export const TOO_LONG_AFTER_MS = 20_000;

/**
 * Calls CheckExistAccount until it answers; `onSynced` runs on success. A failure shows the
 * too-long state at once, so the user can try again or contact support. Not `enabled` (a guest,
 * or the account not known yet): nothing is called — the check needs a signed-in user.
 */
export function useAccountSync(onSynced: () => void, enabled = true) {
  const [state, setState] = useState<SyncState>('default');
  const [attempt, setAttempt] = useState(0);
  const synced = useRef(onSynced);
  synced.current = onSynced;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState('default');
    const waiting = setTimeout(() => setState('waiting'), WAITING_AFTER_MS);
    const tooLong = setTimeout(() => setState('tooLong'), TOO_LONG_AFTER_MS);
    const stop = () => {
      clearTimeout(waiting);
      clearTimeout(tooLong);
    };
    // an answer after a retry or unmount is ignored
    callApi(accountCalls.checkExist).then(
      () => {
        if (!live) return;
        stop();
        synced.current();
      },
      () => {
        if (!live) return;
        stop();
        setState('tooLong');
      },
    );
    return () => {
      live = false;
      stop();
    };
  }, [attempt, enabled]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
