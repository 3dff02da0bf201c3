import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConstraintUnion } from '../../../../shared/programs';

/** How the attribute constraints combine: all of them (and) or any (or). */
export function UnionSelect({ value, onChange }: { value: ConstraintUnion; onChange: (union: ConstraintUnion) => void }) {
  const translate = useTranslate();
  return (
    <TextField select size="small" sx={{ mb: 2, minWidth: 240 }} label={translate('resources.programs.fields.union')} value={value} onChange={(e) => onChange(e.target.value as ConstraintUnion)}>
      <MenuItem value="and">{translate('resources.programs.union.and')}</MenuItem>
      <MenuItem value="or">{translate('resources.programs.union.or')}</MenuItem>
    </TextField>
  );
}
