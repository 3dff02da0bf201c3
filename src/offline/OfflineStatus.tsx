import { Alert, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../app';
import { resultCalls } from '../../shared/calls/study/results';
import type { PlayerPage } from '../../shared/calls/study/pages';
import { callKey } from '../http/queries';
import { useAccount } from '../layout/useAccount';
import { reloadAttemptReads } from '../learner/player/stepLoad';
import { subscribe, writesOf, type QueuedWrite } from './queue';
import { openOffline } from './register';

/** The account's writes of this attempt in the queue, kept up to date. */
export function useQueuedWrites(attemptId: number | null): QueuedWrite[] {
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => void writesOf().then((all) => live && setWrites(all.filter((w) => w.attemptId === attemptId)));
    read();
    const stop = subscribe(read);
    return () => {
      live = false;
      stop();
    };
  }, [attemptId]);
  return writes;
}

const useOnline = () => {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
};

/**
 * Above the player's step (issue 31): how many answers of this attempt wait on the device ("Offline —
 * 3 answers waiting"), and those the server refused when they came (an answer made after the
 * deadline). When the queue sends the finish, its result is the final page's; when the last
 * waiting write is sent, the attempt's steps load again from the server.
 */
export function OfflineStatus({ courseId, exerciseId, page }: { courseId: string; exerciseId: string; page: PlayerPage }) {
  const translate = useTranslate();
  const { account } = useAccount();
  const accountId = account?.accountId ?? null;
  useEffect(() => {
    // the worker, the queue and the attempt's steps kept on the device (./register.ts)
    if (accountId !== null) void openOffline({ account: String(accountId), courseId, exerciseId, page });
  }, [accountId, page.sessionId, courseId, exerciseId]); // eslint-disable-line react-hooks/exhaustive-deps
  const queryClient = useQueryClient();
  const online = useOnline();
  const writes = useQueuedWrites(page.sessionId);
  const waiting = writes.filter((w) => !w.refused).length;
  const hadWaiting = useRef(false);

  useEffect(
    () =>
      subscribe((e) => {
        if (e.type === 'sent' && e.write.what === 'finish' && e.write.attemptId === page.sessionId) {
          queryClient.setQueryData(callKey(resultCalls.result, { params: { courseId, exerciseId } }), e.answer);
        }
      }),
    [queryClient, courseId, exerciseId, page.sessionId],
  );
  useEffect(() => {
    if (waiting > 0) hadWaiting.current = true;
    else if (hadWaiting.current) {
      // everything this attempt kept is on the server now (or refused): its steps as the server has them
      hadWaiting.current = false;
      void reloadAttemptReads(queryClient);
    }
  }, [waiting, queryClient]);

  const refused = writes.filter((w) => w.refused);
  if (accountId === null || (!waiting && !refused.length)) return null;
  const slideLabel = (id: number | null) => page.slides.find((s) => s.id === id)?.label ?? `#${id}`;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="offline-status">
      {waiting > 0 && (
        <Alert severity={online ? 'info' : 'warning'} role="status" data-testid="offline-waiting">
          {translate(online ? 'app.playerQuestions.offline.sending' : 'app.playerQuestions.offline.waiting', { count: waiting })}
        </Alert>
      )}
      {refused.map((w) => (
        <Alert key={w.seq} severity="error" data-testid="offline-refused">
          {w.what === 'finish'
            ? translate('app.playerQuestions.offline.finishRefused', { reason: w.refused })
            : translate('app.playerQuestions.offline.refused', { slide: slideLabel(w.slideId), reason: w.refused })}
        </Alert>
      ))}
    </Stack>
  );
}
