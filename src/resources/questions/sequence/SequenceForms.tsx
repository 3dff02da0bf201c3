import { ArrayInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ITEM_TEXT_MAX, LABEL_MAX } from '../../../../shared/questions';
import { sequenceQuestions } from '../../../../shared/resources/questions';
import { RichTextInput } from '../../richText';
import { DropButton } from '../common/DropButton';
import { ProgramInput } from '../common/ProgramInput';
import { QuestionCreate, QuestionEdit } from '../common/QuestionScreens';
import { useBackTo } from '../common/useBackTo';
import { WhereUsedButton } from '../common/WhereUsed';
import { bankPaths } from '../paths';

const paths = bankPaths('sequence');

/** Fields of a sequence question: the items in their correct order (reorder with the arrows); items keep their ids. */
function SequenceInputs() {
  return (
    <>
      <TextInput source="label" label="questionBanks.fields.label" fullWidth inputProps={{ maxLength: LABEL_MAX }} />
      <RichTextInput source="text" label="questionBanks.fields.text" />
      <ProgramInput />
      <ArrayInput source="items" label="questionBanks.fields.items" helperText="questionBanks.help.items">
        <SimpleFormIterator inline>
          <TextInput source="text" label="questionBanks.fields.itemText" inputProps={{ maxLength: ITEM_TEXT_MAX }} sx={{ minWidth: { xs: '100%', sm: 360 } }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** /resources/sequence-questions/create */
export function SequenceCreate() {
  return (
    <QuestionCreate
      decl={sequenceQuestions}
      paths={paths}
      back={useBackTo(paths.list)}
      title="questionBanks.titles.createSequence"
      defaultValues={{ label: '', text: '', courseId: null, items: [{ text: '' }, { text: '' }] }}
    >
      <SequenceInputs />
    </QuestionCreate>
  );
}

/** /resources/sequence-questions/{questionId}/edit */
export function SequenceEdit() {
  const navigate = useNavigate();
  const back = useBackTo(paths.list);
  return (
    <QuestionEdit
      decl={sequenceQuestions}
      paths={paths}
      back={back}
      title="questionBanks.titles.editSequence"
      actions={(q) => (
        <>
          <WhereUsedButton kind="sequence" id={Number(q.id)} />
          <DropButton resource={sequenceQuestions.name} record={q} onDone={() => navigate(back)} />
        </>
      )}
    >
      <SequenceInputs />
    </QuestionEdit>
  );
}
