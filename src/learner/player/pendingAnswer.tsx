import { Alert, Button } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type MouseEvent, type MutableRefObject, type ReactNode } from 'react';
import { useTranslate } from '../../app';
import { Link, useLocation, useNavigate } from 'react-router-dom';

/**
 * An answer chosen but not saved must not be lost when the student moves on (spec 1 §2.3: one
 * Continue/Submit button). The question form on the step offers its save here; the player's
 * links to other steps (Continue, Previous, the exercise menu) run it before leaving. When it
 * cannot be saved the student stays, sees why, and may still move on without it.
 */
export type SavePending = () => Promise<boolean>;

interface Pending {
  save: MutableRefObject<SavePending | null>;
  /** where the student wanted to go when the save failed */
  blocked: string | null;
  setBlocked: (to: string | null) => void;
  leaving: boolean;
  setLeaving: (on: boolean) => void;
}

const PendingContext = createContext<Pending | null>(null);

export function PendingAnswerProvider({ children }: { children: ReactNode }) {
  const save = useRef<SavePending | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  // another step: a warning does not follow the student there
  useEffect(() => setBlocked(null), [pathname]);
  return <PendingContext.Provider value={{ save, blocked, setBlocked, leaving, setLeaving }}>{children}</PendingContext.Provider>;
}

/** Offers `save` while the form holds an unsaved answer (null: nothing to save). */
export function usePendingAnswer(save: SavePending | null) {
  const pending = useContext(PendingContext);
  const ref = pending?.save;
  useEffect(() => {
    if (!ref || !save) return;
    ref.current = save;
    return () => {
      if (ref.current === save) ref.current = null;
    };
  }, [ref, save]);
}

/** The click handler of a link to another step: saves the pending answer first, if there is one. */
export function useLeaveStep() {
  const pending = useContext(PendingContext);
  const navigate = useNavigate();
  const onLeave = useCallback(
    (to: string) => async (e: MouseEvent) => {
      const save = pending?.save.current;
      if (!pending || !save) return; // nothing unsaved: the link itself navigates
      e.preventDefault();
      pending.setLeaving(true);
      const saved = await save().catch(() => false);
      pending.setLeaving(false);
      if (saved) navigate(to);
      else pending.setBlocked(to);
    },
    [pending, navigate],
  );
  return { onLeave, leaving: pending?.leaving ?? false };
}

/** The warning after a failed save on leaving, with the way on without the answer. */
export function UnsavedAnswerWarning() {
  const translate = useTranslate();
  const pending = useContext(PendingContext);
  if (!pending?.blocked) return null;
  return (
    <Alert severity="warning" data-testid="answer-not-saved" action={
      <Button color="inherit" size="small" component={Link} to={pending.blocked}>{translate('app.player.slide.leaveUnsaved')}</Button>
    }>
      {translate('app.player.slide.answerNotSaved')}
    </Alert>
  );
}
