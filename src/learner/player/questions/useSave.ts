import { useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { saveErrorKey, serverFieldText, type SaveAck, type SaveKind } from './saveCall';

export type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'error';

/**
 * One save at a time for a question form: the state the SaveBar shows ('saved' only once
 * the server acknowledged), the error in the student's language, and onSaved(slideId)
 * after the acknowledgement so the shell marks the slide answered.
 */
export function useSave(kind: SaveKind, slideId: number, onSaved: (slideId: number) => void, initiallySaved: boolean) {
  const translate = useTranslate();
  const [state, setState] = useState<SaveState>(initiallySaved ? 'saved' : 'idle');
  const [error, setError] = useState<string | null>(null);
  // the attempt is over or gone (400.16, 400.17), or the exercise locked (403.15): further saves cannot succeed
  const [closed, setClosed] = useState(false);
  const busy = useRef(false);

  const run = useCallback(
    async (call: () => Promise<SaveAck>): Promise<SaveAck | null> => {
      if (busy.current || closed) return null;
      busy.current = true;
      setState('saving');
      setError(null);
      try {
        const ack = await call();
        setState('saved');
        onSaved(slideId);
        return ack;
      } catch (e) {
        const key = saveErrorKey(e, kind);
        if (key === 'errors.sessionNotFound' || key === 'errors.timeExpired' || key === 'errors.noAccess') setClosed(true);
        setError(key ? translate(`app.playerQuestions.${key}`) : (serverFieldText(e) ?? translate('app.playerQuestions.errors.questionSaveFailed')));
        setState('error');
        return null;
      } finally {
        busy.current = false;
      }
    },
    [kind, slideId, onSaved, translate, closed],
  );

  /** The student changed the answer: it is not saved until Save is pressed. */
  const touch = useCallback(() => setState((s) => (s === 'saving' ? s : 'dirty')), []);

  return { state, error, closed, run, touch, setError };
}
