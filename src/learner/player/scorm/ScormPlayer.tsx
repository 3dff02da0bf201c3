import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import { Link } from 'react-router-dom';
import { scormCalls } from '../../../../shared/calls/study/scorm';
import { callApi } from '../../../http/client';
import { callKey } from '../../../http/queries';
import { PageState } from '../../../ui/PageState';
import { scormErrorText } from './errors';
import { ScormSession } from './ScormSession';
import type { Step } from '../../../../shared/scormSequencing';

/**
 * Full screen for the package: the Fullscreen API on the box that holds the status line and the
 * frame (the frame itself has allow="fullscreen" for packages that ask on their own). Shown
 * only where the browser offers it.
 */
function useFullscreen() {
  const box = useRef<HTMLDivElement>(null);
  const [on, setOn] = useState(false);
  useEffect(() => {
    const change = () => setOn(!!box.current && document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);
  const toggle = () => {
    if (on) void document.exitFullscreen?.().catch(() => undefined);
    else void box.current?.requestFullscreen?.().catch(() => undefined);
  };
  const available = typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.requestFullscreen === 'function';
  return { box, on, toggle, available };
}

/**
 * Plays a SCORM exercise (the whole exercise is one package): launches the attempt (starts or
 * resumes it, a POST) and gets its run-time data, then plays the package with its status line,
 * and a way back to the course.
 */
export function ScormPlayer({ courseId, exerciseId }: { courseId: string; exerciseId: string }) {
  const translate = useTranslate();
  const fullscreen = useFullscreen();
  // one object per exercise: the session's bridge is opened again only for another one
  const params = useMemo(() => ({ courseId, exerciseId }), [courseId, exerciseId]);
  // the SCO to play (none: the one last played); `n` launches the same SCO anew
  const [target, setTarget] = useState<{ scoId?: string; fresh?: boolean; jump?: boolean; n: number }>({ n: 0 });
  const [ended, setEnded] = useState<Extract<Step, { kind: 'end' }>['reason'] | null>(null);
  const onStep = (step: Step) => {
    if (step.kind === 'deliver') setTarget((t) => ({ scoId: step.id, fresh: step.fresh, jump: step.jump, n: t.n + 1 }));
    else if (step.kind === 'end') setEnded(step.reason);
  };
  const body = target.scoId ? { scoId: target.scoId, ...(target.fresh ? { fresh: true } : {}), ...(target.jump ? { jump: true } : {}) } : undefined;
  // launched once per SCO: a refetch would restart the package under the learner's hands
  const runtime = useQuery({
    queryKey: [...callKey(scormCalls.launch, { params, body }), target.n],
    queryFn: () => callApi(scormCalls.launch, { params, body }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <Box data-testid="scorm-player">
      <PageState
        isPending={runtime.isPending}
        error={runtime.error}
        describeError={(e) => scormErrorText(e, translate, 'app.scorm.error.load')}
        refetch={() => void runtime.refetch()}
      >
        {ended ? (
          <Alert severity="info" data-testid="scorm-ended" data-reason={ended} action={<Button onClick={() => { setEnded(null); setTarget((t) => ({ n: t.n + 1 })); }}>{translate('app.scorm.ended.resume')}</Button>}>
            {translate(`app.scorm.ended.${ended}`)}
          </Alert>
        ) : (
          runtime.data && (
            <Box
              ref={fullscreen.box}
              data-testid="scorm-stage"
              // in full screen the frame takes what the button and the status line leave
              sx={{ '&:fullscreen': { bgcolor: 'background.default', p: 1, overflow: 'auto' }, '&:fullscreen [data-testid="scorm-frame"]': { height: 'calc(100vh - 112px)' } }}
            >
              {fullscreen.available && (
                <Stack direction="row" justifyContent="flex-end">
                  <Button size="small" onClick={fullscreen.toggle} startIcon={fullscreen.on ? <FullscreenExitIcon /> : <FullscreenIcon />} data-testid="scorm-fullscreen">
                    {translate(fullscreen.on ? 'app.scorm.exitFullscreen' : 'app.scorm.fullscreen')}
                  </Button>
                </Stack>
              )}
              <ScormSession key={`${runtime.data.sessionId}:${runtime.data.scoId}:${target.n}`} runtime={runtime.data} params={params} onStep={onStep} />
            </Box>
          )
        )}
      </PageState>
      <Button component={Link} to={`/my-courses/course/${courseId}`} sx={{ mt: 1 }}>{translate('app.scorm.backToCourse')}</Button>
    </Box>
  );
}
