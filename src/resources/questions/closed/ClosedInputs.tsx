import { ArrayInput, BooleanInput, RadioButtonGroupInput, SimpleFormIterator, TextInput } from 'react-admin';
import { ITEM_TEXT_MAX } from '../../../../shared/questions';
import { QuestionFields } from '../common/QuestionFields';

/** Fields of a closed question; the first answer options too when creating. */
export function ClosedInputs({ withOptions }: { withOptions: boolean }) {
  return (
    <>
      <QuestionFields />
      <RadioButtonGroupInput
        source="choiceMode"
        label="questionBanks.fields.choiceMode"
        choices={[
          { id: 'auto', name: 'questionBanks.choiceModes.auto' },
          { id: 1, name: 'questionBanks.choiceModes.radio' },
          { id: 0, name: 'questionBanks.choiceModes.checkbox' },
        ]}
        parse={(v) => (v === 'auto' || v === '' || v === null ? undefined : Number(v))}
        format={(v) => (v === undefined || v === null ? 'auto' : v)}
        helperText="questionBanks.help.choiceMode"
      />
      {withOptions && (
        <ArrayInput source="options" label="questionBanks.fields.options">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="text" label="questionBanks.fields.optionText" inputProps={{ maxLength: ITEM_TEXT_MAX }} sx={{ minWidth: { xs: '100%', sm: 320 } }} />
            <BooleanInput source="correct" label="questionBanks.fields.correct" />
          </SimpleFormIterator>
        </ArrayInput>
      )}
    </>
  );
}
