import { Checkbox, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { courseCalls } from '../../../shared/calls/courses';
import { codesOf, ExerciseType } from '../../../shared/enums';
import { useCall } from '../../http/queries';

export interface JournalFilterState {
  groupId: string;
  types: number[];
  search: string;
}

const T = 'resources.studentsJournal';

/** Group (the course's groups), exercise types (several) and a search: spec 2 §3.3 journal state. */
export function JournalFilters({ courseId, value, onChange, types = true }: { courseId: string; value: JournalFilterState; onChange: (v: JournalFilterState) => void; types?: boolean }) {
  const translate = useTranslate();
  const groups = useCall(courseCalls.groups, { params: { courseId } }, { staleTime: 60_000 });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
      <TextField
        select
        size="small"
        sx={{ minWidth: 180 }}
        label={translate(`${T}.filters.group`)}
        value={value.groupId}
        onChange={(e) => onChange({ ...value, groupId: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'journal-group' } }}
      >
        <MenuItem value="">{translate(`${T}.filters.allGroups`)}</MenuItem>
        {(groups.data ?? []).map((g) => (
          <MenuItem key={g.id} value={String(g.id)}>
            {g.label}
          </MenuItem>
        ))}
      </TextField>
      {types && (
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={translate(`${T}.filters.types`)}
          value={value.types}
          onChange={(e) => {
            const v = e.target.value as unknown as number[] | string;
            const list = (typeof v === 'string' ? v.split(',').map(Number) : v).sort((a, b) => a - b);
            if (list.length) onChange({ ...value, types: list });
          }}
          slotProps={{ select: { multiple: true, renderValue: (sel) => (sel as number[]).map((c) => translate(`${T}.types.${c}`)).join(', ') } }}
        >
          {codesOf(ExerciseType).map((c) => (
            <MenuItem key={c} value={c}>
              <Checkbox size="small" checked={value.types.includes(c)} />
              <ListItemText primary={translate(`${T}.types.${c}`)} />
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        size="small"
        sx={{ minWidth: 240 }}
        label={translate(`${T}.filters.search`)}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Stack>
  );
}
