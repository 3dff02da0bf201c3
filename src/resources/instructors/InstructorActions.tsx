import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { courseInstructorCalls as calls } from '../../../shared/calls/courseInstructors';
import { callApi, callUrl } from '../../http/client';
import { errorCodeOf, serverText } from '../../http/errors';
import { EmailListDialog } from '../../ui/EmailListDialog';

const k = (key: string) => `resources.course-instructors.${key}`;

/** A call that may finish with errors for some addresses (400 System.OperationFinishedWithErrors): its message stays in the dialog. */
export async function withPartialFailure(run: () => Promise<unknown>, after: () => void): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (e) {
    if (errorCodeOf(e) === '400.System.OperationFinishedWithErrors') return serverText(e);
    throw e;
  } finally {
    after();
  }
}

/** Add and remove staff by e-mail lists; the staff as an Excel file. */
export function InstructorActions({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'include' | 'exclude' | null>(null);
  const send = (call: typeof calls.include | typeof calls.exclude) => async (emails: string) => {
    const warning = await withPartialFailure(() => callApi(call, { params: { courseId }, body: { emails } }), refresh);
    if (!warning) notify('app.common.toast.saved', { type: 'success' });
    return warning;
  };
  return (
    <>
      <Button variant="contained" size="small" onClick={() => setDialog('include')}>{translate(k('include'))}</Button>
      <Button size="small" onClick={() => setDialog('exclude')}>{translate(k('exclude'))}</Button>
      <Button size="small" href={callUrl(calls.excelExport, { params: { courseId } })}>{translate(k('export'))}</Button>
      <EmailListDialog open={dialog === 'include'} title={translate(k('include'))} onClose={() => setDialog(null)} onSubmit={send(calls.include)} />
      <EmailListDialog open={dialog === 'exclude'} title={translate(k('exclude'))} onClose={() => setDialog(null)} onSubmit={send(calls.exclude)} />
    </>
  );
}
