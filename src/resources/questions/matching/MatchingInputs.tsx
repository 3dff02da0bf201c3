import { ArrayInput, SelectInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ITEM_TEXT_MAX } from '../../../../shared/questions';
import { QuestionFields } from '../common/QuestionFields';

/** Target choices of an option: the current targets by position, or none (a distractor). */
function TargetSelect({ source }: { source: string }) {
  const translate = useTranslate();
  const targets = (useWatch({ name: 'targets' }) as { text?: string }[] | undefined) ?? [];
  const choices = [
    { id: '', name: translate('questionBanks.distractor') },
    ...targets.map((t, i) => ({ id: i, name: t?.text ? `${i + 1}. ${t.text}` : `${i + 1}.` })),
  ];
  return (
    <SelectInput
      source={source}
      label="questionBanks.fields.target"
      choices={choices}
      translateChoice={false}
      parse={(v) => (v === '' || v === null || v === undefined ? null : Number(v))}
      format={(v) => (v === null || v === undefined ? '' : v)}
      emptyValue=""
      sx={{ minWidth: { xs: '100%', sm: 220 } }}
    />
  );
}

/** Fields of a matching question: the targets, then the options each matched to a target (or to none). */
export function MatchingInputs() {
  return (
    <>
      <QuestionFields />
      <ArrayInput source="targets" label="questionBanks.fields.targets" helperText="questionBanks.help.targets">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="text" label="questionBanks.fields.targetText" inputProps={{ maxLength: ITEM_TEXT_MAX }} sx={{ minWidth: { xs: '100%', sm: 320 } }} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="options" label="questionBanks.fields.matchOptions" helperText="questionBanks.help.matchOptions">
        <SimpleFormIterator inline>
          <TextInput source="text" label="questionBanks.fields.optionText" inputProps={{ maxLength: ITEM_TEXT_MAX }} sx={{ minWidth: { xs: '100%', sm: 280 } }} />
          <TargetSelect source="target" />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
