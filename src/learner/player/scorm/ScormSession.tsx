import { Alert, Box, Stack } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import type { LessonStatus, ScormLaunch } from '../../../../shared/calls/study/scorm';
import { openBridge, type Bridge, type CallFailure, type ExerciseParams } from './bridge';
import { scormErrorText } from './errors';
import { ScormStatus } from './ScormStatus';

/**
 * What the package may do in its frame: run scripts on its own (content) origin, forms, modal
 * dialogs, pop-ups (sandboxed too) and downloads — never navigate the app's page.
 */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-downloads';

/**
 * One attempt of the package: the launcher on the content origin plays it and reports by
 * postMessage (bridge.ts); what the package set is saved on its commits, and once more
 * (keepalive) when the page is hidden or the player is left.
 */
export function ScormSession({ runtime, params }: { runtime: ScormLaunch; params: ExerciseParams }) {
  const translate = useTranslate();
  const frame = useRef<HTMLIFrameElement>(null);
  const [status, setStatus] = useState<LessonStatus>(runtime.lessonStatus);
  const [score, setScore] = useState({ score: runtime.score, maxScore: runtime.maxScore });
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [stalled, setStalled] = useState(false);
  const bridge = useRef<Bridge | null>(null);

  // before the launcher can load and say it is ready
  useLayoutEffect(() => {
    let live = true;
    const opened = openBridge(frame.current!, runtime, params, {
      onStatus: (s) => live && setStatus(s),
      onSaved: (a) => {
        if (!live) return;
        setFailure(null);
        if (a?.lessonStatus) setStatus(a.lessonStatus);
        if (a && a.score !== null && a.score !== undefined) setScore({ score: a.score, maxScore: a.maxScore });
      },
      onFailed: (f) => live && setFailure(f),
      onStalled: () => live && setStalled(true),
    });
    bridge.current = opened;
    return () => {
      live = false;
      opened.dispose();
    };
  }, [runtime, params]);

  useEffect(() => {
    const onHide = () => bridge.current?.flush();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  return (
    <Stack spacing={1}>
      <ScormStatus status={status} score={score.score} maxScore={score.maxScore} />
      {runtime.readOnly && <Alert severity="info">{translate('app.scorm.review')}</Alert>}
      {failure && <Alert severity="error" data-testid="scorm-error">{scormErrorText(failure, translate, 'app.scorm.error.save')}</Alert>}
      {stalled && <Alert severity="error" data-testid="scorm-stalled">{translate('app.scorm.error.launcher')}</Alert>}
      <Box
        component="iframe"
        ref={frame}
        src={runtime.launcherUrl}
        sandbox={FRAME_SANDBOX}
        allow="fullscreen"
        title={translate('app.scorm.frameTitle', { title: runtime.title ?? runtime.launch })}
        data-testid="scorm-frame"
        sx={{ width: '100%', height: { xs: '75vh', md: '80vh' }, minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1, display: 'block', bgcolor: 'background.paper' }}
      />
    </Stack>
  );
}
