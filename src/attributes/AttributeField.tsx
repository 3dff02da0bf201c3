import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, InputLabel, ListItemText, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from '../app';
import type { AttributeFormItem, AttributeProblem, Requirement } from '../../shared/attributes';
import { setIds, TEXT_AREA_MAX } from '../../shared/attributes';
import { AttributeDataType as T } from '../../shared/enums';
import type { Draft } from './formState';
import { FileAttributeInput } from './FileAttributeInput';
import { HierarchyPicker } from './HierarchyPicker';
import { SuggestField } from './SuggestField';
import { fromDateInput, maskPhone, toDateInput } from './inputs';

export interface AttributeFieldProps {
  item: AttributeFormItem;
  requirement: Requirement;
  draft: Draft;
  onChange: (patch: Draft) => void;
  /** the shared validator's problem, shown once the field was touched */
  problem?: AttributeProblem | null;
  /** a message from the server's answer */
  serverError?: string;
  disabled?: boolean;
}

const k = (key: string) => `app.attributes.${key}`;

/**
 * One attribute input by its form type (spec 2 §4: the 14 types), with the none choice when the
 * attribute offers it; an unknown type shows the spec's 'Unexpected attribute type!'.
 */
export function AttributeField({ item: d, requirement, draft, onChange, problem, serverError, disabled }: AttributeFieldProps) {
  const translate = useTranslate();
  const readOnly = disabled || requirement === 'readonly';
  const required = requirement === 'required';
  const none = d.isHasNoneAttribute && !!draft.isHasNoneValue;
  const message = serverError || (problem ? translate(`app.attributes.problems.${problem.key.replace(/^attributes\./, '')}`, problem.vars ?? {}) : '');
  const label = required ? `${d.label} *` : d.label;
  const value = draft.value === null || draft.value === undefined ? '' : String(draft.value);
  const testId = `attribute-${d.id}`;
  const common = {
    label,
    fullWidth: true,
    disabled: readOnly || none,
    error: !!message,
    helperText: message || d.description || undefined,
  };

  let input: React.ReactNode;
  switch (d.type === T.hierarchy && d.hierarchyId ? 'tree' : d.type) {
    case 'tree':
      input = <HierarchyPicker hierarchyId={d.hierarchyId!} value={value} onChange={(v) => onChange({ value: v })} label={label} message={message || d.description || undefined} disabled={readOnly || none} testId={testId} />;
      break;
    case T.bool:
      input = (
        <FormControl error={!!message} disabled={readOnly}>
          <FormControlLabel control={<Checkbox checked={value === 'true'} onChange={(e) => onChange({ value: e.target.checked ? 'true' : 'false' })} slotProps={{ input: { 'data-testid': testId } as object }} />} label={label} />
          {message && <FormHelperText>{message}</FormHelperText>}
        </FormControl>
      );
      break;
    case T.string:
    case T.pattern:
    case T.text:
    case T.int:
    case T.float:
    case T.hierarchy: {
      const area = d.type === T.text || d.isTextArea;
      input = (
        <TextField
          {...common}
          value={value}
          onChange={(e) => onChange({ value: e.target.value })}
          multiline={area}
          minRows={area ? 3 : undefined}
          helperText={common.helperText ?? (area ? translate(k('textCounter'), { length: value.length, max: TEXT_AREA_MAX }) : d.type === T.hierarchy ? translate(k('hierarchyHint')) : undefined)}
          slotProps={{ htmlInput: { 'data-testid': testId, inputMode: d.type === T.int ? 'numeric' : d.type === T.float ? 'decimal' : undefined, step: d.type === T.float ? 0.1 : undefined } }}
        />
      );
      break;
    }
    case T.date:
      input = (
        <TextField
          {...common}
          type="date"
          value={toDateInput(value)}
          onChange={(e) => onChange({ value: fromDateInput(e.target.value) })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
        />
      );
      break;
    case T.phone:
      input = (
        <TextField
          {...common}
          type="tel"
          value={value}
          placeholder="+7 (999) 999-99-99"
          onChange={(e) => onChange({ value: maskPhone(e.target.value) })}
          helperText={common.helperText ?? translate(k('phoneHint'))}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        />
      );
      break;
    case T.reference:
      input = (
        <TextField {...common} select value={value} onChange={(e) => onChange({ value: e.target.value })} slotProps={{ htmlInput: { 'data-testid': testId } }}>
          {!required && <MenuItem value="">—</MenuItem>}
          {d.options.map((o) => (
            <MenuItem key={String(o.id)} value={String(o.id)}>{o.label}</MenuItem>
          ))}
        </TextField>
      );
      break;
    case T.set: {
      const chosen = setIds(value);
      input = (
        <FormControl fullWidth error={!!message} disabled={readOnly || none}>
          <InputLabel id={`${testId}-label`}>{label}</InputLabel>
          <Select
            multiple
            labelId={`${testId}-label`}
            label={label}
            value={chosen}
            onChange={(e) => onChange({ value: ([] as string[]).concat(e.target.value).join(',') })}
            renderValue={(ids) => d.options.filter((o) => ids.includes(String(o.id))).map((o) => o.label).join(', ')}
            inputProps={{ 'data-testid': testId }}
          >
            {d.options.map((o) => (
              <MenuItem key={String(o.id)} value={String(o.id)}>
                <Checkbox checked={chosen.includes(String(o.id))} />
                <ListItemText primary={o.label} />
              </MenuItem>
            ))}
          </Select>
          {(message || d.description) && <FormHelperText>{message || d.description}</FormHelperText>}
        </FormControl>
      );
      break;
    }
    case T.address:
      input = (
        <SuggestField
          kind="address"
          label={label}
          value={draft.address?.addressName ?? value}
          onChange={(addressName) => onChange({ address: { addressName }, value: addressName })}
          error={message}
          disabled={readOnly || none}
          testId={testId}
        />
      );
      break;
    case T.company: {
      const c = { companyName: '', addressName: '', inn: '', kpp: '', ...(draft.company ?? {}) };
      const setC = (patch: Partial<typeof c>) => onChange({ company: { ...c, ...patch } });
      input = (
        <Stack spacing={1}>
          <Typography variant="body2">{label}</Typography>
          <SuggestField
            kind="company"
            label={translate(k('company.name'))}
            value={c.companyName}
            onChange={(companyName, s) => setC(s ? { companyName, addressName: s.address ?? c.addressName, inn: s.inn ?? c.inn, kpp: s.kpp ?? c.kpp } : { companyName })}
            error={message}
            disabled={readOnly || none}
            testId={testId}
          />
          <TextField size="small" label={translate(k('company.address'))} value={c.addressName} disabled={readOnly || none} onChange={(e) => setC({ addressName: e.target.value })} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField size="small" label={translate(k('company.inn'))} value={c.inn} disabled={readOnly || none} onChange={(e) => setC({ inn: e.target.value.replace(/\D/g, '').slice(0, 12) })} />
            <TextField size="small" label={translate(k('company.kpp'))} value={c.kpp} disabled={readOnly || none} onChange={(e) => setC({ kpp: e.target.value.replace(/\D/g, '').slice(0, 9) })} />
          </Stack>
        </Stack>
      );
      break;
    }
    case T.file:
      input = <FileAttributeInput attributeId={d.id} label={label} fileId={draft.fileId} onUploaded={(fileId) => onChange({ fileId })} message={message || undefined} disabled={readOnly || none} testId={testId} />;
      break;
    default:
      return <Typography color="error">{translate(k('problems.unknownType'))}</Typography>;
  }

  return (
    <Box data-attribute-id={d.id}>
      {input}
      {d.isHasNoneAttribute && (
        <FormControlLabel
          control={<Checkbox checked={none} disabled={readOnly} onChange={(e) => onChange({ isHasNoneValue: e.target.checked })} />}
          label={translate(k('none'))}
        />
      )}
    </Box>
  );
}
