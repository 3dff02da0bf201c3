import { Box, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { FreeQuestionPreview } from '../../../../shared/questions';
import { SafeHtml } from '../../richText';

/** A free question as the student sees it: its text and the typed input (not saved anywhere). */
export function FreePreview({ preview }: { preview: FreeQuestionPreview }) {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const { input } = preview;
  const label = translate('questionBanks.preview.answer');
  let field;
  switch (input.kind) {
    case 'boolean':
      field = (
        <RadioGroup row value={value} onChange={(e) => setValue(e.target.value)}>
          <FormControlLabel value="true" control={<Radio />} label={translate('questionBanks.preview.yes')} />
          <FormControlLabel value="false" control={<Radio />} label={translate('questionBanks.preview.no')} />
        </RadioGroup>
      );
      break;
    case 'date':
      field = <TextField type="date" label={label} value={value} onChange={(e) => setValue(e.target.value)} InputLabelProps={{ shrink: true }} />;
      break;
    case 'integer':
    case 'float':
      field = (
        <TextField
          type="number"
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputProps={{ step: input.step ?? undefined, min: input.min ?? undefined, max: input.max ?? undefined }}
          helperText={translate(input.kind === 'integer' ? 'questionBanks.preview.integer' : 'questionBanks.preview.float')}
        />
      );
      break;
    default:
      field = (
        <TextField
          fullWidth
          multiline={input.multiline}
          minRows={input.multiline ? 4 : undefined}
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputProps={{ maxLength: input.maxLength ?? undefined }}
          helperText={input.maxLength ? `${value.length} / ${input.maxLength}` : undefined}
        />
      );
  }
  return (
    <Box data-testid="free-preview" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="overline">{translate('questionBanks.preview.title')}</Typography>
      <Typography variant="h6">{preview.label}</Typography>
      <SafeHtml html={preview.text} />
      <Box sx={{ mt: 2 }}>{field}</Box>
    </Box>
  );
}
