import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import { saveCallOf, type AnswerBody, type AnswerKind, type SaveAck } from '../../../../shared/calls/study/answers';
import type { CallSpec } from '../../../../shared/http/call';
import { callApi, callUrl } from '../../../http/client';
import { idempotencyKeyFor } from '../../../http/idempotency';
import { useAccount } from '../../../layout/useAccount';
import type { SlideViewProps } from '../types';
import { saveErrorKey, serverFieldText } from './saveErrors';

/** 'queued': kept on the device without a connection, waiting to be sent (src/offline/queue.ts) */
export type SaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'queued' | 'error';

/** The offline queue, loaded with the first save (not in the player's first load). */
const offlineQueue = () => import('../../../offline/queue');
/** What `send` answers when the answer was kept on the device instead. */
const QUEUED = { queued: true } as const;

/** The answer of a save body, without the attempt (the form's page names it). */
export type Answer<K extends AnswerKind> = Omit<AnswerBody<K>, 'sessionId'>;

/**
 * One save at a time for a question form: the state the SaveBar shows ('saved' only once
 * the server acknowledged), the error in the student's language, and onSaved(slideId)
 * after the acknowledgement so the shell marks the slide answered. `send` saves an answer
 * into the page's attempt through the kind's save call; `run` any call that saves (an upload).
 */
export function useSave<K extends AnswerKind>(kind: K, { page, courseId, exerciseId, onSaved }: Pick<SlideViewProps, 'page' | 'courseId' | 'exerciseId' | 'onSaved'>) {
  const accountId = useAccount().account?.accountId ?? null;
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
    async (call: () => Promise<SaveAck | typeof QUEUED>): Promise<SaveAck | null> => {
      if (busy.current || closed) return null;
      busy.current = true;
      setState('saving');
      setError(null);
      try {
        const ack = await call();
        if (ack === QUEUED) {
          setState('queued');
          onSaved(slideId);
          return null;
        }
        setState('saved');
        onSaved(slideId);
        return ack as SaveAck;
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
  // without a connection (or behind answers still waiting, whose order is kept) the answer is kept
  // on the device with its idempotency key and sent later by the queue (issue 31)
  const send = (answer: Answer<K>) =>
    run(async () => {
      const body = { sessionId: page.sessionId, ...answer };
      const q = await offlineQueue();
      const queue = q.queueReady(accountId);
      const keep = () => {
        const url = callUrl(saveCallOf[kind], { params } as never);
        const text = JSON.stringify(body);
        const { key } = idempotencyKeyFor('POST', url, text);
        return q.enqueue({ attemptId: page.sessionId, slideId, what: 'answer', url, body: text, key }).then(() => QUEUED);
      };
      if (queue && (await q.mustQueue(page.sessionId))) return keep();
      try {
        return await (callApi as (call: CallSpec, args: object) => Promise<SaveAck>)(saveCallOf[kind], { params, body });
      } catch (e) {
        if (queue && q.noConnection(e)) return keep();
        throw e;
      }
    });

  // an answer kept on the device: shown as waiting until the queue sends it, then as saved (or refused)
  useEffect(() => {
    let live = true;
    let stop = () => {};
    void offlineQueue().then((q) => {
      if (!live || !q.queueReady(accountId)) return;
      const mine = (w: { attemptId: number; slideId: number | null; what: string }) => w.what === 'answer' && w.attemptId === page.sessionId && w.slideId === slideId;
      void q.writesOf().then((all) => {
        const w = all.filter(mine).at(-1);
        if (live && w) setState(w.refused ? 'error' : 'queued');
        if (live && w?.refused) setError(w.refused);
      });
      stop = q.subscribe((e) => {
        if (e.type === 'sent' && mine(e.write)) setState((s) => (s === 'queued' ? 'saved' : s));
        if (e.type === 'refused' && mine(e.write)) {
          setState('error');
          setError(e.write.refused ?? null);
          setClosed(true);
        }
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [page.sessionId, slideId, accountId]);

  /** The student changed the answer: it is not saved until Save is pressed. */
  const touch = useCallback(() => setState((s) => (s === 'saving' ? s : 'dirty')), []);

  return { state, error, closed, run, send, touch, setError, params };
}
