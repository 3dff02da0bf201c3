import LockIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import StarIcon from '@mui/icons-material/Star';
import { Box, IconButton, Link as MuiLink, ListItem, Stack, Typography } from '@mui/material';
import { lazy, useState } from 'react';
import { Deferred, useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import type { CourseExercise } from '../../../shared/learning';
import { LazyTooltip } from '../cards/LazyTooltip';
import { absoluteAddress, playerPath, resultsPath } from '../paths';
import { EVALUATION, isDone, statusIcon } from './exerciseStatus';

// the menu and the retake's confirm load when a menu is first opened
const ExerciseActions = lazy(() => import('./ExerciseActions').then((m) => ({ default: m.ExerciseActions })));

/** An exercise of the course page: status, link (when open), files, results, and a menu to favour or retake it. */
export function ExerciseRow({ courseId, exercise, onToggleFavorite, onChanged }: { courseId: number; exercise: CourseExercise; onToggleFavorite: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const st = statusIcon(exercise.status, exercise.failed);
  return (
    <ListItem
      disableGutters
      data-testid="exercise-row"
      secondaryAction={
        <IconButton edge="end" aria-label={translate('app.learner.course.menu')} onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      }
    >
      <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ pr: 5, width: '100%' }}>
        <Box sx={{ width: 24, pt: 0.25 }}>
          {st ? (
            // an image named by its status (a name on a plain span is not read)
            <LazyTooltip title={translate(`app.learner.course.status.${st.key}`)}><span role="img" data-testid={`status-${exercise.failed && isDone(exercise.status) ? 'failed' : exercise.status}`}>{st.icon}</span></LazyTooltip>
          ) : !exercise.isAvailable ? (
            <LazyTooltip title={translate('app.learner.course.notAvailable')}><span role="img" data-testid="status-locked"><LockIcon fontSize="small" color="action" /></span></LazyTooltip>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {exercise.isAvailable ? (
            <MuiLink component={Link} to={playerPath(courseId, exercise.lessonId, exercise.id)} underline="hover">{exercise.label}</MuiLink>
          ) : (
            // not a link yet: text.disabled would be 2.7:1, under what a text needs (the lock says why)
            <Typography color="text.secondary">{exercise.label}</Typography>
          )}
          {exercise.isFavorite && <StarIcon sx={{ ml: 0.5, verticalAlign: 'middle' }} color="warning" fontSize="inherit" />}
          {/* handed in, awaiting the check: said, not only an icon's tooltip */}
          {exercise.status === EVALUATION && <Typography variant="body2" color="text.secondary" data-testid="exercise-submitted">{translate('app.learner.course.submitted')}</Typography>}
          {exercise.description && <Typography variant="body2" color="text.secondary">{exercise.description}</Typography>}
          {exercise.files.map((f) => (
            <MuiLink key={f.address} href={absoluteAddress(f.address)} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'block' }}>{f.title}</MuiLink>
          ))}
          {/* a lecture (type 10; the enums module stays out of the learner's first load) has nothing to score */}
          {isDone(exercise.status) && exercise.score !== null && exercise.exerciseType !== 10 && (
            <Typography variant="body2" color="text.secondary" data-testid="exercise-score">{translate('app.learner.course.score', { score: exercise.score })}</Typography>
          )}
          {/* the results open in the player, which a locked exercise refuses (403.15) */}
          {isDone(exercise.status) && exercise.isAvailable && (
            <MuiLink component={Link} to={resultsPath(courseId, exercise.lessonId, exercise.id)} variant="body2">
              {translate('app.learner.course.checkResults')}
            </MuiLink>
          )}
        </Box>
      </Stack>
      <Deferred when={!!anchor}>
        <ExerciseActions courseId={courseId} exercise={exercise} anchor={anchor} onCloseMenu={() => setAnchor(null)} onToggleFavorite={onToggleFavorite} onChanged={onChanged} />
      </Deferred>
    </ListItem>
  );
}
