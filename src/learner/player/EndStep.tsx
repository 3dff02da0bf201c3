import { Alert, Box, Button, Link as MuiLink, List, ListItem, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import type { EndPage } from '../../../shared/calls/study/pages';
import { resultCalls } from '../../../shared/calls/study/results';
import { callApi, callUrl } from '../../http/client';
import { idempotencyKeyFor } from '../../http/idempotency';
import { serverText } from '../../http/errors';
import { callKey } from '../../http/queries';
import { unansweredOf } from './errorKeys';
import { stepPath } from './navigation';
import { SlideTitle, StepFrame } from './StepFrame';
import { reloadAttemptReads } from './stepLoad';
import { useAccount } from '../../layout/useAccount';

/**
 * The 'end' step before finishing: the required slides still unanswered (links to them) and
 * Submit (POST .../finish). 'Session not completed' shows its message, the missing slides and
 * a way back to the start (spec 3 §8.10). On success the results replace this step.
 */
export function EndStep({ courseId, page, loadedAt, answeredCount }: { courseId: string; page: EndPage; loadedAt: number; answeredCount: number }) {
  const accountId = useAccount().account?.accountId ?? null;
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [missing, setMissing] = useState<number[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ex = page.exercise;
  const to = (step: Parameters<typeof stepPath>[3]) => stepPath(courseId, ex.lessonId, ex.id, step);
  const unanswered = missing ?? page.unansweredSlideIds;
  const label = (id: number) => {
    const s = page.slides.find((x) => x.id === id);
    return s ? `${s.number}. ${s.label}` : `#${id}`;
  };

  // a finish kept on the device without a connection (issue 31): the queue sends it after the answers
  const [finishWaiting, setFinishWaiting] = useState(false);
  useEffect(() => {
    let live = true;
    void import('../../offline/queue').then((q) => q.writesOf()).then((all) => {
      if (live && all.some((w) => w.what === 'finish' && !w.refused && w.attemptId === page.sessionId)) setFinishWaiting(true);
    });
    return () => void (live = false);
  }, [page.sessionId]);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const params = { courseId, exerciseId: String(ex.id) };
      const q = await import('../../offline/queue');
      const queue = q.queueReady(accountId);
      const keep = async () => {
        const url = callUrl(resultCalls.finish, { params });
        await q.enqueue({ attemptId: page.sessionId, slideId: null, what: 'finish', url, body: null, key: idempotencyKeyFor('POST', url, undefined).key });
        setFinishWaiting(true);
      };
      if (queue && (await q.mustQueue(page.sessionId))) return await keep();
      let result;
      try {
        result = await callApi(resultCalls.finish, { params });
      } catch (e) {
        if (queue && q.noConnection(e)) return await keep();
        throw e;
      }
      queryClient.setQueryData(callKey(resultCalls.result, { params }), result);
      // the attempt is over: this step, the menu's statuses and the course page reload
      await reloadAttemptReads(queryClient);
    } catch (e) {
      const list = unansweredOf(e);
      if (list) setMissing(list);
      else setFailure(serverText(e) ?? translate('app.player.end.finishFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame courseId={courseId} page={page} loadedAt={loadedAt} answeredCount={answeredCount} previous={page.previous}>
      <Box data-testid="player-end">
        <SlideTitle step="end">{translate('app.player.end.title')}</SlideTitle>
        {/* a SCORM package that has not reported a result: no slides to list, the reason itself */}
        {missing && missing.length === 0 && ex.kind === 'scorm' && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="session-not-completed" action={
            <Button color="inherit" size="small" component={Link} to={to('start')}>{translate('app.player.end.toStart')}</Button>
          }>
            {translate('app.player.end.scormNotCompleted')}
          </Alert>
        )}
        {missing && missing.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="session-not-completed" action={
            <Button color="inherit" size="small" component={Link} to={to('start')}>{translate('app.player.end.toStart')}</Button>
          }>
            {translate('app.player.end.sessionNotCompleted')}
          </Alert>
        )}
        {failure && <Alert severity="error" sx={{ mb: 2 }}>{failure}</Alert>}
        {finishWaiting && <Alert severity="warning" sx={{ mb: 2 }} data-testid="finish-waiting">{translate('app.playerQuestions.offline.finishWaiting')}</Alert>}
        {unanswered.length > 0 ? (
          <>
            <Typography>{translate('app.player.end.unanswered')}</Typography>
            <List dense data-testid="unanswered-list">
              {unanswered.map((id) => (
                <ListItem key={id} disableGutters>
                  <MuiLink component={Link} to={to(id)}>{label(id)}</MuiLink>
                </ListItem>
              ))}
            </List>
          </>
        ) : (
          <Typography sx={{ mb: 2 }}>{translate('app.player.end.allAnswered')}</Typography>
        )}
        <Stack direction="row">
          <Button variant="contained" disabled={busy || finishWaiting} onClick={() => void submit()}>{translate('app.player.end.submit')}</Button>
        </Stack>
      </Box>
    </StepFrame>
  );
}
