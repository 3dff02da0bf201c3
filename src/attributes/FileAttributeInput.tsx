import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { createContext, useContext, useState } from 'react';
import { useTranslate } from '../app';
import { useNumbers } from '../ui/numbers';
import { attributeCalls, ATTRIBUTE_FILE_MAX_MB, type AttributeFileAnswer } from '../../shared/calls/attributes';
import { fileCalls } from '../../shared/calls/files';
import { callUrl } from '../http/client';
import { serverText } from '../http/errors';
import { percent, uploadWithProgress } from '../ui/upload';

/**
 * Where a form's file attributes upload (spec 3 §3: files[i].attributeId, files[i].file): by
 * default the profile's files call, which stores the file and saves it as the answer (the form's
 * own save then names the same file). A form answering for a course or a question may provide
 * its own address (`?training=`, `/api/questions/{id}/files`).
 */
export const AttributeUploadContext = createContext<{ url: string }>({ url: callUrl(attributeCalls.saveFiles) });

/** A File attribute: the current file (a download link) and an upload that answers it. */
export function FileAttributeInput({ attributeId, label, fileId, onUploaded, message, disabled, testId }: {
  attributeId: number;
  label: string;
  fileId: number | null | undefined;
  onUploaded: (fileId: number) => void;
  message?: string;
  disabled?: boolean;
  testId: string;
}) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const { url } = useContext(AttributeUploadContext);
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > ATTRIBUTE_FILE_MAX_MB * 1024 * 1024) {
      setError(translate('app.attributes.fileTooLarge', { max: numbers.megabytes(ATTRIBUTE_FILE_MAX_MB) }));
      return;
    }
    const form = new FormData();
    form.append('files[0].attributeId', String(attributeId));
    form.append('files[0].file', file, file.name);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<{ files: AttributeFileAnswer[] }>(url, form, setProgress);
      const stored = answer.files.find((f) => f.attributeId === attributeId);
      if (stored) {
        setName(stored.name);
        onUploaded(stored.fileId);
      }
    } catch (e) {
      setError(serverText(e) ?? translate('app.attributes.fileFailed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box data-testid={testId}>
      <Typography variant="body2">{label}</Typography>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
        {fileId ? (
          <Link href={callUrl(fileCalls.download, { params: { id: fileId } })} target="_blank" rel="noopener" variant="body2">
            {name ?? translate('app.attributes.fileSaved')}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.attributes.fileNone')}
          </Typography>
        )}
        <Button component="label" size="small" startIcon={<UploadFile />} disabled={disabled || progress !== null}>
          {translate('app.attributes.fileUpload')}
          <input hidden type="file" data-testid={`${testId}-input`} onChange={(e) => void choose(e.target.files?.[0])} />
        </Button>
      </Stack>
      {progress !== null && <LinearProgress variant="determinate" value={percent(progress)} sx={{ mt: 1 }} />}
      {(error || message) && <FormHelperText error>{error || message}</FormHelperText>}
    </Box>
  );
}
