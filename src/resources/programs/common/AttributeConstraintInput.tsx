import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { constraintCalls, type ConstraintAttribute } from '../../../../shared/calls/constraints';
import { useCall } from '../../../http/queries';

/** The attributes constraints can use (every profile attribute). */
export const useConstraintAttributes = () => useCall(constraintCalls.attributes, {});

/** One attribute constraint: the attribute and the values that open the item. */
export function AttributeConstraintInput({
  attributes,
  attributeId,
  values,
  onChange,
  lockAttribute,
}: {
  attributes: ConstraintAttribute[];
  attributeId: number | '';
  values: string[];
  onChange: (attributeId: number | '', values: string[]) => void;
  lockAttribute?: boolean;
}) {
  const translate = useTranslate();
  const options = useCall(constraintCalls.attributeValues, attributeId ? { params: { attributeId } } : null);
  const labelOf = (v: string) => options.data?.find((o) => o.value === v)?.label ?? v;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flexGrow: 1 }}>
      <TextField
        select
        sx={{ minWidth: 240 }}
        size="small"
        disabled={lockAttribute}
        label={translate('resources.programs.fields.attribute')}
        value={attributeId === '' ? '' : String(attributeId)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : '', [])}
      >
        {attributes.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>{a.label}</MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        freeSolo
        size="small"
        sx={{ flexGrow: 1, minWidth: 240 }}
        options={(options.data ?? []).map((o) => o.value)}
        getOptionLabel={labelOf}
        loading={options.isFetching}
        value={values}
        onChange={(_, v) => onChange(attributeId, v as string[])}
        renderInput={(params) => <TextField {...params} label={translate('resources.programs.fields.values')} />}
      />
    </Stack>
  );
}
