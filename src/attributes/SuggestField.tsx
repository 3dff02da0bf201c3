import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../app';
import { attributeCalls, type AttributeSuggestion } from '../../shared/calls/attributes';
import { useCall } from '../http/queries';
import { useDebounced } from '../ui/useDebounced';

/** A free-text field offering address or company suggestions (spec 3 §7.5) as the user types. */
export function SuggestField({
  kind,
  label,
  value,
  onChange,
  error,
  disabled,
  testId,
}: {
  kind: 'address' | 'company';
  label: string;
  value: string;
  onChange: (value: string, suggestion?: AttributeSuggestion) => void;
  error?: string;
  disabled?: boolean;
  testId: string;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const query = useDebounced(value.trim(), 300);
  const call = kind === 'address' ? attributeCalls.addressSuggestions : attributeCalls.companySuggestions;
  const { data } = useCall(call, { body: { query } }, { enabled: open && query.length >= 2, staleTime: 60_000 });
  const options = data ?? [];
  return (
    <Autocomplete
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.value)}
      inputValue={value}
      onInputChange={(_, v, reason) => reason !== 'reset' && onChange(v)}
      onChange={(_, v) => v && typeof v !== 'string' && onChange(v.value, v)}
      noOptionsText={translate('app.attributes.noSuggestions')}
      renderInput={(params) => (
        <TextField {...params} label={label} error={!!error} helperText={error || undefined} slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }} />
      )}
    />
  );
}
