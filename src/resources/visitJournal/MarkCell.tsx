import CheckCircle from '@mui/icons-material/CheckCircle';
import HighlightOff from '@mui/icons-material/HighlightOff';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { IconButton, TableCell, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { VisitMark } from '../../../shared/calls/visitJournal';

/**
 * One mark of the journal: present (the instructor's or a digital code), the student's absence
 * report, or none. With EditVisitJournal a click sets the mark (also over an absence report) or
 * clears a presence (spec 2 §5: set with a create call, cleared with a delete call).
 */
export function MarkCell({ mark, canEdit, label, onToggle }: { mark: VisitMark | null; canEdit: boolean; label: string; onToggle: (set: boolean) => Promise<unknown> }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const state = mark ? (mark.present ? 'present' : 'absent') : 'none';
  const icon =
    state === 'present' ? <CheckCircle color="success" fontSize="small" /> : state === 'absent' ? <HighlightOff color="warning" fontSize="small" /> : <RadioButtonUnchecked color="disabled" fontSize="small" />;
  const status = translate(`resources.visitJournal.marks.${mark ? mark.source : 'none'}`);
  const action = translate(`resources.visitJournal.marks.${state === 'present' ? 'clear' : 'set'}`);
  return (
    <TableCell align="center" padding="checkbox" data-testid="mark-cell" data-state={state}>
      <Tooltip title={canEdit ? `${status}. ${action}` : status}>
        <span>
          <IconButton
            size="small"
            disabled={!canEdit || busy}
            aria-label={`${label}: ${canEdit ? action : status}`}
            aria-pressed={state === 'present'}
            onClick={async () => {
              setBusy(true);
              try {
                await onToggle(state !== 'present');
              } finally {
                setBusy(false);
              }
            }}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    </TableCell>
  );
}
