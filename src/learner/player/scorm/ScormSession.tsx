import ListIcon from '@mui/icons-material/List';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import type { LessonStatus, ScormLaunch } from '../../../../shared/calls/study/scorm';
import { openBridge, type Bridge, type CallFailure, type ExerciseParams } from './bridge';
import { scormErrorText } from './errors';
import { useRefreshLearning } from '../../learnerReads';
import { ScormOutline } from './ScormOutline';
import { ScormStatus } from './ScormStatus';
import { awaitsVerdict } from './status';
import { afterExit, indexTree, jumpTarget, navigation, parseRequest, type States, type Step } from '../../../../shared/scormSequencing';

/**
 * What the package may do in its frame: run scripts on its own (content) origin, forms, modal
 * dialogs, pop-ups (sandboxed too) and downloads — never navigate the app's page.
 */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-downloads';

/**
 * One SCO of the attempt: the launcher on the content origin plays it and reports by
 * postMessage (bridge.ts); what the package set is saved on its commits. Leaving the player any
 * way (the course link, the menu, back, closing the tab: unmount or pagehide) ends the SCO's
 * session as Next does, with a final commit sent keepalive (bridge.leave). A package of several
 * SCOs has previous/next as the sequencing allows (shared/scormSequencing.ts), Finish on the
 * last SCO (its post-condition rules run, then the package ends), and its outline
 * behind a button, above the frame: the package keeps the whole width (at least 800 px at
 * 1280, all of a phone's); moving on ends this SCO's session first (its final commit saved),
 * then `onStep` tells the player which SCO is next, or that the package ended. A package that
 * ends its session with nowhere to go is not left blank: a notice says so, with the outline.
 */
export function ScormSession({ runtime, params, onStep }: { runtime: ScormLaunch; params: ExerciseParams; onStep?: (step: Step) => void }) {
  const translate = useTranslate();
  const refreshLearning = useRefreshLearning();
  const tree = useMemo(() => indexTree(runtime.version, runtime.organisation?.root ?? { id: '', title: '', href: runtime.launch, asset: false, visible: true, children: [] }), [runtime]);
  const multi = tree.leaves.length > 1;
  const [states, setStates] = useState<States>(runtime.states ?? {});
  const statesRef = useRef(states);
  const [busy, setBusy] = useState(false);
  const [outlineOpen, setOutlineOpen] = useState(false);
  // the package ended its session and its request leads nowhere: the frame may be blank
  const [over, setOver] = useState(false);
  const outlineId = useId();
  const nav = navigation(tree, runtime.scoId, states);
  // the last SCO (those after it hidden from choice aside): Finish in place of a Next that leads nowhere
  const atEnd = !nav.next && tree.leaves.slice(tree.leaves.findIndex((l) => l.id === runtime.scoId) + 1).every((l) => nav.hidden.has(l.id));
  const stepRef = useRef(onStep);
  stepRef.current = onStep;
  const frame = useRef<HTMLIFrameElement>(null);
  const [status, setStatus] = useState<LessonStatus>(runtime.lessonStatus);
  const [score, setScore] = useState({ score: runtime.score, maxScore: runtime.maxScore });
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [stalled, setStalled] = useState(false);
  const bridge = useRef<Bridge | null>(null);

  // before the launcher can load and say it is ready
  useLayoutEffect(() => {
    let live = true;
    const start = navigation(tree, runtime.scoId, runtime.states ?? {});
    const validity = { continue: start.next !== null, previous: start.previous !== null, choice: start.choice, jump: Object.fromEntries(tree.leaves.map((l) => [l.id, jumpTarget(tree, l.id, runtime.states ?? {}) !== null])) };
    const opened = openBridge(frame.current!, runtime, params, {
      // progress as the package reports it; a result once the server has judged it (onSaved)
      onStatus: (s) => live && !multi && !awaitsVerdict(s) && setStatus(s),
      onEnded: (request) => {
        if (!live) return;
        const step = afterExit(tree, runtime.scoId, parseRequest(request), statesRef.current);
        if (step.kind !== 'stay') stepRef.current?.(step);
        else {
          setOver(true);
          setOutlineOpen(true);
        }
      },
      onSaved: (a) => {
        if (!live) return;
        if (a?.states) {
          statesRef.current = a.states;
          setStates(a.states);
        }
        setFailure(null);
        if (a?.lessonStatus) setStatus(a.lessonStatus);
        if (a && a.score !== null && a.score !== undefined) setScore({ score: a.score, maxScore: a.maxScore });
      },
      onFailed: (f) => live && setFailure(f),
      onStalled: () => live && setStalled(true),
      // after the player is gone: the course page shows what the final commit made of the exercise
      onLeft: () => void refreshLearning(),
    }, runtime.version === '2004' ? validity : undefined);
    bridge.current = opened;
    return () => {
      live = false;
      opened.dispose();
    };
  }, [runtime, params, tree, multi, refreshLearning]);

  /**
   * The learner moves on: this SCO's session ends (saved), then the sequencing decides. Finish
   * is an exit request: the post-condition rules may still retry or move on; else the end.
   */
  async function go(request: { request: string; target?: string }) {
    if (busy) return;
    setBusy(true);
    setOutlineOpen(false);
    await bridge.current?.terminate();
    const step = afterExit(tree, runtime.scoId, request, statesRef.current);
    setBusy(false);
    if (step.kind === 'end' && step.reason === 'exit' && request.request === 'exit') onStep?.({ kind: 'end', reason: 'done' });
    else if (step.kind !== 'stay') onStep?.(step);
    else {
      // the SCO's session has ended all the same: say so rather than leave its frame blank
      setOver(true);
      setOutlineOpen(true);
    }
  }

  useEffect(() => {
    const onHide = () => bridge.current?.leave();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  const outline = multi ? <ScormOutline root={tree.root} current={runtime.scoId} states={states} nav={nav} onChoose={(target) => void go({ request: 'choice', target })} /> : null;
  return (
    <Stack spacing={1}>
      <ScormStatus status={status} score={score.score} maxScore={score.maxScore} />
      {runtime.readOnly && <Alert severity="info">{translate('app.scorm.review')}</Alert>}
      {failure && <Alert severity="error" data-testid="scorm-error">{scormErrorText(failure, translate, 'app.scorm.error.save')}</Alert>}
      {stalled && <Alert severity="error" data-testid="scorm-stalled">{translate('app.scorm.error.launcher')}</Alert>}
      {over && <Alert severity="info" data-testid="scorm-over">{translate(multi ? 'app.scorm.over.multi' : 'app.scorm.over.single')}</Alert>}
      {multi && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            startIcon={<ListIcon />}
            aria-expanded={outlineOpen}
            aria-controls={outlineId}
            onClick={() => setOutlineOpen((o) => !o)}
            data-testid="scorm-outline-open"
          >
            {translate('app.scorm.outline.title')}
          </Button>
          <Button variant="outlined" disabled={busy || !nav.previous} onClick={() => void go({ request: 'previous' })} data-testid="scorm-previous">{translate('app.scorm.previous')}</Button>
          {!atEnd || runtime.readOnly ? (
            <Button variant="contained" disabled={busy || !nav.next} onClick={() => void go({ request: 'continue' })} data-testid="scorm-next">{translate('app.scorm.next')}</Button>
          ) : (
            <Button variant="contained" disabled={busy} onClick={() => void go({ request: 'exit' })} data-testid="scorm-finish">{translate('app.scorm.finish')}</Button>
          )}
        </Stack>
      )}
      {outline && (
        <Box id={outlineId} hidden={!outlineOpen} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowY: 'auto', maxHeight: '40vh' }}>{outline}</Box>
      )}
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
