import { useCallback, useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { useNavigate } from 'react-router-dom';
import { catalogueCalls } from '../../../shared/calls/catalogue';
import { callApi } from '../../http/client';
import { errorCodeOf } from '../../http/errors';
import { coursePath } from '../paths';

/** Join answers (spec 3 §8.2) → toast key; 400.1 and 400.14 have their own reactions. */
export const joinErrorKeys: Record<string, string> = {
  '404': 'app.learner.join.notFound',
  '400.1': 'app.learner.join.alreadyIn',
  '400.3': 'app.learner.join.emailConfirmation',
  '400.4': 'app.learner.join.enrolErrors',
  '400.5': 'app.learner.join.relatedCategory',
};

/**
 * Joins a course: POST /api/students/trainings/{courseId}/join → { isApply, trainingId }.
 * isApply: 'Your application has been successfully submitted!' and `onApplied`; otherwise
 * 'You have successfully joined the course!' and the course page. 400.14 sets `needsProfile`
 * (the page shows the unfilled-fields form, then calls `join` again).
 */
export function useJoinCourse(courseId: number, onApplied: () => void) {
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [needsProfile, setNeedsProfile] = useState(false);

  const join = useCallback(async () => {
    setPending(true);
    try {
      const res = await callApi(catalogueCalls.join, { params: { courseId } });
      setNeedsProfile(false);
      if (res.isApply) {
        notify(translate('app.learner.join.applied'), { type: 'success' });
        onApplied();
      } else {
        notify(translate('app.learner.join.joined'), { type: 'success' });
        navigate(coursePath(res.trainingId));
      }
    } catch (error) {
      const code = errorCodeOf(error) ?? '';
      if (code === '401') {
        navigate('/welcome');
      } else if (code === '400.14') {
        setNeedsProfile(true);
      } else {
        notify(translate(joinErrorKeys[code] ?? 'app.learner.join.failed'), { type: code === '404' ? 'warning' : 'error' });
        if (code === '400.1') navigate(coursePath(courseId));
      }
    } finally {
      setPending(false);
    }
  }, [courseId, navigate, notify, onApplied, translate]);

  return { join, pending, needsProfile };
}
