import { Alert, Box, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from '../../app';
import { passwordCalls } from '../../../shared/calls/profile';
import { PASSWORD_MIN } from '../../../shared/profile';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';

const k = (key: string) => `app.profile.password.${key}`;
type Field = 'oldPassword' | 'newPassword' | 'repeat';

/**
 * /profile/password (spec 1 §2.3): change the password (or set one where none is) at the embedded
 * identity provider; with an external provider the page only says where passwords are managed.
 */
export default function PasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useCall(passwordCalls.hasPassword, {});
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const setting = data?.hasPassword === false;

  const check = (): Partial<Record<Field, string>> => {
    if (values.newPassword.length < PASSWORD_MIN) return { newPassword: translate(k('tooShort'), { count: PASSWORD_MIN }) };
    if (values.newPassword !== values.repeat) return { repeat: translate(k('mismatch')) };
    return {};
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = check();
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      if (setting) await callApi(passwordCalls.set, { query: {}, body: { value: values.newPassword, repeat: values.repeat } });
      else await callApi(passwordCalls.change, { body: values });
      setValues({ oldPassword: '', newPassword: '', repeat: '' });
      notify(translate(k('changed')), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: callKey(passwordCalls.hasPassword) });
    } catch (err) {
      const fields = fieldErrors(err) as Partial<Record<Field, string>>;
      // Set names the new password `value`
      const mapped = { ...fields, ...((fields as Record<string, string>).value ? { newPassword: (fields as Record<string, string>).value } : {}) };
      if (Object.keys(mapped).length) setErrors(mapped);
      else notify(serverText(err) ?? translate('app.common.toast.error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const input = (field: Field, autoComplete: string) => (
    <TextField
      type="password"
      required
      label={translate(k(field))}
      value={values[field]}
      autoComplete={autoComplete}
      onChange={(e) => {
        setValues((v) => ({ ...v, [field]: e.target.value }));
        setErrors(({ [field]: _gone, ...rest }) => rest);
      }}
      error={!!errors[field]}
      helperText={errors[field] ?? ' '}
      inputProps={{ 'data-testid': `password-${field}`, maxLength: 1024 }}
      fullWidth
    />
  );

  return (
    <PageFrame title={translate(k('title'))} back="/profile" plain>
      <PageState isPending={isPending} error={error} errorTitle={translate(k('loadError'))} refetch={refetch}>
        {data && !data.managed && <Alert severity="info" data-testid="password-external">{translate(k('external'))}</Alert>}
        {data?.managed && (
          <Card variant="outlined" sx={{ maxWidth: 480 }}>
            <CardContent>
              <Box component="form" noValidate onSubmit={submit} data-testid="password-form">
                <Stack spacing={1}>
                  {setting && <Alert severity="info">{translate(k('noPassword'))}</Alert>}
                  {!setting && input('oldPassword', 'current-password')}
                  {input('newPassword', 'new-password')}
                  {input('repeat', 'new-password')}
                  <Box>
                    <Button type="submit" variant="contained" disabled={busy} data-testid="password-submit">
                      {translate(k(setting ? 'set' : 'change'))}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            </CardContent>
          </Card>
        )}
      </PageState>
    </PageFrame>
  );
}
