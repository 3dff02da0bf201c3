import { ArrayInput, SimpleFormIterator, TextInput } from 'react-admin';
import { ITEM_TEXT_MAX } from '../../../../shared/questions';
import { sequenceQuestions } from '../../../../shared/resources/questions';
import { QuestionFields } from '../common/QuestionFields';
import { QuestionCreate, QuestionEdit, type QuestionCreateSpec } from '../common/QuestionScreens';
import { useBackTo } from '../common/useBackTo';
import { bankPaths } from '../paths';

const paths = bankPaths('sequence');

/** Fields of a sequence question: the items in their correct order (reorder with the arrows); items keep their ids. */
function SequenceInputs() {
  return (
    <>
      <QuestionFields />
      <ArrayInput source="items" label="questionBanks.fields.items" helperText="questionBanks.help.items">
        <SimpleFormIterator inline>
          <TextInput source="text" label="questionBanks.fields.itemText" inputProps={{ maxLength: ITEM_TEXT_MAX }} sx={{ minWidth: { xs: '100%', sm: 360 } }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export const sequenceCreate: QuestionCreateSpec = {
  decl: sequenceQuestions,
  title: 'questionBanks.titles.createSequence',
  defaultValues: { label: '', text: '', courseId: null, items: [{ text: '' }, { text: '' }] },
  inputs: <SequenceInputs />,
};

/** /resources/sequence-questions/create */
export function SequenceCreate() {
  return <QuestionCreate {...sequenceCreate} paths={paths} back={useBackTo(paths.list)} />;
}

/** /resources/sequence-questions/{questionId}/edit */
export function SequenceEdit() {
  return (
    <QuestionEdit decl={sequenceQuestions} paths={paths} back={useBackTo(paths.list)} kind="sequence" title="questionBanks.titles.editSequence">
      <SequenceInputs />
    </QuestionEdit>
  );
}
