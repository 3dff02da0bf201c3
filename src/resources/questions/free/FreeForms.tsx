import { Button, Dialog, DialogActions, DialogContent } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { freeQuestionCalls } from '../../../../shared/calls/questions';
import { InputValueType } from '../../../../shared/enums';
import { freeQuestions } from '../../../../shared/resources/questions';
import { useCall } from '../../../http/queries';
import { PageState } from '../../../ui/PageState';
import { DropButton } from '../common/DropButton';
import { QuestionCreate, QuestionEdit } from '../common/QuestionScreens';
import type { FormShape } from '../common/resolver';
import { WhereUsedButton } from '../common/WhereUsed';
import { bankPaths } from '../paths';
import { FreeInputs } from './FreeInputs';
import { FreePreview } from './FreePreview';

const paths = bankPaths('free');

/**
 * The accepted answers are typed one per line (blank lines dropped; their errors show on that
 * box); dates and booleans have no bounds.
 */
const shape: FormShape = {
  toBody: (values: FieldValues) => {
    const inputType = Number(values.inputType);
    const bounded = inputType !== InputValueType.boolean && inputType !== InputValueType.date;
    return {
      ...values,
      inputType,
      correctValues: ((values.correctValues ?? []) as string[]).map((s) => s.trim()).filter(Boolean),
      caseSensitive: Boolean(values.caseSensitive),
      min: bounded ? (values.min ?? null) : null,
      max: bounded ? (values.max ?? null) : null,
    };
  },
  fieldOf: (path) => (path[0] === 'correctValues' ? ['correctValues'] : path),
};

/** /resources/free-questions/create */
export function FreeCreate() {
  return (
    <QuestionCreate
      decl={freeQuestions}
      paths={paths}
      title="questionBanks.titles.createFree"
      shape={shape}
      defaultValues={{ label: '', text: '', courseId: null, inputType: InputValueType.string, correctValues: [], caseSensitive: false, min: null, max: null }}
    >
      <FreeInputs />
    </QuestionCreate>
  );
}

/** The server's preview of a saved question, in a dialog. */
function ServerPreviewButton({ id }: { id: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data, isPending, error, refetch } = useCall(freeQuestionCalls.preview, open ? { params: { id } } : null);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="preview">
        {translate('questionBanks.actions.preview')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogContent>
          <PageState isPending={isPending} error={error} refetch={refetch}>
            {data && <FreePreview preview={data} />}
          </PageState>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('app.common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** /resources/free-questions/{questionId}/edit */
export function FreeEdit() {
  const navigate = useNavigate();
  return (
    <QuestionEdit
      decl={freeQuestions}
      paths={paths}
      title="questionBanks.titles.editFree"
      shape={shape}
      actions={(q) => (
        <>
          <ServerPreviewButton id={Number(q.id)} />
          <WhereUsedButton kind="free" id={Number(q.id)} />
          <DropButton resource={freeQuestions.name} record={q} onDone={() => navigate(paths.list)} />
        </>
      )}
    >
      <FreeInputs />
    </QuestionEdit>
  );
}
