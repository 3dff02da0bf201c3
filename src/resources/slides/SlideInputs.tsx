import Add from '@mui/icons-material/Add';
import { Box, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AutocompleteArrayInput, AutocompleteInput, BooleanInput, NumberInput, TextInput, useInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { constraintCalls } from '../../../shared/calls/constraints';
import { slideCalls } from '../../../shared/calls/slides';
import type { SlideRouteType } from '../../../shared/enums';
import type { StoredFile } from '../../../shared/files';
import { canAccessPath } from '../../../shared/permissions';
import { slideFileKind, slideQuestionBank } from '../../../shared/slides';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { useAccount } from '../../layout/useAccount';
import { bankPaths } from '../questions/paths';
import { FileUploadInput } from './FileUploadInput';
import { NewQuestionDialog } from './NewQuestionDialog';
import { RichTextEditor } from './RichTextEditor';

const f = (name: string) => `resources.slides.fields.${name}`;

/** the bank a question slide draws from, as GET /api/instructors/questions/types/{type} names it */
const bankType = { closed: 'answers', free: 'free', matching: 'matches', sequence: 'sequence', code: 'code' } as const;

function HtmlInput({ source, required }: { source: string; required?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, isRequired: required });
  return (
    <RichTextEditor
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      label={translate(f('html')) + (required ? ' *' : '')}
      error={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined}
    />
  );
}

/**
 * The bank question a question slide shows, and «Создать вопрос» beside it: the question made in
 * a dialog (src/resources/slides/NewQuestionDialog.tsx) is then chosen here. The button shows to
 * those who may create questions of the kind (its bank screen's rule).
 */
function QuestionInput({ type, programId }: { type: SlideRouteType; programId?: string }) {
  const translate = useTranslate();
  const bank = slideQuestionBank[type]!;
  const args = { params: { type: bankType[bank] }, query: programId ? { courseId: programId } : {} };
  const { data, isPending, isError } = useCall(slideCalls.questionChoices, args);
  const { principal } = useAccount();
  const canCreate = canAccessPath(principal, bankPaths(bank).create);
  const [creating, setCreating] = useState(false);
  const chosen = useRef(false);
  const picker = useRef<HTMLDivElement>(null);
  const { setValue } = useFormContext();
  const client = useQueryClient();
  const empty = !isPending && !isError && data?.length === 0;
  const created = async (question: RaRecord) => {
    chosen.current = true;
    await client.invalidateQueries({ queryKey: callKey(slideCalls.questionChoices) });
    setValue('page', Number(question.id), { shouldDirty: true, shouldValidate: true });
    setCreating(false);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <Box ref={picker} sx={{ flex: 1, minWidth: 0 }}>
        <AutocompleteInput
          source="page"
          label={f('page')}
          isRequired
          fullWidth
          choices={data ?? []}
          optionText="label"
          isPending={isPending}
          noOptionsText={translate(isError ? 'resources.slides.questionsLoadError' : 'resources.slides.noQuestions')}
          helperText={empty ? translate(canCreate ? 'resources.slides.noQuestionsCreate' : 'resources.slides.noQuestions') : undefined}
          parse={(v) => (v === '' || v == null ? undefined : Number(v))}
        />
      </Box>
      {canCreate && (
        <Button startIcon={<Add />} onClick={() => setCreating(true)} sx={{ mt: { sm: 1 }, flexShrink: 0 }} data-testid="create-question">
          {translate('resources.slides.createQuestion')}
        </Button>
      )}
      {canCreate && (
        <NewQuestionDialog
          open={creating}
          kind={bank}
          title={translate('resources.slides.newQuestionTitle', { kind: translate(`resources.slides.kinds.${type}`) })}
          programId={programId}
          onClose={() => setCreating(false)}
          onCreated={(q) => void created(q)}
          // a new question: focus goes to the picker that now shows it (else back to the button)
          onExited={() => {
            if (!chosen.current) return;
            chosen.current = false;
            picker.current?.querySelector('input')?.focus();
          }}
        />
      )}
    </Stack>
  );
}

function AttributesInput() {
  const { data, isPending } = useCall(constraintCalls.attributes, {});
  return <AutocompleteArrayInput source="attributeIds" label={f('attributeIds')} isRequired fullWidth choices={data ?? []} optionText="label" isPending={isPending} />;
}

function FileInput({ type, initial, creating }: { type: SlideRouteType; initial: StoredFile | null; creating: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { programId, lessonId, exerciseId } = useParams() as { programId: string; lessonId: string; exerciseId: string };
  const { getValues, reset } = useFormContext();
  // a new hosted video goes through the hosting's upload call: it creates the slide, then the bytes follow (resumable)
  const hosted = type === 'kinescope' && creating;
  const pageId = useRef<number | null>(null);
  const prepare = async (file: File) => {
    const label = (getValues('label') as string | undefined)?.trim() || file.name;
    const answer = await callApi(slideCalls.startHostedUpload, { params: { exerciseId }, body: { title: label, filename: file.name, size: file.size } });
    pageId.current = answer.pageId;
    return { endpoint: answer.uploadEndpoint, metadata: answer.metadata };
  };
  const kind = slideFileKind[type]!;
  const { field, fieldState } = useInput({ source: 'fileId', isRequired: type !== 'kinescope' });
  const fileField = useInput({ source: '_file' });
  const current = (fileField.field.value as StoredFile | undefined) ?? initial;
  return (
    <FileUploadInput
      kind={kind}
      file={field.value ? current : null}
      label={translate(f('fileId')) + (type !== 'kinescope' ? ' *' : '')}
      error={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined}
      prepare={hosted ? prepare : undefined}
      onUploaded={(stored) => {
        if (hosted) {
          notify('resources.slides.upload.hostedDone', { type: 'success' });
          // the slide is saved: the typed values are no "unsaved changes" to warn about on the way to its edit screen
          reset(getValues());
          if (pageId.current !== null) navigate(`/programs/${programId}/${lessonId}/${exerciseId}/slides/kinescope/${pageId.current}/edit`);
          return;
        }
        fileField.field.onChange(stored);
        field.onChange(stored.id);
      }}
    />
  );
}

/** The inputs of one slide kind (create and edit share them). */
export function SlideInputs({ type, programId, file, creating = false }: { type: SlideRouteType; programId?: string; file: StoredFile | null; creating?: boolean }) {
  const isQuestion = !!slideQuestionBank[type];
  const isMedia = !!slideFileKind[type];
  return (
    <>
      <TextInput source="label" label={f('label')} isRequired fullWidth />
      {type === 'content' && <HtmlInput source="html" required />}
      {(type === 'file-question' || type === 'attributes-question') && <HtmlInput source="html" />}
      {isQuestion && <QuestionInput type={type} programId={programId} />}
      {isQuestion && <NumberInput source="maxScore" label={f('maxScore')} min={0} step={0.5} />}
      {isMedia && <FileInput type={type} initial={file} creating={creating} />}
      {type === 'kinescope' && <TextInput source="link" label={f('link')} fullWidth parse={(v: string) => v || null} />}
      {type === 'web' && <TextInput source="address" label={f('address')} isRequired fullWidth type="url" />}
      {(isMedia || type === 'web') && <TextInput source="description" label={f('description')} fullWidth multiline parse={(v: string) => v || null} />}
      {type === 'attributes-question' && <AttributesInput />}
      {type === 'file-question' && (
        <>
          <NumberInput source="maxFiles" label={f('maxFiles')} min={1} max={20} step={1} />
          <TextInput
            source="allowedExtensions"
            label={f('allowedExtensions')}
            fullWidth
            format={(v: string[] | string | undefined) => (Array.isArray(v) ? v.join(', ') : (v ?? ''))}
            parse={(v: string) => v.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean)}
          />
          <NumberInput source="maxFileSizeMb" label={f('maxFileSizeMb')} min={0.01} step={1} />
        </>
      )}
      {(isMedia || type === 'matching-question') && <BooleanInput source="downloadPermission" label={f('downloadPermission')} />}
      <NumberInput source="duration" label={f('duration')} min={0} step={1} parse={(v: string | number | null) => (v === '' || v == null ? null : Number(v))} />
      <BooleanInput source="required" label={f('required')} />
    </>
  );
}
