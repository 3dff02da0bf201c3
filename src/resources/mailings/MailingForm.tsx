import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, Form, SaveButton, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { mailingCalls, type MailingInput, type MailingRecord } from '../../../shared/calls/mailings';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useSubmit } from '../../ui/useSubmit';
import { MailingInputs } from './MailingInputs';
import { listPath } from './paths';
import { useMailingScreen } from './useKind';

const blank = (kind: 'auto' | 'manual'): MailingInput => ({
  kind,
  label: '',
  subject: '',
  body: '',
  ...(kind === 'auto' ? { trigger: 'enrolled', offsetDays: 1, isEnabled: true } : {}),
  recipients: { groupIds: [], statuses: [] },
});

/** …/create and …/{notificationId}/edit of both kinds: the rule's or mailing's form (the server validates and sanitises). */
export default function MailingForm() {
  const { courseId, notificationId, kind, k } = useMailingScreen();
  const translate = useTranslate();
  const editing = notificationId !== undefined;
  const existing = useCall(mailingCalls.get, editing ? { params: { courseId, mailingId: notificationId } } : null);
  const title = translate(k(`${kind}.${editing ? 'edit' : 'create'}`));
  const list = listPath(kind, courseId);
  return (
    <PageFrame title={title} back={editing && kind === 'manual' ? `${list}/${notificationId}` : list}>
      <PageState isPending={editing && existing.isPending} error={existing.error} errorTitle={translate(k('loadError'))} refetch={existing.refetch}>
        <FormBody courseId={courseId} kind={kind} record={existing.data} />
      </PageState>
    </PageFrame>
  );
}

function FormBody({ courseId, kind, record }: { courseId: string; kind: 'auto' | 'manual'; record?: MailingRecord }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirm, setConfirm] = useState(false);
  const list = listPath(kind, courseId);
  const save = useSubmit(
    (values: MailingInput) => {
      const body: MailingInput = { ...values, kind, ...(kind === 'manual' ? { trigger: null, offsetDays: null } : {}) };
      return record ? callApi(mailingCalls.update, { params: { courseId, mailingId: record.id }, body }) : callApi(mailingCalls.create, { params: { courseId }, body });
    },
    (saved) => navigate(kind === 'auto' ? list : `${list}/${(saved as MailingRecord).id}`),
    { invalidate: [callKey(mailingCalls.list)] },
  );
  const remove = async () => {
    setConfirm(false);
    try {
      await callApi(mailingCalls.remove, { params: { courseId, mailingId: record!.id } });
      notify(translate('resources.mailings.deleted'), { type: 'success' });
      navigate(list);
    } catch (e) {
      notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' });
    }
  };
  const defaults = record
    ? { label: record.label, subject: record.subject, body: record.body, trigger: record.trigger, offsetDays: record.offsetDays, isEnabled: record.isEnabled, recipients: record.recipients }
    : blank(kind);
  return (
    <Form defaultValues={defaults} onSubmit={(v: Record<string, unknown>) => save(v as MailingInput)}>
      <Stack spacing={1} sx={{ maxWidth: 820 }}>
        <MailingInputs courseId={courseId} kind={kind} />
        <Stack direction="row" spacing={1}>
          <SaveButton alwaysEnable />
          <Button component={Link} to={list}>
            {translate('ra.action.cancel')}
          </Button>
          {record && (
            <Button color="error" onClick={() => setConfirm(true)}>
              {translate('resources.mailings.actions.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Confirm isOpen={confirm} title="resources.mailings.actions.delete" content="ra.message.are_you_sure" onConfirm={remove} onClose={() => setConfirm(false)} />
    </Form>
  );
}
