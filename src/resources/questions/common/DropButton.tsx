import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { errorCodeOf, serverText } from '../../../http/errors';
import { useSavedToast } from '../../../ui/savedToast';

/**
 * Delete after confirmation, through the dataProvider (react-admin's lists drop the record).
 * A question shown on slides is refused by the server (409 QuestionInUse): its title and the
 * places are shown as they come.
 */
export function DropButton({
  resource,
  record,
  meta,
  onDone,
  content = 'questionBanks.messages.confirmDelete',
}: {
  resource: string;
  record: RaRecord;
  meta?: Record<string, unknown>;
  onDone?: () => void;
  /** i18n key of the confirmation's text */
  content?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const toast = useSavedToast();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          toast(`resources.${resource}.notifications.deleted`, 'deleted', record.label ?? record.text);
          onDone?.();
        },
        onError: (e) => {
          setOpen(false);
          const text = errorCodeOf(e) === '409.QuestionInUse' ? `${(e as Error).message}. ${serverText(e) ?? ''}` : serverText(e);
          notify(text ?? translate('app.common.toast.error'), { type: 'error', autoHideDuration: 8000 });
        },
      },
    );
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} data-testid="delete">
        {translate('ra.action.delete')}
      </Button>
      <Confirm isOpen={open} loading={isPending} title="questionBanks.titles.confirmDelete" content={content} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}
