import { SelectInput, useTranslate } from 'react-admin';
import { usePrograms } from '../api';

/** The program a question belongs to (sent as courseId); empty = shared by all programs. */
export function ProgramInput() {
  const translate = useTranslate();
  const { data, isPending, error } = usePrograms();
  const choices = [{ id: '', name: translate('resources.questions.shared') }, ...(data ?? []).map((p) => ({ id: p.id, name: p.label }))];
  return (
    <SelectInput
      source="courseId"
      label="resources.questions.fields.courseId"
      choices={choices}
      isPending={isPending}
      helperText={error ? 'resources.questions.messages.programsLoadError' : 'resources.questions.help.courseId'}
      parse={(v) => (v === '' || v === null || v === undefined ? null : Number(v))}
      format={(v) => (v === null || v === undefined ? '' : v)}
      emptyValue=""
      emptyText="resources.questions.shared"
      sx={{ minWidth: 280 }}
    />
  );
}
