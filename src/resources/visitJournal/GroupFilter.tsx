import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** '' = every group, 0 = students in no group, else a group's id (the visit journal's group filter). */
export type GroupChoice = number | '';

interface GroupFilterProps {
  value: GroupChoice;
  onChange: (value: GroupChoice) => void;
  groups: ReadonlyArray<{ id: number; label: string }> | undefined;
}

/** The visit journal's group filter: every group, no group, or one of the lesson's groups. */
export function GroupFilter({ value, onChange, groups }: GroupFilterProps) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('resources.visitJournal.fields.group')}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      sx={{ width: { xs: '100%', sm: 200 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('resources.visitJournal.fields.allGroups')}</MenuItem>
      <MenuItem value={0}>{translate('resources.visitJournal.fields.noGroup')}</MenuItem>
      {(groups ?? []).map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {g.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
