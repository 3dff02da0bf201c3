import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { BooleanInput, NumberInput, SelectArrayInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { courseCalls } from '../../../shared/calls/courses';
import { MailingTrigger, StudentStatusInGroup } from '../../../shared/enums';
import { useCall } from '../../http/queries';
import { RichTextInput } from '../richText';
import { PreviewDialog } from './PreviewDialog';
import type { MailingKindPath } from './paths';

const DATED: string[] = [MailingTrigger.courseStart, MailingTrigger.exerciseDeadline, MailingTrigger.courseCompleted];

/** The fields of a rule or a mailing: what and to whom; for a rule also when. */
export function MailingInputs({ courseId, kind }: { courseId: string; kind: MailingKindPath }) {
  const translate = useTranslate();
  const k = (key: string) => `resources.mailings.${key}`;
  const groups = useCall(courseCalls.groups, { params: { courseId } }).data ?? [];
  const trigger = useWatch({ name: 'trigger' }) as string | undefined;
  const { getValues } = useFormContext();
  const [preview, setPreview] = useState<{ subject: string; body: string } | null>(null);
  return (
    <>
      <TextInput source="label" label={k('fields.label')} fullWidth />
      {kind === 'auto' && (
        <>
          <SelectInput source="trigger" label={k('fields.trigger')} choices={Object.values(MailingTrigger).map((id) => ({ id, name: translate(k(`triggers.${id}`)) }))} />
          {trigger && DATED.includes(trigger) && <NumberInput source="offsetDays" label={k('fields.offsetDays')} min={0} max={365} />}
          <BooleanInput source="isEnabled" label={k('fields.isEnabled')} />
        </>
      )}
      <SelectArrayInput source="recipients.groupIds" label={k('fields.groupIds')} choices={groups.map((g) => ({ id: g.id, name: g.label }))} />
      <SelectArrayInput source="recipients.statuses" label={k('fields.statuses')} choices={Object.values(StudentStatusInGroup).map((id) => ({ id, name: translate(k(`statuses.${id}`)) }))} />
      <Alert severity="info" sx={{ my: 1 }} data-testid="mailing-placeholders">
        {translate(k('placeholders'))}
      </Alert>
      <TextInput source="subject" label={k('fields.subject')} fullWidth />
      <RichTextInput source="body" label={k('fields.body')} />
      <Button sx={{ alignSelf: 'flex-start', my: 1 }} onClick={() => setPreview({ subject: String(getValues('subject') ?? ''), body: String(getValues('body') ?? '') })} data-testid="mailing-preview-button">
        {translate(k('actions.preview'))}
      </Button>
      {preview && <PreviewDialog courseId={courseId} {...preview} onClose={() => setPreview(null)} />}
    </>
  );
}
