import ReplayIcon from '@mui/icons-material/Replay';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { Confirm } from '../../app/Confirm';
import { resultCalls } from '../../../shared/calls/study/results';
import type { CourseExercise } from '../../../shared/learning';
import { callApi } from '../../http/client';
import { canRetake, retakeErrorKeys } from './exerciseStatus';

/**
 * The menu of an exercise row (favour, retake) and the retake's confirm dialog; loaded when a
 * menu is first opened (ExerciseRow), so the course page's first load carries no pop-up.
 */
export function ExerciseActions({ courseId, exercise, anchor, onCloseMenu, onToggleFavorite, onChanged }: {
  courseId: number;
  exercise: CourseExercise;
  anchor: HTMLElement | null;
  onCloseMenu: () => void;
  onToggleFavorite: () => void;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
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
  return (
    <>
      <Menu anchorEl={anchor} open={!!anchor} onClose={onCloseMenu}>
        <MenuItem onClick={() => { onCloseMenu(); onToggleFavorite(); }}>
          {exercise.isFavorite ? <StarIcon fontSize="small" sx={{ mr: 1 }} /> : <StarBorderIcon fontSize="small" sx={{ mr: 1 }} />}
          {translate(exercise.isFavorite ? 'app.learner.course.removeFavorite' : 'app.learner.course.addFavorite')}
        </MenuItem>
        {canRetake(exercise) && (
          <MenuItem onClick={() => { onCloseMenu(); setConfirming(true); }}>
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
    </>
  );
}
