import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useMemo } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { slideCalls, slideKindCalls } from '../../../shared/calls/slides';
import { slideKinds, type SlideRouteType } from '../../../shared/enums';
import { slideInputs, type SlideInput, type SlideRecord } from '../../../shared/slides';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { focusState } from '../../ui/arrivalFocus';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { labelOfValues } from '../../ui/savedToast';
import { useSubmit } from '../../ui/useSubmit';
import { zodFormResolver } from '../factory';
import { SlideInputs } from './SlideInputs';

const isSlideType = (v: string | undefined): v is SlideRouteType => !!v && Object.hasOwn(slideKinds, v);

/** The record's values a kind's form edits (nulls of optional fields left out). */
export function formValuesOf(type: SlideRouteType, record: SlideRecord | undefined): Record<string, unknown> {
  if (!record) return type === 'file-question' ? { maxFiles: 1, allowedExtensions: [] } : { required: false };
  const shape = Object.keys((slideInputs[type] as unknown as { shape?: object }).shape ?? (slideInputs[type] as unknown as { def: { in: { shape: object } } }).def?.in?.shape ?? {});
  const out: Record<string, unknown> = { _file: record.file };
  const all = record as unknown as Record<string, unknown>;
  for (const key of shape) if (all[key] !== null && all[key] !== undefined) out[key] = all[key];
  if (record.page !== null) out.page = record.page;
  if (record.fileId !== null) out.fileId = record.fileId;
  return out;
}

/** the form's values → the call's body (form-only keys dropped) */
function bodyOf(values: Record<string, unknown>): SlideInput {
  const { _file, id, ...rest } = values;
  void _file;
  void id;
  return rest as SlideInput;
}

function useSlideParams() {
  const params = useParams();
  return params as { programId: string; lessonId: string; exerciseId: string; slideId?: string; type?: string };
}

function SubmitBar({ onBack }: { onBack: () => void }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
      <Button type="submit" variant="contained" startIcon={isSubmitting ? <CircularProgress size={16} /> : <Save />} disabled={isSubmitting}>
        {translate('ra.action.save')}
      </Button>
      <Button startIcon={<ArrowBack />} onClick={onBack}>
        {translate('app.common.back')}
      </Button>
    </Stack>
  );
}

function SlideFormPage({ type, record }: { type: SlideRouteType; record?: SlideRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { programId, lessonId, exerciseId } = useSlideParams();
  const listPath = `/programs/${programId}/${lessonId}/${exerciseId}/slides`;
  const defaultValues = useMemo(() => formValuesOf(type, record), [type, record]);
  const resolver = useMemo(() => zodFormResolver(slideInputs[type]), [type]);
  // the code-question screen goes back one step (spec 1 §2.8); the others to the slide list
  const back = () => (type === 'code-question' ? navigate(-1) : navigate(listPath));
  const calls = slideKindCalls[type];
  // the body is the kind's input (the form's resolver checked it against slideInputs[type])
  const onSubmit = useSubmit(
    (values: Record<string, unknown>) =>
      record
        ? callApi(calls.edit, { params: { exerciseId, slideId: record.id }, body: bodyOf(values) as never })
        : callApi(calls.create, { params: { exerciseId }, body: bodyOf(values) as never }),
    // a new slide takes focus on the list (the code question goes back one step, as the spec says)
    (saved) => (type === 'code-question' ? back() : navigate(listPath, focusState(`slide-${(saved as SlideRecord).id}`))),
    { invalidate: [callKey(slideCalls.list)], successKey: `resources.slides.notifications.${record ? 'updated' : 'created'}`, successArgs: labelOfValues },
  );
  const submit = async (values: Record<string, unknown>) => {
    const errors = await onSubmit(values);
    if (!errors && type === 'kinescope' && values._file) notify('resources.slides.upload.hostedDone', { type: 'success' });
    return errors;
  };

  const kindName = translate(`resources.slides.kinds.${type}`);
  return (
    <PageFrame title={type === 'code-question' ? kindName : translate(record ? 'resources.slides.editTitle' : 'resources.slides.createTitle', { kind: kindName })} back={listPath}>
      <div data-testid={`slide-form-${type}`}>
        <Form defaultValues={defaultValues} resolver={resolver} onSubmit={submit} warnWhenUnsavedChanges record={defaultValues}>
          <SlideInputs type={type} programId={programId} file={record?.file ?? null} creating={!record} />
          <SubmitBar onBack={back} />
        </Form>
      </div>
    </PageFrame>
  );
}

function UnknownKind() {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }} data-testid="slide-unknown-kind">
      {translate('resources.slides.unknownKind')}
    </Alert>
  );
}

/** Create screen of one kind; without `type` the kind comes from the path (`/slides/{type}/create`). */
export function SlideCreate({ type: fixed }: { type?: SlideRouteType }) {
  const { type: param } = useSlideParams();
  const type = fixed ?? param;
  if (!isSlideType(type)) return <UnknownKind />;
  return <SlideFormPage key={type} type={type} />;
}

/** Edit screen of one kind; without `type` the kind comes from the path (`/slides/{type}/{slideId}`). */
export function SlideEdit({ type: fixed }: { type?: SlideRouteType }) {
  const translate = useTranslate();
  const { type: param, exerciseId, slideId = '' } = useSlideParams();
  const type = fixed ?? param;
  const valid = isSlideType(type);
  const { data, isPending, error, refetch } = useCall(slideKindCalls[valid ? type : 'content'].get, valid ? { params: { exerciseId, slideId } } : null);
  if (!valid) return <UnknownKind />;
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate('resources.slides.loadError')}>
      {data && <SlideFormPage key={`${type}-${data.id}`} type={type} record={data} />}
    </PageState>
  );
}
