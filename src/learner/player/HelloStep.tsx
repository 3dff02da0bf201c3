import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DigitalCodePage } from './digitalCode';
import { resumeStep, stepPath } from './navigation';
import { ScormPlayer } from './scorm';
import type { StartPage } from './types';

/**
 * The hello page ('start'): the exercise's name, type, time limit and attempt number, and a
 * Start / Continue button into the attempt the load started or resumed. An offline exercise
 * shows the digital attendance code; a SCORM exercise plays its package here.
 */
export function HelloStep({ courseId, page }: { courseId: string; page: StartPage }) {
  const translate = useTranslate();
  const ex = page.exercise;
  const to = (step: Parameters<typeof stepPath>[3]) => stepPath(courseId, ex.lessonId, ex.id, step);
  const limit = ex.timeLimitSeconds ? translate('app.player.hello.minutes', { count: Math.ceil(ex.timeLimitSeconds / 60) }) : translate('app.player.hello.noTimeLimit');
  const facts: [string, string, string | number][] = [
    ['type', translate('app.player.hello.type'), translate(`app.player.exerciseType.${ex.exerciseType}`, { _: String(ex.exerciseType) })],
    ['time-limit', translate('app.player.hello.timeLimit'), limit],
    ['attempt', translate('app.player.hello.attempt'), page.attemptNo],
    ['slides', translate('app.player.hello.slides'), page.total],
  ];
  // a SCORM exercise is one package, not slides
  const shown = ex.kind === 'scorm' ? facts.filter(([id]) => id !== 'slides') : facts;
  const resumed = page.currentSlideId !== null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="player-hello">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>{ex.label}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}>
        {shown.map(([id, k, v]) => (
          <Box key={id} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">{k}</Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid={`hello-${id}`}>{v}</Typography>
          </Box>
        ))}
      </Box>
      {ex.exerciseType === 50 && <Box sx={{ mb: 2 }}><DigitalCodePage courseId={courseId} exerciseId={String(ex.id)} /></Box>}
      {ex.kind === 'scorm' && <Box sx={{ mb: 2 }}><ScormPlayer courseId={courseId} exerciseId={String(ex.id)} /></Box>}
      {page.readOnly && <Alert severity="info" sx={{ mb: 2 }}>{translate('app.player.hello.over')}</Alert>}
      <Stack direction="row" spacing={2}>
        {page.readOnly ? (
          <>
            <Button variant="contained" component={Link} to={to('end')}>{translate('app.player.hello.results')}</Button>
            {page.total > 0 && <Button variant="outlined" component={Link} to={to(page.next)}>{translate('app.player.hello.review')}</Button>}
          </>
        ) : ex.kind === 'scorm' ? (
          <Button variant="contained" component={Link} to={to('end')}>{translate('app.player.slide.continue')}</Button>
        ) : (
          <Button variant="contained" component={Link} to={to(resumeStep(page))}>
            {translate(resumed ? 'app.player.hello.continue' : 'app.player.hello.start')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
