import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { InputValueType } from '../../../../shared/enums';
import { FREE_INPUT_TYPES, freePreviewOf } from '../../../../shared/questions';
import { QuestionFields } from '../common/QuestionFields';
import { FreePreview } from './FreePreview';

/** Fields of a free question; accepted answers are typed one per line (kept as lines). A live preview follows the form. */
export function FreeInputs() {
  const [inputType, label, text, min, max] = useWatch({ name: ['inputType', 'label', 'text', 'min', 'max'] }) as [number, string, string, number | null, number | null];
  const type = Number(inputType);
  const textual = type === InputValueType.string || type === InputValueType.text;
  const bounded = type !== InputValueType.boolean && type !== InputValueType.date;
  return (
    <>
      <QuestionFields />
      <SelectInput
        source="inputType"
        label="questionBanks.fields.inputType"
        choices={FREE_INPUT_TYPES.map((t) => ({ id: t.id, name: `questionBanks.inputTypes.${t.key}` }))}
        parse={(v) => Number(v)}
      />
      <TextInput
        source="correctValues"
        label="questionBanks.fields.correctValues"
        helperText="questionBanks.help.correctValues"
        fullWidth
        multiline
        minRows={2}
        format={(values?: string[]) => (values ?? []).join('\n')}
        parse={(text: string) => text.split('\n')}
      />
      {textual && <BooleanInput source="caseSensitive" label="questionBanks.fields.caseSensitive" />}
      {bounded && (
        <>
          <NumberInput source="min" label={textual ? 'questionBanks.fields.minLength' : 'questionBanks.fields.min'} parse={(v) => (v === '' || v === null ? null : Number(v))} />
          <NumberInput source="max" label={textual ? 'questionBanks.fields.maxLength' : 'questionBanks.fields.max'} parse={(v) => (v === '' || v === null ? null : Number(v))} />
        </>
      )}
      <FreePreview preview={freePreviewOf({ id: 0, label: label ?? '', text: text ?? '', inputType: type || InputValueType.string, min: bounded ? (min ?? null) : null, max: bounded ? (max ?? null) : null })} />
    </>
  );
}
