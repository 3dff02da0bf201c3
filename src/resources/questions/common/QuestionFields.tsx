import { TextInput } from 'react-admin';
import { LABEL_MAX } from '../../../../shared/questions';
import { RichTextInput } from '../../richText';
import { ProgramInput } from './ProgramInput';

/** The fields every question has: its title, its text (rich text) and its program. */
export function QuestionFields() {
  return (
    <>
      <TextInput source="label" label="questionBanks.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <RichTextInput source="text" label="questionBanks.fields.text" />
      <ProgramInput />
    </>
  );
}
