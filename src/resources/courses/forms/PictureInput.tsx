import { Box, Button, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { InputHelperText, useInput, useNotify, useTranslate } from 'react-admin';
import { PICTURE_MAX_BYTES, PICTURE_MIME_TYPES, type StoredFile } from '../../../../shared/files';
import { serverText } from '../../../http/errors';
import { uploadWithProgress } from '../../../ui/upload';

/** The pictures' upload call (server/files; no call declaration of its own yet). */
const PICTURE_UPLOAD = '/api/Instructors/Storage/Picture/Upload';

/** A picture (PNG or JPEG, at most 10 MB, spec 2 §6): uploads it and keeps its address in the field. */
export function PictureInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { field, fieldState } = useInput({ source });
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type) || file.size > PICTURE_MAX_BYTES) {
      notify(translate('resources.courses.messages.pictureFailed'), { type: 'error' });
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      const stored = await uploadWithProgress<StoredFile>(PICTURE_UPLOAD, form);
      field.onChange(stored.address);
    } catch (e) {
      notify(`${translate('resources.courses.messages.pictureFailed')}. ${serverText(e) ?? ''}`, { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ my: 1 }}>
      <Box component="label" sx={{ display: 'block', mb: 0.5, color: 'text.secondary', fontSize: 14 }}>
        {translate(label)}
      </Box>
      {field.value && <Box component="img" src={field.value} alt="" sx={{ maxWidth: 240, maxHeight: 140, borderRadius: 1, display: 'block', mb: 1 }} />}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => input.current?.click()}>
          {translate('resources.courses.actions.uploadPicture')}
        </Button>
        {field.value && (
          <Button size="small" onClick={() => field.onChange(null)}>
            {translate('resources.courses.actions.removePicture')}
          </Button>
        )}
      </Stack>
      <input ref={input} type="file" accept={PICTURE_MIME_TYPES.join(',')} hidden onChange={(e) => void upload(e.target.files?.[0])} data-testid="picture-file" />
      <InputHelperText error={fieldState.error?.message} />
    </Box>
  );
}
