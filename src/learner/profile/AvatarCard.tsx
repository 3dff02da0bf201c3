import { Avatar, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { useNumbers } from '../../ui/numbers';
import { profileCalls } from '../../../shared/calls/profile';
import { AVATAR_MAX_BYTES, MB, PICTURE_EXTENSIONS, PICTURE_MIME_TYPES } from '../../../shared/files';
import { callApi, callUrl } from '../../http/client';
import { serverText } from '../../http/errors';
import { percent, uploadWithProgress } from '../../ui/upload';

const k = (key: string) => `app.profile.avatar.${key}`;

/** The avatar of /profile: PNG or JPG up to 10 MB (spec 2 §6), checked here and again by the server. */
export function AvatarCard({ picture, name, onChanged }: { picture: string | null; name: string; onChanged: () => void }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);
  const failed = (e: unknown) => notify(serverText(e) ?? translate(k('failed')), { type: 'error' });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type)) return notify(translate(k('wrongType')), { type: 'error' });
    if (file.size > AVATAR_MAX_BYTES) return notify(translate(k('tooLarge'), { name: file.name, maxFileSize: numbers.megabytes(AVATAR_MAX_BYTES / MB) }), { type: 'error' });
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      await uploadWithProgress(callUrl(profileCalls.uploadPicture), form, setProgress);
      notify(translate('app.common.toast.saved'), { type: 'success' });
      onChanged();
    } catch (e) {
      failed(e);
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    try {
      await callApi(profileCalls.removePicture);
      notify(translate('app.common.toast.deleted'), { type: 'success' });
      onChanged();
    } catch (e) {
      failed(e);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} data-testid="profile-avatar">
      <Avatar src={picture ?? undefined} alt={name} sx={{ width: 96, height: 96 }} />
      <Stack spacing={1}>
        <Typography variant="subtitle1">{translate(k('title'))}</Typography>
        <Stack direction="row" spacing={1} flexWrap="wrap">
          <Button variant="outlined" component="label" disabled={progress !== null}>
            {translate(k('upload'))}
            <input
              hidden
              type="file"
              data-testid="profile-avatar-input"
              accept={PICTURE_EXTENSIONS.map((e) => `.${e}`).join(',')}
              onChange={(e) => {
                void upload(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {picture && <Button color="warning" onClick={remove} disabled={progress !== null}>{translate(k('remove'))}</Button>}
        </Stack>
        <Typography variant="body2" color="text.secondary">{translate(k('hint'))}</Typography>
        {progress !== null && <LinearProgress variant="determinate" value={percent(progress)} />}
      </Stack>
    </Stack>
  );
}
