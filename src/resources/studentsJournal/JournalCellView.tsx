import { Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { JournalCell } from '../../../shared/calls/journal';
import { visuallyHidden } from '../../ui/visuallyHidden';

const T = 'resources.studentsJournal';
const statusColor: Record<number, string> = { 0: 'text.disabled', 1: 'info.main', 3: 'warning.main', 4: 'success.main', 5: 'success.main' };

/**
 * One cell: the score, else the status (spec 2 §4 progress status) in its colour; the status in the
 * tooltip, and beside a score for screen readers (a tooltip's text is not read from a plain span).
 * A failed SCORM result shows as failed.
 */
export function JournalCellView({ cell }: { cell: JournalCell | null }) {
  const translate = useTranslate();
  const status = cell?.status ?? 0;
  const label = translate(`${T}.status.${cell?.failed ? 'failed' : status}`);
  return (
    <Tooltip describeChild title={label}>
      <Typography variant="body2" component="span" data-failed={cell?.failed ? 'true' : undefined} sx={{ color: cell?.failed ? 'error.main' : statusColor[status], fontWeight: cell?.score != null ? 600 : 400 }}>
        {cell?.score != null ? (
          <>
            {cell.score}
            <span style={visuallyHidden}> ({label})</span>
          </>
        ) : cell ? label : '—'}
      </Typography>
    </Tooltip>
  );
}
