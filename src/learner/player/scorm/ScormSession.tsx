import { Alert, Box, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { openBridge, type Bridge } from './bridge';
import { scormErrorText } from './errors';
import { ScormStatus } from './ScormStatus';
import type { CallFailure, LessonStatus, ScormRuntime } from './types';

/**
 * One attempt of the package: the runtime API is on the window before the iframe loads the
 * launch page; what the package set is sent on its commits, and once more (keepalive) when
 * the page is hidden or the player is left.
 */
export function ScormSession({ runtime, url }: { runtime: ScormRuntime; url: string }) {
  const translate = useTranslate();
  const [bridge, setBridge] = useState<Bridge | null>(null);
  const [status, setStatus] = useState<LessonStatus>(runtime.lessonStatus);
  const [score, setScore] = useState({ score: runtime.score, maxScore: runtime.maxScore });
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [openFailed, setOpenFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let opened: Bridge | null = null;
    const onHide = () => opened?.flush();
    openBridge(runtime, url, {
      onStatus: (s) => live && setStatus(s),
      onSaved: (a) => {
        if (!live) return;
        setFailure(null);
        if (a?.lessonStatus) setStatus(a.lessonStatus);
        if (a && a.score !== null && a.score !== undefined) setScore({ score: a.score, maxScore: a.maxScore });
      },
      onFailed: (f) => live && setFailure(f),
    }).then(
      (b) => {
        opened = b;
        if (live) setBridge(b);
        else b.dispose();
      },
      () => live && setOpenFailed(true),
    );
    window.addEventListener('pagehide', onHide);
    return () => {
      live = false;
      window.removeEventListener('pagehide', onHide);
      opened?.flush();
      opened?.dispose();
    };
  }, [runtime, url]);

  return (
    <Stack spacing={1}>
      <ScormStatus status={status} score={score.score} maxScore={score.maxScore} />
      {runtime.readOnly && <Alert severity="info">{translate('app.scorm.review')}</Alert>}
      {failure && <Alert severity="error" data-testid="scorm-error">{scormErrorText(failure, translate, 'app.scorm.error.save')}</Alert>}
      {openFailed && <Alert severity="error">{translate('app.scorm.error.load')}</Alert>}
      {bridge && (
        <Box
          component="iframe"
          src={runtime.contentUrl}
          title={translate('app.scorm.frameTitle', { title: runtime.title ?? runtime.launch })}
          data-testid="scorm-frame"
          sx={{ width: '100%', height: { xs: '75vh', md: '80vh' }, minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1, display: 'block', bgcolor: 'background.paper' }}
        />
      )}
    </Stack>
  );
}
