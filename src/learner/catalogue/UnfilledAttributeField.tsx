import { Box, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AttributeDataType } from '../../../shared/enums';
import type { UnfilledAttribute } from '../../../shared/learning';

/** One mandatory profile field of the 400.14 form: Yes/No for a boolean, a list for choices, a date, else text. */
export function UnfilledAttributeField({
  attribute: a,
  value,
  problem,
  onChange,
  onBlur,
}: {
  attribute: UnfilledAttribute;
  value: string;
  /** shown once the field was left: 'required' | 'invalid' */
  problem: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const translate = useTranslate();
  if (a.type === AttributeDataType.bool) {
    return (
      <Box>
        <Typography variant="body2">{a.label} *</Typography>
        <RadioGroup row value={value} onBlur={onBlur} onChange={(e) => onChange(e.target.value)} aria-label={a.label}>
          <FormControlLabel value="true" control={<Radio />} label={translate('app.learner.unfilled.yes')} />
          <FormControlLabel value="false" control={<Radio />} label={translate('app.learner.unfilled.no')} />
        </RadioGroup>
      </Box>
    );
  }
  return (
    <TextField
      value={value}
      onBlur={onBlur}
      required
      label={a.label}
      select={a.type === AttributeDataType.reference && a.options.length > 0}
      type={a.type === AttributeDataType.date ? 'date' : 'text'}
      multiline={a.isTextArea || a.type === AttributeDataType.text}
      minRows={a.isTextArea ? 3 : undefined}
      onChange={(e) => onChange(e.target.value)}
      error={!!problem}
      helperText={problem ? translate(`app.learner.unfilled.${problem}`) : (a.description ?? undefined)}
      slotProps={{ inputLabel: a.type === AttributeDataType.date ? { shrink: true } : undefined }}
    >
      {a.options.map((o) => (
        <MenuItem key={String(o.id)} value={String(o.id)}>{o.label}</MenuItem>
      ))}
    </TextField>
  );
}
