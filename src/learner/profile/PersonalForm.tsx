import { Autocomplete, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from '../../app';
import { profileCalls, type ProfileProperties } from '../../../shared/calls/profile';
import { ABOUT_MAX, checkPersonalFields, maskPhone, PERSONAL_FIELDS, PHONE_MASK, type FieldProblem, type PersonalField, type PersonalFields } from '../../../shared/profile';
import { TIME_ZONES, timeZoneOf } from '../../../shared/timeZones';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';

const k = (key: string) => `app.profile.${key}`;
const pick = (p: ProfileProperties): PersonalFields => Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, p[f]])) as unknown as PersonalFields;

/**
 * The personal fields of /profile (spec 2 §3.2) with the rules of shared/profile.ts shown as the
 * student types. Saving sends every field: the server keeps the valid ones even when others are
 * refused (spec 2 §6), so the form shows both the saved values and the refused fields' errors.
 */
export function PersonalForm({ profile, onSaved }: { profile: ProfileProperties; onSaved: (p: ProfileProperties) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<PersonalFields>(() => pick(profile));
  const [touched, setTouched] = useState<Partial<Record<PersonalField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const problems = checkPersonalFields(values, values).problems;
  const message = (field: PersonalField, p: FieldProblem) => translate(k(`error.${p.key}`), { label: translate(k(`accusative.${field}`)), ...p.vars });
  const errorOf = (field: PersonalField): string | undefined => {
    const p = touched[field] ? problems[field] : undefined;
    return p ? message(field, p) : serverErrors[field];
  };
  const set = <F extends PersonalField>(field: F, value: PersonalFields[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const text = (field: 'lastName' | 'firstName' | 'middleName' | 'educationEmail', required: boolean, extra: object = {}) => (
    <TextField
      label={translate(k(`field.${field}`))}
      required={required}
      value={values[field] ?? ''}
      onChange={(e) => set(field, e.target.value)}
      error={!!errorOf(field)}
      helperText={errorOf(field) ?? ' '}
      inputProps={{ 'data-testid': `profile-${field}` }}
      fullWidth
      {...extra}
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await callApi(profileCalls.saveProperties, { body: values });
      setValues(pick(saved));
      setServerErrors({});
      setTouched({});
      onSaved(saved);
      notify(translate('app.common.toast.saved'), { type: 'success' });
    } catch (err) {
      const fields = fieldErrors(err);
      const partly = (err as { body?: { profile?: ProfileProperties } }).body?.profile;
      if ((err as { status?: number }).status === 400 && Object.keys(fields).length) {
        setServerErrors(fields);
        setTouched({});
        if (partly) onSaved(partly);
        notify(translate(k('partlySaved')), { type: 'warning' });
      } else {
        notify(serverText(err) ?? translate('app.common.toast.error'), { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="profile-personal-form">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate(k('personal'))}</Typography>
      <Stack spacing={1}>
        {text('lastName', true)}
        {text('firstName', true)}
        {text('middleName', !values.noMiddleName, { disabled: values.noMiddleName })}
        <FormControlLabel
          control={<Checkbox checked={values.noMiddleName} onChange={(e) => set('noMiddleName', e.target.checked)} inputProps={{ 'data-testid': 'profile-noMiddleName' } as object} />}
          label={translate(k('field.noMiddleName'))}
        />
        <Autocomplete
          options={TIME_ZONES}
          value={timeZoneOf(values.timeZone) ?? null}
          onChange={(_e, zone) => set('timeZone', zone?.id ?? null)}
          getOptionLabel={(z) => z.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField {...params} label={translate(k('field.timeZone'))} error={!!errorOf('timeZone')} helperText={errorOf('timeZone') ?? ' '} />
          )}
        />
        <FormControlLabel
          control={<Checkbox checked={values.foreignCitizen} onChange={(e) => set('foreignCitizen', e.target.checked)} />}
          label={translate(k('field.foreignCitizen'))}
        />
        {text('educationEmail', false, { type: 'email' })}
        <TextField
          label={translate(k('field.phone'))}
          value={values.phone ?? ''}
          placeholder={PHONE_MASK}
          onChange={(e) => set('phone', maskPhone(e.target.value))}
          error={!!errorOf('phone')}
          helperText={errorOf('phone') ?? ' '}
          inputProps={{ inputMode: 'tel', 'data-testid': 'profile-phone' }}
          fullWidth
        />
        <TextField
          label={translate(k('field.about'))}
          value={values.about ?? ''}
          onChange={(e) => set('about', e.target.value)}
          error={!!errorOf('about')}
          helperText={errorOf('about') ?? `${(values.about ?? '').length} / ${ABOUT_MAX}`}
          multiline
          minRows={3}
          fullWidth
          inputProps={{ 'data-testid': 'profile-about' }}
        />
        <Typography variant="body2" color="text.secondary">{translate(k('mandatory'))}</Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="profile-save">{translate(k('save'))}</Button>
        </Box>
      </Stack>
    </Box>
  );
}
