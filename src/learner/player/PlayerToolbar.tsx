import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import { IconButton, Stack, Typography } from '@mui/material';
import { Label } from '../cards/Label';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../app';
import { Hint } from './Hint';
import { useNavigate } from 'react-router-dom';
import { formatClock, useClock } from './clock';
import type { AttemptPage } from '../../../shared/calls/study/pages';
import { counterText, stepPath } from './navigation';
import { stepKey } from './stepLoad';

/**
 * The carousel's bar: slide counter "N / M" with the answered count, 'Only for reading',
 * the time indicator (countdown to the attempt's deadline, else elapsed time; at zero the
 * player moves to 'end', where the server clock decides), and minimise / maximise.
 */
export function PlayerToolbar({
  courseId, page, loadedAt, number, answeredCount, onlyForReading = false, maximised, onMaximise,
}: {
  courseId: string;
  page: AttemptPage;
  loadedAt: number;
  number?: number;
  answeredCount: number;
  onlyForReading?: boolean;
  maximised: boolean;
  onMaximise: (on: boolean) => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const running = !page.readOnly;
  const queryClient = useQueryClient();
  const clock = useClock(page, loadedAt, running, () => {
    if (page.slideId !== 'end') navigate(stepPath(courseId, page.exercise.lessonId, page.exercise.id, 'end'));
    // already at 'end': the local count may run a moment ahead of the server's deadline; ask again
    else setTimeout(() => void queryClient.invalidateQueries({ queryKey: stepKey(courseId, String(page.exercise.id), 'end') }), 1500);
  });
  const clockLabel = translate(clock.mode === 'countdown' ? 'app.player.slide.timeLeft' : 'app.player.slide.timeElapsed');
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="player-toolbar">
      {number !== undefined && (
        <Typography data-testid="slide-counter" aria-label={translate('app.player.slide.counter', { counter: counterText(number, page.total) })} sx={{ fontWeight: 600 }}>
          {counterText(number, page.total)}
        </Typography>
      )}
      <Label size="small" variant="outlined" data-testid="answered-count">{`${translate('app.player.slide.answered')}: ${answeredCount}`}</Label>
      {onlyForReading && <Label size="small" color="info" data-testid="only-for-reading">{translate('app.player.slide.onlyForReading')}</Label>}
      <Stack direction="row" spacing={0.5} alignItems="center" sx={{ ml: 'auto !important' }}>
        {running && (
          <Hint title={clockLabel}>
            <Label
              size="small"
              icon={<TimerIcon />}
              color={clock.mode === 'countdown' && clock.seconds < 60 ? 'warning' : undefined}
              aria-label={`${clockLabel} ${formatClock(clock.seconds)}`}
              data-testid="player-clock"
              data-mode={clock.mode}
            >
              {formatClock(clock.seconds)}
            </Label>
          </Hint>
        )}
        <Hint title={translate(maximised ? 'app.player.slide.minimise' : 'app.player.slide.maximise')}>
          <IconButton aria-label={translate(maximised ? 'app.player.slide.minimise' : 'app.player.slide.maximise')} onClick={() => onMaximise(!maximised)}>
            {maximised ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        </Hint>
      </Stack>
    </Stack>
  );
}
