import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { stepPath, type Step } from './navigation';
import { UnsavedAnswerWarning, useLeaveStep } from './pendingAnswer';
import { PlayerToolbar } from './PlayerToolbar';
import { useArrivalFocus } from './arrivalFocus';
import type { AttemptPage } from '../../../shared/calls/study/pages';

/**
 * Maximise: the browser's full screen for the frame (its top layer is above the app's header);
 * where the browser refuses or lacks it, the frame covers the window instead. Leaving full
 * screen with Esc is followed.
 */
function useMaximise() {
  const ref = useRef<HTMLDivElement>(null);
  const [maximised, setMaximised] = useState(false);
  useEffect(() => {
    const el = ref.current;
    const follow = () => setMaximised(!!el && document.fullscreenElement === el);
    document.addEventListener('fullscreenchange', follow);
    return () => {
      document.removeEventListener('fullscreenchange', follow);
      // leaving the step leaves full screen too
      if (el && document.fullscreenElement === el) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);
  const toggle = async (on: boolean) => {
    const el = ref.current;
    if (on && el?.requestFullscreen) {
      const ok = await el.requestFullscreen().then(() => true, () => false);
      if (ok) return setMaximised(true);
    }
    if (!on && document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    setMaximised(on);
  };
  return { ref, maximised, toggle };
}

/** The carousel frame around one step: the toolbar, the content, Previous / Continue; maximise makes it full-screen. */
export function StepFrame({
  courseId, page, loadedAt, answeredCount, number, onlyForReading, previous, next, nextLabel, children,
}: {
  courseId: string;
  page: AttemptPage;
  loadedAt: number;
  answeredCount: number;
  number?: number;
  onlyForReading?: boolean;
  previous?: Step;
  next?: Step;
  nextLabel?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { ref, maximised, toggle } = useMaximise();
  const to = (step: Step) => stepPath(courseId, page.exercise.lessonId, page.exercise.id, step);
  return (
    <Paper
      ref={ref}
      variant="outlined"
      data-testid="player-frame"
      data-maximised={maximised ? 'true' : 'false'}
      sx={{
        p: { xs: 1.5, md: 2 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        '&:fullscreen': { overflow: 'auto', bgcolor: 'background.paper' },
        ...(maximised ? { position: 'fixed', inset: 0, zIndex: (t) => t.zIndex.modal, borderRadius: 0, overflow: 'auto' } : {}),
      }}
    >
      <PlayerToolbar
        courseId={courseId}
        page={page}
        loadedAt={loadedAt}
        number={number}
        answeredCount={answeredCount}
        onlyForReading={onlyForReading}
        maximised={maximised}
        onMaximise={(on) => void toggle(on)}
      />
      {page.readOnly && <Alert severity="info">{translate('app.player.slide.readOnly')}</Alert>}
      <Box sx={{ flexGrow: 1, minHeight: 200 }}>{children}</Box>
      <StepNavigation to={to} previous={previous} next={next} nextLabel={nextLabel} />
    </Paper>
  );
}

/** Previous / Continue: an answer chosen and not saved is saved first (pendingAnswer.tsx). */
function StepNavigation({ to, previous, next, nextLabel }: { to: (step: Step) => string; previous?: Step; next?: Step; nextLabel?: string }) {
  const translate = useTranslate();
  const { onLeave, leaving } = useLeaveStep();
  return (
    <>
      <UnsavedAnswerWarning />
      <Stack direction="row" spacing={2} justifyContent="space-between">
        {previous !== undefined ? (
          <Button variant="outlined" component={Link} to={to(previous)} onClick={onLeave(to(previous))} disabled={leaving}>{translate('app.player.slide.previous')}</Button>
        ) : <span />}
        {next !== undefined && (
          <Button variant="contained" component={Link} to={to(next)} onClick={onLeave(to(next))} disabled={leaving}>{nextLabel ?? translate('app.player.slide.continue')}</Button>
        )}
      </Stack>
    </>
  );
}

/** Heading of a step inside the frame; the focus moves to it when the step arrives (arrivalFocus.ts). */
export function SlideTitle({ step, children }: { step: Step; children: ReactNode }) {
  const ref = useArrivalFocus<HTMLHeadingElement>(step);
  return <Typography ref={ref} tabIndex={-1} variant="h5" component="h1" sx={{ mb: 1 }}>{children}</Typography>;
}
