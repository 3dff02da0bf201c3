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
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { questionCalls } from '../../../../shared/calls/questions';
import { IMPORT_MAX_BYTES, QUESTION_FILE_FORMATS, type ImportAnswer, type QuestionFileFormat } from '../../../../shared/questions';
import { callUrl } from '../../../http/client';
import { callDownload } from '../../../http/download';
import { serverText } from '../../../http/errors';
import { useNumbers } from '../../../ui/numbers';
import { uploadWithProgress } from '../../../ui/upload';
import { usePrograms } from '../common/programs';
import { ImportReport } from './ImportReport';

/** What the file chooser offers: GIFT text, Moodle XML, a QTI package or item, and the Excel sheet. */
const ACCEPT = '.gift,.txt,.xml,.zip,.xlsx,text/plain,application/xml,text/xml,application/zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The name a download gets when the server gives none. */
const FALLBACK_NAME: Record<QuestionFileFormat, string> = { gift: 'questions.gift', moodle: 'questions.xml', qti: 'questions.zip' };

type Phase = { state: 'idle' } | { state: 'busy'; progress?: number } | { state: 'imported'; answer: ImportAnswer } | { state: 'exported'; notExported: number } | { state: 'error'; text: string };

/**
 * A program's question bank to or from a question file (issue 30): `export` downloads the bank
 * as GIFT, Moodle XML or QTI 2.1; `import` uploads a file (the format is found from its content)
 * and shows the server's report.
 */
export function QuestionFileDialog({ mode, open, onClose }: { mode: 'import' | 'export'; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const refresh = useRefresh();
  const programs = usePrograms();
  const [programId, setProgramId] = useState('');
  const [format, setFormat] = useState<QuestionFileFormat>('moodle');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const busy = phase.state === 'busy';
  const tooLarge = file !== null && file.size >= IMPORT_MAX_BYTES;

  const runExport = async () => {
    if (!programId) return;
    setPhase({ state: 'busy' });
    try {
      const headers = await callDownload(questionCalls.fileExport, { params: { programId }, query: { format } }, FALLBACK_NAME[format]);
      setPhase({ state: 'exported', notExported: Number(headers.get('x-not-exported') ?? 0) || 0 });
    } catch (e) {
      setPhase({ state: 'error', text: serverText(e) ?? translate('app.common.toast.error') });
    }
  };

  const runImport = async () => {
    if (!programId || !file) return;
    const form = new FormData();
    form.append('file', file);
    setPhase({ state: 'busy', progress: 0 });
    try {
      const answer = await uploadWithProgress<ImportAnswer>(callUrl(questionCalls.fileImport, { params: { programId } }), form, (p) => setPhase({ state: 'busy', progress: p < 1 ? p : undefined }));
      setPhase({ state: 'imported', answer });
      // the bank lists changed
      refresh();
    } catch (e) {
      setPhase({ state: 'error', text: serverText(e) ?? translate('app.common.toast.error') });
    }
  };

  const close = () => {
    if (busy) return;
    setPhase({ state: 'idle' });
    setFile(null);
    onClose();
  };

  const title = translate(mode === 'export' ? 'questionBanks.files.exportTitle' : 'questionBanks.files.importTitle');
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="question-file-dialog-title">
      <DialogTitle id="question-file-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(mode === 'export' ? 'questionBanks.files.exportHelp' : 'questionBanks.files.importHelp')}
          </Typography>
          <TextField
            select
            label={translate('questionBanks.import.program')}
            value={programId}
            onChange={(e) => {
              setProgramId(e.target.value);
              setPhase({ state: 'idle' });
            }}
            disabled={busy}
            helperText={programs.error ? translate('questionBanks.messages.programsLoadError') : undefined}
            data-testid="file-program"
          >
            {(programs.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          {mode === 'export' ? (
            <TextField select label={translate('questionBanks.files.format')} value={format} onChange={(e) => setFormat(e.target.value as QuestionFileFormat)} disabled={busy} data-testid="file-format">
              {QUESTION_FILE_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {translate(`questionBanks.files.formats.${f}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
              <Button component="label" variant="outlined" disabled={busy}>
                {translate('questionBanks.files.choose')}
                <input
                  hidden
                  type="file"
                  accept={ACCEPT}
                  data-testid="file-import-input"
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setPhase({ state: 'idle' });
                  }}
                />
              </Button>
              {file && <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{file.name}</Typography>}
            </Box>
          )}
          {tooLarge && mode === 'import' && <Alert severity="error">{translate('questionBanks.import.tooLarge', { max: numbers.megabytes(IMPORT_MAX_BYTES / 1024 / 1024) })}</Alert>}
          {busy && (
            <LinearProgress
              variant={phase.progress === undefined ? 'indeterminate' : 'determinate'}
              value={phase.progress === undefined ? undefined : Math.round(phase.progress * 100)}
              aria-label={translate(mode === 'export' ? 'questionBanks.files.exporting' : 'questionBanks.files.importing')}
              data-testid="file-progress"
            />
          )}
          {phase.state === 'exported' && (
            <Alert severity={phase.notExported > 0 ? 'warning' : 'success'} data-testid="file-exported">
              {phase.notExported > 0 ? translate('questionBanks.files.notExported', { count: phase.notExported, smart_count: phase.notExported }) : translate('questionBanks.files.exported')}
            </Alert>
          )}
          {phase.state === 'error' && (
            <Alert severity="error" role="alert">
              {phase.text}
            </Alert>
          )}
          {phase.state === 'imported' && <ImportReport answer={phase.answer} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy}>
          {translate('app.common.close')}
        </Button>
        {mode === 'export' ? (
          <Button variant="contained" startIcon={<Download />} onClick={runExport} disabled={busy || !programId} data-testid="start-file-export">
            {translate('questionBanks.files.download')}
          </Button>
        ) : (
          <Button variant="contained" onClick={runImport} disabled={busy || !programId || !file || tooLarge || phase.state === 'imported'} data-testid="start-file-import">
            {translate('questionBanks.import.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
