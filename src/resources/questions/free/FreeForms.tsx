import { Button, Dialog, DialogActions, DialogContent } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, useTranslate } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { InputValueType } from '../../../../shared/enums';
import { freeQuestionInput, questionPaths as P, type FreeQuestion, type FreeQuestionPreview } from '../../../../shared/questions';
import { apiGet, apiPath, apiSend, keys, noRetryOn4xx, useQuestion } from '../api';
import { DropButton } from '../common/DropButton';
import { FormActions } from '../common/FormActions';
import { LoadState } from '../common/LoadState';
import { QuestionPage } from '../common/QuestionPage';
import { questionResolver } from '../common/resolver';
import { useSubmitQuestion } from '../common/useSubmitQuestion';
import { WhereUsedButton } from '../common/WhereUsed';
import { FreeInputs } from './FreeInputs';
import { FreePreview } from './FreePreview';

const LIST = '/resources?tab=free';

/** The form's values → the API body (answers one per line; no bounds for dates and booleans). */
export function freePayload(values: FieldValues) {
  const type = Number(values.inputType);
  const bounded = type !== InputValueType.boolean && type !== InputValueType.date;
  return {
    label: values.label,
    text: values.text ?? '',
    courseId: values.courseId ?? null,
    inputType: type,
    correctValues: String(values.correctValuesText ?? '').split('\n').map((s: string) => s.trim()).filter(Boolean),
    caseSensitive: Boolean(values.caseSensitive),
    min: bounded ? (values.min ?? null) : null,
    max: bounded ? (values.max ?? null) : null,
  };
}

/** Checks the payload with the shared schema; errors of the answers show on the answers box. */
const resolver: Resolver<FieldValues> = async (values, context, options) => {
  const result = await questionResolver(freeQuestionInput)(freePayload(values), context, options);
  const errors = result.errors as Record<string, unknown>;
  if (errors.correctValues) {
    const first = Object.values(errors.correctValues as Record<string, unknown>).find(Boolean);
    errors.correctValuesText = first ?? errors.correctValues;
    delete errors.correctValues;
  }
  return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
};

const toForm = (q?: FreeQuestion) => ({
  label: q?.label ?? '',
  text: q?.text ?? '',
  courseId: q?.courseId ?? null,
  inputType: q?.inputType ?? InputValueType.string,
  correctValuesText: (q?.correctValues ?? []).join('\n'),
  caseSensitive: q?.caseSensitive ?? false,
  min: q?.min ?? null,
  max: q?.max ?? null,
});

/** /resources/free-questions/create */
export function FreeCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const submit = useSubmitQuestion((values: FieldValues) => apiSend('POST', apiPath(P.free.create), freePayload(values)), () => navigate(LIST));
  return (
    <QuestionPage title={translate('resources.questions.titles.createFree')} back={LIST}>
      <Form defaultValues={toForm()} resolver={resolver} onSubmit={submit}>
        <FreeInputs />
        <FormActions cancel={LIST} />
      </Form>
    </QuestionPage>
  );
}

/** The server's preview of a saved question, in a dialog. */
function ServerPreviewButton({ id }: { id: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data, isPending, error, refetch } = useQuery({
    queryKey: [...keys.one('free', id), 'preview'],
    queryFn: () => apiGet<FreeQuestionPreview>(apiPath(P.free.preview, { id })),
    enabled: open,
    retry: noRetryOn4xx,
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="preview">
        {translate('resources.questions.actions.preview')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogContent>
          <LoadState isPending={isPending} error={error} refetch={refetch}>
            {data && <FreePreview preview={data} />}
          </LoadState>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('resources.questions.actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** /resources/free-questions/{questionId}/edit */
export function FreeEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { questionId } = useParams();
  const { data, isPending, error, refetch } = useQuestion<FreeQuestion>('free', questionId);
  const submit = useSubmitQuestion((values: FieldValues) => apiSend('PUT', apiPath(P.free.update, { id: questionId! }), freePayload(values)), () => navigate(LIST));
  return (
    <QuestionPage
      title={translate('resources.questions.titles.editFree')}
      back={LIST}
      actions={data && (
        <>
          <ServerPreviewButton id={data.id} />
          <WhereUsedButton kind="free" id={data.id} size="medium" />
          <DropButton path={P.free.drop} params={{ id: data.id }} onDone={() => navigate(LIST)} />
        </>
      )}
    >
      <LoadState isPending={isPending} error={error} refetch={refetch}>
        {data && (
          <Form defaultValues={toForm(data)} resolver={resolver} onSubmit={submit}>
            <FreeInputs />
            <FormActions cancel={LIST} />
          </Form>
        )}
      </LoadState>
    </QuestionPage>
  );
}
