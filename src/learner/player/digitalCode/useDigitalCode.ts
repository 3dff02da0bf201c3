import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../../../http/client';
import { serverText } from '../../../http/errors';
import { attendanceCalls } from '../../../../shared/calls/attendance';
import { localDeadline, secondsLeft } from './countdown';

/** The page's states (inventory DigitalCodePageState): get code, countdown, expired; plus the call in flight. */
export type DigitalCodeState =
  | { phase: 'get'; error?: string }
  | { phase: 'loading' }
  | { phase: 'countdown'; code: string; seconds: number }
  | { phase: 'expired'; code: string; error?: string };

/** Gets a code from the server and counts its validity down; `request` asks for a (new) code. */
export function useDigitalCode(courseId: string, exerciseId: string, fallbackError: string) {
  const [state, setState] = useState<DigitalCodeState>({ phase: 'get' });
  const issued = useRef<{ code: string; deadline: number } | null>(null);

  const request = useCallback(async () => {
    setState({ phase: 'loading' });
    try {
      const answer = await callApi(attendanceCalls.studentCode, { params: { exerciseId }, query: { courseId } });
      const deadline = localDeadline(answer, Date.now());
      issued.current = { code: answer.code, deadline };
      setState({ phase: 'countdown', code: answer.code, seconds: secondsLeft(deadline, Date.now()) });
    } catch (e) {
      const error = serverText(e) ?? fallbackError;
      // a failed "get again" keeps the expired code's place (the student sees why nothing changed)
      setState(issued.current ? { phase: 'expired', code: issued.current.code, error } : { phase: 'get', error });
    }
  }, [courseId, exerciseId, fallbackError]);

  const counting = state.phase === 'countdown';
  useEffect(() => {
    if (!counting || !issued.current) return;
    const { code, deadline } = issued.current;
    const tick = () => {
      const seconds = secondsLeft(deadline, Date.now());
      setState(seconds > 0 ? { phase: 'countdown', code, seconds } : { phase: 'expired', code });
    };
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [counting]);

  return { state, request };
}
