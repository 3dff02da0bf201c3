import LockIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReplayIcon from '@mui/icons-material/Replay';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, IconButton, Link as MuiLink, ListItem, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { Confirm } from '../../app/Confirm';
import { Link } from 'react-router-dom';
import { resultCalls } from '../../../shared/calls/study/results';
import type { CourseExercise } from '../../../shared/learning';
import { callApi } from '../../http/client';
import { absoluteAddress, playerPath, resultsPath } from '../paths';
import { canRetake, isDone, retakeErrorKeys, statusIcon } from './exerciseStatus';

/** An exercise of the course page: status, link (when open), files, results, and a menu to favour or retake it. */
export function ExerciseRow({ courseId, exercise, onToggleFavorite, onChanged }: { courseId: number; exercise: CourseExercise; onToggleFavorite: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const retake = async () => {
    setRestarting(true);
    try {
      await callApi(resultCalls.restart, { params: { courseId, exerciseId: exercise.id } });
      notify(translate('app.learner.course.retakeDone'), { type: 'success' });
      onChanged();
    } catch (e) {
      const status = String((e as { status?: number }).status ?? '');
      notify(translate(retakeErrorKeys[status] ?? 'app.learner.course.retakeFailed'), { type: 'error' });
    } finally {
      setRestarting(false);
      setConfirming(false);
    }
  };
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
            <Tooltip title={translate(`app.learner.course.status.${st.key}`)}><span data-testid={`status-${exercise.failed && isDone(exercise.status) ? 'failed' : exercise.status}`}>{st.icon}</span></Tooltip>
          ) : !exercise.isAvailable ? (
            <Tooltip title={translate('app.learner.course.notAvailable')}><LockIcon fontSize="small" color="disabled" /></Tooltip>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {exercise.isAvailable ? (
            <MuiLink component={Link} to={playerPath(courseId, exercise.lessonId, exercise.id)} underline="hover">{exercise.label}</MuiLink>
          ) : (
            <Typography color="text.disabled">{exercise.label}</Typography>
          )}
          {exercise.isFavorite && <StarIcon sx={{ ml: 0.5, verticalAlign: 'middle' }} color="warning" fontSize="inherit" />}
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
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => { setAnchor(null); onToggleFavorite(); }}>
          {exercise.isFavorite ? <StarIcon fontSize="small" sx={{ mr: 1 }} /> : <StarBorderIcon fontSize="small" sx={{ mr: 1 }} />}
          {translate(exercise.isFavorite ? 'app.learner.course.removeFavorite' : 'app.learner.course.addFavorite')}
        </MenuItem>
        {canRetake(exercise) && (
          <MenuItem onClick={() => { setAnchor(null); setConfirming(true); }}>
            <ReplayIcon fontSize="small" sx={{ mr: 1 }} />
            {translate('app.learner.course.retake')}
          </MenuItem>
        )}
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={restarting}
        title={translate('app.learner.course.retake')}
        content={translate('app.learner.course.retakeConfirm')}
        onConfirm={() => void retake()}
        onClose={() => setConfirming(false)}
      />
    </ListItem>
  );
}
