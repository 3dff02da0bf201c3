import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, LinearProgress, Link, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { checkUpload, uploadKinds, type StoredFile, type UploadKind } from '../../../shared/files';
import { serverText } from '../../http/errors';
import { useNumbers } from '../../ui/numbers';
import { uploadFile } from './upload';

export interface FileUploadInputProps {
  kind: UploadKind;
  /** the stored file shown as current */
  file: StoredFile | null;
  onUploaded: (file: StoredFile & Record<string, unknown>) => void;
  label: string;
  error?: string;
  /** send the bytes to another endpoint (hosted video) with this metadata */
  target?: { endpoint?: string; metadata: Record<string, string> };
  /** asks for the endpoint and metadata once the file is chosen (hosted video: creates the slide first) */
  prepare?: (file: File) => Promise<{ endpoint: string; metadata: Record<string, string> }>;
}

/**
 * One file with a progress bar. The spec's checks run first in the browser (extension,
 * size); large files go through tus and survive a dropped connection.
 */
export function FileUploadInput({ kind, file, onUploaded, label, error, target, prepare }: FileUploadInputProps) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rules = uploadKinds[kind];

  const start = async (f: File) => {
    setProblem(null);
    const bad = checkUpload({ name: f.name, size: f.size }, rules);
    if (bad) {
      setProblem(translate(bad.key === 'upload.tooLarge' ? 'resources.slides.upload.tooLarge' : 'resources.slides.upload.allowedTypes', bad.key === 'upload.tooLarge' ? { ...bad.vars, maxFileSize: numbers.megabytes(bad.vars.maxFileSize) } : bad.vars));
      return;
    }
    setProgress(0);
    try {
      const to = prepare ? await prepare(f) : target;
      const stored = await uploadFile(f, kind, setProgress, to?.metadata, to?.endpoint);
      onUploaded(stored);
    } catch (e) {
      setProblem(serverText(e) ?? translate('resources.slides.upload.failed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label}
      </Typography>
      {file && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="current-file">
          <Link href={file.address} target="_blank" rel="noopener noreferrer">
            {file.name}
          </Link>{' '}
          ({numbers.fileSize(file.size)})
        </Typography>
      )}
      <Button variant="outlined" startIcon={<UploadFile />} disabled={progress !== null} onClick={() => input.current?.click()}>
        {translate(file ? 'resources.slides.upload.replace' : 'resources.slides.upload.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`upload-${kind}`}
        accept={rules.extensions.map((e) => `.${e}`).join(',') || undefined}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void start(f);
        }}
      />
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={translate('resources.slides.upload.uploading', { percent: progress })} />
          <Typography variant="caption">{translate('resources.slides.upload.uploading', { percent: progress })}</Typography>
        </Box>
      )}
      {(problem || error) && <FormHelperText error>{problem ?? error}</FormHelperText>}
    </Box>
  );
}
