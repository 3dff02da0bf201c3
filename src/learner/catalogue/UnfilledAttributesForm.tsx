import { Alert, Box, Button, CircularProgress, FormControlLabel, MenuItem, Paper, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { AttributeDataType } from '../../../shared/enums';
import { postJson, serverText, useApi, type UnfilledAttribute } from '../api';

/** Client check of one value, mirroring the server's (type, bounds, pattern). Returns a message key or null. */
export function attributeError(a: UnfilledAttribute, raw: string): string | null {
  const v = raw.trim();
  if (!v) return 'app.learner.unfilled.required';
  const numeric = a.type === AttributeDataType.int || a.type === AttributeDataType.float;
  if (a.type === AttributeDataType.int && !/^-?\d+$/.test(v)) return 'app.learner.unfilled.invalid';
  if (a.type === AttributeDataType.float && !/^-?\d+([.,]\d+)?$/.test(v)) return 'app.learner.unfilled.invalid';
  const size = numeric ? Number(v.replace(',', '.')) : v.length;
  if (a.min !== null && size < a.min) return 'app.learner.unfilled.invalid';
  if (a.max !== null && size > a.max) return 'app.learner.unfilled.invalid';
  if (a.regex) {
    try {
      if (!new RegExp(`^(?:${a.regex})$`).test(v)) return 'app.learner.unfilled.invalid';
    } catch {
      /* ignore a broken pattern */
    }
  }
  return null;
}

/**
 * The unfilled-mandatory-profile-fields page (spec 3 §8.2 400.14): fields from the profile
 * attribute definitions (GET /api/Attribute/course/{courseId}/unfilled), submit disabled
 * until every value is valid; saved by POST to the same path, then `onDone` retries the join.
 */
export function UnfilledAttributesForm({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const translate = useTranslate();
  const { data, isPending, error } = useApi<UnfilledAttribute[]>(['unfilled', courseId], `/api/Attribute/course/${courseId}/unfilled`, { staleTime: 0 });
  const [values, setValues] = useState<Record<number, string>>({});
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const attrs = useMemo(() => data ?? [], [data]);
  const errors = useMemo(() => Object.fromEntries(attrs.map((a) => [a.id, attributeError(a, values[a.id] ?? '')])), [attrs, values]);
  const valid = attrs.length > 0 && attrs.every((a) => !errors[a.id]);

  const submit = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await postJson(`/api/Attribute/course/${courseId}/unfilled`, { values: attrs.map((a) => ({ attributeId: a.id, value: values[a.id] ?? '' })) });
      onDone();
    } catch (e) {
      setSaveError(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }} data-testid="unfilled-form">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('app.learner.unfilled.title')}</Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.learner.unfilled.lead')}</Typography>
      {isPending && <CircularProgress />}
      {error && <Alert severity="error">{serverText(error) ?? translate('app.common.toast.error')}</Alert>}
      {attrs.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) void submit();
            }}
          >
            {attrs.map((a) => {
              const show = touched[a.id] && errors[a.id];
              const common = {
                value: values[a.id] ?? '',
                onBlur: () => setTouched((t) => ({ ...t, [a.id]: true })),
              };
              if (a.type === AttributeDataType.bool)
                return (
                  <Box key={a.id}>
                    <Typography variant="body2">{a.label} *</Typography>
                    <RadioGroup row {...common} onChange={(e) => setValues((v) => ({ ...v, [a.id]: e.target.value }))} aria-label={a.label}>
                      <FormControlLabel value="true" control={<Radio />} label={translate('app.learner.unfilled.yes')} />
                      <FormControlLabel value="false" control={<Radio />} label={translate('app.learner.unfilled.no')} />
                    </RadioGroup>
                  </Box>
                );
              return (
                <TextField
                  key={a.id}
                  {...common}
                  required
                  label={a.label}
                  select={a.type === AttributeDataType.reference && a.options.length > 0}
                  type={a.type === AttributeDataType.date ? 'date' : 'text'}
                  multiline={a.isTextArea || a.type === AttributeDataType.text}
                  minRows={a.isTextArea ? 3 : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [a.id]: e.target.value }))}
                  error={!!show}
                  helperText={show ? translate(errors[a.id]!) : a.description ?? undefined}
                  slotProps={{ inputLabel: a.type === AttributeDataType.date ? { shrink: true } : undefined }}
                >
                  {a.options.map((o) => (
                    <MenuItem key={String(o.id)} value={String(o.id)}>{o.label}</MenuItem>
                  ))}
                </TextField>
              );
            })}
            {saveError && <Alert severity="error">{saveError}</Alert>}
            <Box>
              <Button type="submit" variant="contained" disabled={!valid || saving}>
                {translate('app.learner.unfilled.submit')}
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
