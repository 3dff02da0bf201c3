import { SelectInput, useTranslate } from 'react-admin';
import { usePrograms } from './programs';

/** a long program name wraps instead of widening a phone's page */
const wrapSx = { '&& .MuiSelect-select': { whiteSpace: 'normal' } };

const toId = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const toValue = (v: unknown) => (v === null || v === undefined ? '' : v);

/** The program a question belongs to (sent as courseId); empty = shared by all programs. */
export function ProgramInput() {
  const translate = useTranslate();
  const { data, isPending, error } = usePrograms();
  const choices = [{ id: '', name: translate('questionBanks.shared') }, ...(data ?? []).map((p) => ({ id: p.id, name: p.label }))];
  return (
    <SelectInput
      source="courseId"
      label="questionBanks.fields.courseId"
      choices={choices}
      isPending={isPending}
      helperText={error ? 'questionBanks.messages.programsLoadError' : 'questionBanks.help.courseId'}
      parse={toId}
      format={toValue}
      emptyValue=""
      emptyText="questionBanks.shared"
      sx={{ minWidth: { xs: '100%', sm: 280 }, ...wrapSx }}
    />
  );
}

/** The banks' program filter: every program, or one (its shared questions are listed too). */
export function ProgramFilter({ source, alwaysOn }: { source: string; alwaysOn?: boolean }) {
  const { data, isPending } = usePrograms();
  return (
    <SelectInput
      source={source}
      alwaysOn={alwaysOn}
      label="questionBanks.filters.program"
      choices={(data ?? []).map((p) => ({ id: p.id, name: p.label }))}
      isPending={isPending}
      emptyText="questionBanks.filters.allPrograms"
      parse={toId}
      format={toValue}
      sx={{ minWidth: { xs: '100%', sm: 240 }, ...wrapSx }}
      helperText={false}
    />
  );
}
