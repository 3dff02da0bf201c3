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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { IMPORT_MAX_BYTES, questionPaths as P, type ImportAnswer, type ImportRowProblem } from '../../../../shared/questions';
import { apiGet, apiPath, asApiError, errorText, keys, noRetryOn4xx, usePrograms } from '../api';
import { uploadWithProgress } from '../../../ui/upload';

interface ProgramView {
  lessons: { id: number; label: string; exercises: { id: number; label: string; kind: string }[] }[];
}

type Phase = { state: 'idle' } | { state: 'uploading'; progress: number } | { state: 'processing' } | { state: 'done'; answer: ImportAnswer } | { state: 'rows'; title: string; rows: ImportRowProblem[] } | { state: 'error'; text: string };

/**
 * The Excel import of questions (spec 3 §7.6 LoadQuestions): choose the exercise the
 * questions go to, download the template, upload a file with a progress bar. Bad rows are
 * listed by number with their reasons (nothing was imported then).
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const client = useQueryClient();
  const programs = usePrograms();
  const [programId, setProgramId] = useState('');
  const [exerciseId, setExerciseId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const view = useQuery({
    queryKey: ['questions', 'import', 'program', programId],
    queryFn: () => apiGet<ProgramView>(apiPath('/api/Instructors/Courses/{id}/View', { id: programId })),
    enabled: programId !== '',
    retry: noRetryOn4xx,
  });
  const exercises = (view.data?.lessons ?? []).flatMap((l) => l.exercises.filter((e) => e.kind === 'presentation').map((e) => ({ ...e, lesson: l.label })));
  const tooLarge = file !== null && file.size >= IMPORT_MAX_BYTES;
  const busy = phase.state === 'uploading' || phase.state === 'processing';

  const start = async () => {
    if (!file || !programId || !exerciseId) return;
    const form = new FormData();
    form.append('file', file);
    setPhase({ state: 'uploading', progress: 0 });
    try {
      const answer = await uploadWithProgress<ImportAnswer>(apiPath(P.import, { programId, exerciseId }), form, (p) =>
        setPhase(p >= 1 ? { state: 'processing' } : { state: 'uploading', progress: p }),
      );
      setPhase({ state: 'done', answer });
      await client.invalidateQueries({ queryKey: keys.all });
      await client.invalidateQueries({ queryKey: ['programs'] });
    } catch (e) {
      const err = asApiError(e);
      if (err.body?.ErrorCode === 'ImportValidation' && err.body.rows) setPhase({ state: 'rows', title: err.body.Title ?? '', rows: err.body.rows });
      else setPhase({ state: 'error', text: errorText(e) || translate('resources.questions.messages.failed') });
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
      <DialogTitle>{translate('resources.questions.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.questions.import.help')}
          </Typography>
          <Box>
            <Button startIcon={<Download />} href={P.importTemplate} download data-testid="download-template">
              {translate('resources.questions.import.template')}
            </Button>
          </Box>
          <TextField
            select
            label={translate('resources.questions.import.program')}
            value={programId}
            onChange={(e) => {
              setProgramId(e.target.value);
              setExerciseId('');
            }}
            disabled={busy}
            helperText={programs.error ? translate('resources.questions.messages.programsLoadError') : undefined}
          >
            {(programs.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('resources.questions.import.exercise')}
            value={exerciseId}
            onChange={(e) => setExerciseId(e.target.value)}
            disabled={busy || !programId || view.isPending}
            helperText={programId && !view.isPending && exercises.length === 0 ? translate('resources.questions.import.noExercises') : undefined}
          >
            {exercises.map((e) => (
              <MenuItem key={e.id} value={String(e.id)}>
                {e.lesson} / {e.label}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button component="label" variant="outlined" disabled={busy}>
              {translate('resources.questions.import.choose')}
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
          {tooLarge && <Alert severity="error">{translate('resources.questions.import.tooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 })}</Alert>}
          {phase.state === 'uploading' && <LinearProgress variant="determinate" value={Math.round(phase.progress * 100)} data-testid="import-progress" />}
          {phase.state === 'processing' && (
            <Box>
              <LinearProgress data-testid="import-progress" />
              <Typography variant="caption">{translate('resources.questions.import.processing')}</Typography>
            </Box>
          )}
          {phase.state === 'done' && (
            <Alert severity="success" data-testid="import-done">
              {translate('resources.questions.import.done', { count: phase.answer.imported, smart_count: phase.answer.imported })}
            </Alert>
          )}
          {phase.state === 'error' && <Alert severity="error">{phase.text}</Alert>}
          {phase.state === 'rows' && (
            <Alert severity="error" data-testid="import-rows">
              <Typography fontWeight={600}>{phase.title}</Typography>
              <List dense>
                {phase.rows.map((r) => (
                  <ListItem key={r.row} disableGutters>
                    <ListItemText primary={translate('resources.questions.import.row', { row: r.row })} secondary={r.messages.join('; ')} />
                  </ListItem>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('resources.questions.actions.close')}
        </Button>
        <Button variant="contained" onClick={start} disabled={busy || !file || tooLarge || !programId || !exerciseId} data-testid="start-import">
          {translate('resources.questions.import.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
