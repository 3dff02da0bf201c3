import { Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { studentCalls } from '../../../shared/calls/students';
import { callApi } from '../../http/client';
import { useCall } from '../../http/queries';
import { EmailListDialog } from '../../ui/EmailListDialog';
import { fillRoute } from '../factory/paths';
import { GROUP_PATHS } from '../groups/paths';
import { STUDENT_PATHS } from './paths';

const k = (key: string) => `resources.course-students.${key}`;

/** Enrol and expel students by e-mail lists, import from a file, the course's groups. */
export function StudentActions({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'include' | 'exclude' | null>(null);
  const [reason, setReason] = useState('');
  const reasons = useCall(studentCalls.kickReasons, { params: { courseId } }).data ?? [];
  const notFound = (emails: string[]) => (emails.length ? translate(k('notFoundEmails'), { emails: emails.join(', ') }) : undefined);

  const include = async (emails: string) => {
    const r = await callApi(studentCalls.include, { params: { courseId }, body: { emails } });
    refresh();
    notify(translate(k('included'), { count: r.included }), { type: 'success' });
    return notFound(r.notFound);
  };
  const exclude = async (emails: string) => {
    const r = await callApi(studentCalls.exclude, { params: { courseId }, body: { emails, reason: reason || null } });
    refresh();
    notify(translate(k('excluded'), { count: r.excluded }), { type: 'success' });
    return notFound(r.notFound);
  };
  return (
    <>
      <Button variant="contained" size="small" onClick={() => setDialog('include')}>{translate(k('include'))}</Button>
      <Button size="small" onClick={() => setDialog('exclude')}>{translate(k('exclude'))}</Button>
      <Button size="small" component={Link} to={fillRoute(STUDENT_PATHS.import, { courseId })}>{translate(k('import'))}</Button>
      <Button size="small" component={Link} to={fillRoute(GROUP_PATHS.list, { courseId })}>{translate('resources.groups.name')}</Button>
      <EmailListDialog open={dialog === 'include'} title={translate(k('include'))} onClose={() => setDialog(null)} onSubmit={include} />
      <EmailListDialog
        open={dialog === 'exclude'}
        title={translate(k('exclude'))}
        onClose={() => setDialog(null)}
        onSubmit={exclude}
        extra={
          <TextField select fullWidth margin="dense" label={translate(k('reason'))} value={reason} onChange={(e) => setReason(e.target.value)}>
            {reasons.map((r) => <MenuItem key={r.id} value={r.id}>{r.label}</MenuItem>)}
          </TextField>
        }
      />
    </>
  );
}
