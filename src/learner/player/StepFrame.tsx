import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { stepPath, type Step } from './navigation';
import { PlayerToolbar } from './PlayerToolbar';
import type { PlayerPage } from './types';

/**
 * The carousel frame around one step: the toolbar, the content, Previous / Continue. The
 * maximise button lays the frame over the whole window (the slide area full-screen).
 */
export function StepFrame({
  courseId, page, loadedAt, answeredCount, number, onlyForReading, previous, next, nextLabel, children,
}: {
  courseId: string;
  page: PlayerPage;
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
  const [maximised, setMaximised] = useState(false);
  const to = (step: Step) => stepPath(courseId, page.exercise.lessonId, page.exercise.id, step);
  return (
    <Paper
      variant="outlined"
      data-testid="player-frame"
      data-maximised={maximised ? 'true' : 'false'}
      sx={{
        p: { xs: 1.5, md: 2 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
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
        onMaximise={setMaximised}
      />
      {page.readOnly && <Alert severity="info">{translate('app.player.slide.readOnly')}</Alert>}
      <Box sx={{ flexGrow: 1, minHeight: 200 }}>{children}</Box>
      <Stack direction="row" spacing={2} justifyContent="space-between">
        {previous !== undefined ? (
          <Button variant="outlined" component={Link} to={to(previous)}>{translate('app.player.slide.previous')}</Button>
        ) : <span />}
        {next !== undefined && (
          <Button variant="contained" component={Link} to={to(next)}>{nextLabel ?? translate('app.player.slide.continue')}</Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Heading of a slide inside the frame. */
export function SlideTitle({ children }: { children: ReactNode }) {
  return <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{children}</Typography>;
}
