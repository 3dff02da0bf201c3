import { Typography } from '@mui/material';
import { useTranslate } from '../../../app';
import { useNumbers } from '../../../ui/numbers';
import { statusKey } from './status';
import type { LessonStatus } from '../../../../shared/calls/study/scorm';

/** The status line: the package's lesson status, and the exercise's score once it has one. */
export function ScormStatus({ status, score, maxScore }: { status: LessonStatus; score: number | null; maxScore: number | null }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  return (
    <Typography role="status" data-testid="scorm-status" data-status={status} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      <span>
        {translate('app.scorm.statusLabel')} <strong>{translate(statusKey(status))}</strong>
      </span>
      {score !== null && maxScore !== null && <span data-testid="scorm-score">{translate('app.scorm.score', { score: numbers.count(score), max: numbers.count(maxScore) })}</span>}
    </Typography>
  );
}
