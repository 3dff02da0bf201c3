import { BooleanInput, TextInput } from 'react-admin';
import { DESCRIPTION_MAX, LABEL_MAX } from '../../../../shared/programs';

/** Fields of the program create and edit forms. */
export function ProgramInputs() {
  return (
    <>
      <TextInput source="label" label="resources.programs.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <TextInput source="description" label="resources.programs.fields.description" fullWidth multiline minRows={3} inputProps={{ maxLength: DESCRIPTION_MAX }} />
      <BooleanInput source="isReady" label="resources.programs.fields.isReady" />
    </>
  );
}
