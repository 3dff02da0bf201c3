import { ArrayInput, BooleanInput, RadioButtonGroupInput, SimpleFormIterator, TextInput } from 'react-admin';
import { ITEM_TEXT_MAX, LABEL_MAX } from '../../../../shared/questions';
import { RichTextInput } from '../../richText';
import { ProgramInput } from '../common/ProgramInput';

/** Fields of a closed question; the first answer options too when creating. */
export function ClosedInputs({ withOptions }: { withOptions: boolean }) {
  return (
    <>
      <TextInput source="label" label="resources.questions.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <RichTextInput source="text" label="resources.questions.fields.text" />
      <ProgramInput />
      <RadioButtonGroupInput
        source="choiceMode"
        label="resources.questions.fields.choiceMode"
        choices={[
          { id: 'auto', name: 'resources.questions.choiceModes.auto' },
          { id: 1, name: 'resources.questions.choiceModes.radio' },
          { id: 0, name: 'resources.questions.choiceModes.checkbox' },
        ]}
        parse={(v) => (v === 'auto' || v === '' || v === null ? undefined : Number(v))}
        format={(v) => (v === undefined || v === null ? 'auto' : v)}
        helperText="resources.questions.help.choiceMode"
      />
      {withOptions && (
        <ArrayInput source="options" label="resources.questions.fields.options">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="text" label="resources.questions.fields.optionText" inputProps={{ maxLength: ITEM_TEXT_MAX }} sx={{ minWidth: 320 }} />
            <BooleanInput source="correct" label="resources.questions.fields.correct" />
          </SimpleFormIterator>
        </ArrayInput>
      )}
    </>
  );
}
