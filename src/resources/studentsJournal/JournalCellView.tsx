import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useTranslate } from 'react-admin';
import type { JournalCell } from '../../../shared/calls/journal';
import { useDates } from '../../ui/dates';
import { visuallyHidden } from '../../ui/visuallyHidden';

const T = 'resources.studentsJournal';

/**
 * The cells' colours, set once on the journal's table: a page holds up to 100 × 100 cells, and
 * plain elements with a class render in a fraction of the time of a styled component each
 * (tests/bench/journal-page.mjs measures the page).
 */
export const journalCellStyles = {
  '& .journal-cell-0': { color: 'text.disabled' },
  '& .journal-cell-1': { color: 'info.main' },
  '& .journal-cell-3': { color: 'warning.main' },
  '& .journal-cell-4, & .journal-cell-5': { color: 'success.main' },
  '& .journal-cell-failed': { color: 'error.main' },
  '& .journal-cell-scored': { fontWeight: 600 },
} as const;

/**
 * One cell: the score, else the status (spec 2 §4 progress status) in its colour; the status in the
 * pointer's tooltip, and beside a score for screen readers (a tooltip's text is not read from a
 * plain span). A failed SCORM result shows as failed. An answer sent late after a connection loss
 * (issue 31) adds a mark with when it was made.
 */
export function JournalCellView({ cell }: { cell: JournalCell | null }) {
  const translate = useTranslate();
  const status = cell?.status ?? 0;
  const label = translate(`${T}.status.${cell?.failed ? 'failed' : status}`);
  const scored = cell?.score != null;
  return (
    <span title={label} className={`journal-cell-${cell?.failed ? 'failed' : status}${scored ? ' journal-cell-scored' : ''}`} data-failed={cell?.failed ? 'true' : undefined}>
      {scored ? (
        <>
          {cell.score}
          <span style={visuallyHidden}> ({label})</span>
        </>
      ) : cell ? label : '—'}
      {cell?.sentLateAt && <SentLateMark at={cell.sentLateAt} />}
    </span>
  );
}

/** Its own component: the date hook runs only in the (rare) marked cells, not in every one of a 100 × 100 page. */
function SentLateMark({ at }: { at: string }) {
  const translate = useTranslate();
  const dates = useDates();
  const note = translate(`${T}.sentLate`, { date: dates.dateTime(at) });
  return (
    <span title={note} data-testid="journal-cell-sent-late">
      <CloudOffOutlined fontSize="inherit" aria-hidden sx={{ ml: 0.5, verticalAlign: 'middle' }} />
      <span style={visuallyHidden}> ({note})</span>
    </span>
  );
}
