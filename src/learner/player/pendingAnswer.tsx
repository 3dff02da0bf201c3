import { createContext, useCallback, useContext, useEffect, useRef, type MutableRefObject, type ReactNode } from 'react';

/**
 * An answer chosen but not saved yet must not be lost when the student moves on (spec 1 §2.3:
 * one Continue/Submit button): the question form on the step offers its save here, and the
 * step's navigation runs it before leaving.
 */
export type SavePending = () => Promise<boolean>;

const PendingContext = createContext<MutableRefObject<SavePending | null> | null>(null);

export function PendingAnswerProvider({ children }: { children: ReactNode }) {
  const pending = useRef<SavePending | null>(null);
  return <PendingContext.Provider value={pending}>{children}</PendingContext.Provider>;
}

/** Offers `save` while the form holds an unsaved answer (null: nothing to save). */
export function usePendingAnswer(save: SavePending | null) {
  const pending = useContext(PendingContext);
  useEffect(() => {
    if (!pending || !save) return;
    pending.current = save;
    return () => {
      if (pending.current === save) pending.current = null;
    };
  }, [pending, save]);
}

/** For the step's navigation: whether an answer waits, and its save (true once saved, or when none waits). */
export function useSavePending() {
  const pending = useContext(PendingContext);
  const waiting = useCallback(() => !!pending?.current, [pending]);
  const save = useCallback(async () => (pending?.current ? pending.current() : true), [pending]);
  return { waiting, save };
}
