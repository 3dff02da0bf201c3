import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudQueue from '@mui/icons-material/CloudQueue';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '../../../ui/visuallyHidden';
import { useCallback } from 'react';
import { useTranslate } from '../../../app';
import { usePendingAnswer } from '../pendingAnswer';
import type { SaveState } from './useSave';

const k = (key: string) => `app.playerQuestions.${key}`;

/**
 * The explicit Save button of a question form and the save state beside it. Every form
 * saves on this button rather than on change: an answer is one durable, per-attempt write
 * (and a code answer runs every test case), so half-typed values are never sent, the
 * student sees exactly when the server has the answer, and the server is not written to on
 * each keystroke when a whole group answers at once. An answer changed and not saved is also
 * saved by the step's Continue (pendingAnswer.tsx): `onSave` answers the save's result (the
 * server's acknowledgement, or nothing when it did not save).
 */
export function SaveBar({
  save,
  readOnly,
  onSave,
  label,
}: {
  /** the form's save (useSave): its state, its error, and whether saves can still succeed */
  save: { state: SaveState; error: string | null; closed: boolean };
  readOnly: boolean;
  /** absent: the form saves by another action (a file upload) */
  onSave?: () => unknown;
  label?: string;
}) {
  const translate = useTranslate();
  const { state, error, closed: disabled } = save;
  const unsaved = !readOnly && !disabled && !!onSave && (state === 'dirty' || state === 'error');
  const saveOnLeave = useCallback(async () => !!(await onSave?.()), [onSave]);
  usePendingAnswer(unsaved ? saveOnLeave : null);
  return (
    <Box sx={{ mt: 2 }}>
      {/* one polite live region, there from the start, says what became of the save (a region
          added together with its text is often not read); the visible state beside it is not read twice */}
      <Box role="status" aria-live="polite" data-testid="question-save-status" sx={visuallyHidden}>
        {state === 'saved' ? translate(k('saved')) : state === 'queued' ? translate(k('offline.queued')) : state === 'error' && error ? error : ''}
      </Box>
      {error && (
        <Alert severity="error" role="none" sx={{ mb: 1 }} data-testid="question-save-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        {!readOnly && onSave && (
          <Button variant="contained" onClick={() => void onSave()} disabled={disabled || state === 'saving'} data-testid="question-save">
            {label ?? translate(k('save'))}
          </Button>
        )}
        {state === 'saving' && <CircularProgress size={20} aria-label={translate(k('saving'))} />}
        {state === 'saved' && (
          <Stack direction="row" spacing={0.5} alignItems="center" data-testid="question-saved">
            <CheckCircle color="success" fontSize="small" />
            <Typography variant="body2" color="success.main">{translate(k('saved'))}</Typography>
          </Stack>
        )}
        {/* kept on the device without a connection (issue 31): not on the server yet */}
        {state === 'queued' && (
          <Stack direction="row" spacing={0.5} alignItems="center" data-testid="question-queued">
            <CloudQueue color="warning" fontSize="small" />
            <Typography variant="body2" color="text.secondary">{translate(k('offline.queued'))}</Typography>
          </Stack>
        )}
        {state === 'dirty' && !readOnly && (
          <Typography variant="body2" color="text.secondary" data-testid="question-unsaved">{translate(k('unsaved'))}</Typography>
        )}
      </Stack>
    </Box>
  );
}
