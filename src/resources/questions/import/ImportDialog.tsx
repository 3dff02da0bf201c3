import Download from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { questionCalls } from '../../../../shared/calls/questions';
import { IMPORT_MAX_BYTES, type ImportAnswer, type ImportRowProblem } from '../../../../shared/questions';
import { callUrl } from '../../../http/client';
import { errorCodeOf, serverText } from '../../../http/errors';
import { useCall } from '../../../http/queries';
import { useNumbers } from '../../../ui/numbers';
import { uploadWithProgress } from '../../../ui/upload';
import { usePrograms } from '../common/programs';
import { programCalls } from '../../../../shared/calls/programs';

type Phase = { state: 'idle' } | { state: 'uploading'; progress: number } | { state: 'processing' } | { state: 'done'; answer: ImportAnswer } | { state: 'rows'; title: string; rows: ImportRowProblem[] } | { state: 'error'; text: string };

/**
 * The Excel import of questions (spec 3 §7.6 LoadQuestions): choose the exercise the
 * questions go to, download the template, upload a file with a progress bar. Bad rows are
 * listed by number with their reasons (nothing was imported then).
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const refresh = useRefresh();
  const programs = usePrograms();
  const [programId, setProgramId] = useState('');
  const [exerciseId, setExerciseId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const view = useCall(programCalls.view, programId !== '' ? { params: { id: programId } } : null);
  const exercises = (view.data?.lessons ?? []).flatMap((l) => l.exercises.filter((e) => e.kind === 'presentation').map((e) => ({ ...e, lesson: l.label })));
  const tooLarge = file !== null && file.size >= IMPORT_MAX_BYTES;
  const busy = phase.state === 'uploading' || phase.state === 'processing';

  const start = async () => {
    if (!file || !programId || !exerciseId) return;
    const form = new FormData();
    form.append('file', file);
    setPhase({ state: 'uploading', progress: 0 });
    try {
      const answer = await uploadWithProgress<ImportAnswer>(callUrl(questionCalls.import, { params: { programId, exerciseId } }), form, (p) =>
        setPhase(p >= 1 ? { state: 'processing' } : { state: 'uploading', progress: p }),
      );
      setPhase({ state: 'done', answer });
      // the banks and the program's slides changed
      refresh();
    } catch (e) {
      const rows = (e as { body?: { rows?: ImportRowProblem[] } }).body?.rows;
      if (errorCodeOf(e) === '400.ImportValidation' && rows) setPhase({ state: 'rows', title: (e as Error).message, rows });
      else setPhase({ state: 'error', text: serverText(e) ?? translate('app.common.toast.error') });
    }
  };

  const close = () => {
    if (busy) return;
    setPhase({ state: 'idle' });
    setFile(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md">
      <DialogTitle>{translate('questionBanks.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('questionBanks.import.help')}
          </Typography>
          <Box>
            <Button startIcon={<Download />} href={callUrl(questionCalls.importTemplate)} download data-testid="download-template">
              {translate('questionBanks.import.template')}
            </Button>
          </Box>
          <TextField
            select
            label={translate('questionBanks.import.program')}
            value={programId}
            onChange={(e) => {
              setProgramId(e.target.value);
              setExerciseId('');
            }}
            disabled={busy}
            helperText={programs.error ? translate('questionBanks.messages.programsLoadError') : undefined}
          >
            {(programs.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('questionBanks.import.exercise')}
            value={exerciseId}
            onChange={(e) => setExerciseId(e.target.value)}
            disabled={busy || !programId || view.isPending}
            helperText={programId && !view.isPending && exercises.length === 0 ? translate('questionBanks.import.noExercises') : undefined}
          >
            {exercises.map((e) => (
              <MenuItem key={e.id} value={String(e.id)}>
                {e.lesson} / {e.label}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button component="label" variant="outlined" disabled={busy}>
              {translate('questionBanks.import.choose')}
              <input
                hidden
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                data-testid="import-file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setPhase({ state: 'idle' });
                }}
              />
            </Button>
            {file && (
              <Typography component="span" sx={{ ml: 2 }}>
                {file.name}
              </Typography>
            )}
          </Box>
          {tooLarge && <Alert severity="error">{translate('questionBanks.import.tooLarge', { max: numbers.megabytes(IMPORT_MAX_BYTES / 1024 / 1024) })}</Alert>}
          {phase.state === 'uploading' && <LinearProgress variant="determinate" value={Math.round(phase.progress * 100)} data-testid="import-progress" />}
          {phase.state === 'processing' && (
            <Box>
              <LinearProgress data-testid="import-progress" />
              <Typography variant="caption">{translate('questionBanks.import.processing')}</Typography>
            </Box>
          )}
          {phase.state === 'done' && (
            <Alert severity="success" data-testid="import-done">
              {translate('questionBanks.import.done', { count: phase.answer.imported, smart_count: phase.answer.imported })}
            </Alert>
          )}
          {phase.state === 'error' && <Alert severity="error">{phase.text}</Alert>}
          {phase.state === 'rows' && (
            <Alert severity="error" data-testid="import-rows">
              <Typography fontWeight={600}>{phase.title}</Typography>
              <List dense>
                {phase.rows.map((r) => (
                  <ListItem key={r.row} disableGutters>
                    <ListItemText primary={translate('questionBanks.import.row', { row: r.row })} secondary={r.messages.join('; ')} />
                  </ListItem>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('app.common.close')}
        </Button>
        <Button variant="contained" onClick={start} disabled={busy || !file || tooLarge || !programId || !exerciseId} data-testid="start-import">
          {translate('questionBanks.import.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
