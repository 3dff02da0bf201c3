import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { InputValueType } from '../../../../shared/enums';
import { FREE_INPUT_TYPES, freePreviewOf, LABEL_MAX } from '../../../../shared/questions';
import { RichTextInput } from '../../richText';
import { ProgramInput } from '../common/ProgramInput';
import { FreePreview } from './FreePreview';

/** Fields of a free question; accepted answers are typed one per line. A live preview follows the form. */
export function FreeInputs() {
  const [inputType, label, text, min, max] = useWatch({ name: ['inputType', 'label', 'text', 'min', 'max'] }) as [number, string, string, number | null, number | null];
  const type = Number(inputType);
  const textual = type === InputValueType.string || type === InputValueType.text;
  const bounded = type !== InputValueType.boolean && type !== InputValueType.date;
  return (
    <>
      <TextInput source="label" label="resources.questions.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <RichTextInput source="text" label="resources.questions.fields.text" />
      <ProgramInput />
      <SelectInput
        source="inputType"
        label="resources.questions.fields.inputType"
        choices={FREE_INPUT_TYPES.map((t) => ({ id: t.id, name: `resources.questions.inputTypes.${t.key}` }))}
        parse={(v) => Number(v)}
      />
      <TextInput
        source="correctValuesText"
        label="resources.questions.fields.correctValues"
        helperText="resources.questions.help.correctValues"
        fullWidth
        multiline
        minRows={2}
      />
      {textual && <BooleanInput source="caseSensitive" label="resources.questions.fields.caseSensitive" />}
      {bounded && (
        <>
          <NumberInput source="min" label={textual ? 'resources.questions.fields.minLength' : 'resources.questions.fields.min'} parse={(v) => (v === '' || v === null ? null : Number(v))} />
          <NumberInput source="max" label={textual ? 'resources.questions.fields.maxLength' : 'resources.questions.fields.max'} parse={(v) => (v === '' || v === null ? null : Number(v))} />
        </>
      )}
      <FreePreview preview={freePreviewOf({ id: 0, label: label ?? '', text: text ?? '', inputType: type || InputValueType.string, min: bounded ? (min ?? null) : null, max: bounded ? (max ?? null) : null })} />
    </>
  );
}
