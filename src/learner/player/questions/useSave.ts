import { useCallback, useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import { saveCallOf, type AnswerBody, type AnswerKind, type SaveAck } from '../../../../shared/calls/study/answers';
import type { CallSpec } from '../../../../shared/http/call';
import { callApi } from '../../../http/client';
import type { SlideViewProps } from '../types';
import { saveErrorKey, serverFieldText } from './saveErrors';

export type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'error';

/** The answer of a save body, without the attempt (the form's page names it). */
export type Answer<K extends AnswerKind> = Omit<AnswerBody<K>, 'sessionId'>;

/**
 * One save at a time for a question form: the state the SaveBar shows ('saved' only once
 * the server acknowledged), the error in the student's language, and onSaved(slideId)
 * after the acknowledgement so the shell marks the slide answered. `send` saves an answer
 * into the page's attempt through the kind's save call; `run` any call that saves (an upload).
 */
export function useSave<K extends AnswerKind>(kind: K, { page, courseId, exerciseId, onSaved }: Pick<SlideViewProps, 'page' | 'courseId' | 'exerciseId' | 'onSaved'>) {
  const translate = useTranslate();
  const slideId = page.slideId;
  const [state, setState] = useState<SaveState>(page.answer != null ? 'saved' : 'idle');
  const [error, setError] = useState<string | null>(null);
  // the attempt is over or gone (400.16, 400.17), or the exercise locked (403.15): further saves cannot succeed
  const [closed, setClosed] = useState(false);
  const busy = useRef(false);
  /** the path of this slide's calls */
  const params = { courseId, exerciseId, slideId };

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

  // the kind's call takes the kind's body (`Answer<K>`): one typed path for all seven
  const send = (answer: Answer<K>) =>
    run(() => (callApi as (call: CallSpec, args: object) => Promise<SaveAck>)(saveCallOf[kind], { params, body: { sessionId: page.sessionId, ...answer } }));

  /** The student changed the answer: it is not saved until Save is pressed. */
  const touch = useCallback(() => setState((s) => (s === 'saving' ? s : 'dirty')), []);

  return { state, error, closed, run, send, touch, setError, params };
}
