import { Button, Checkbox, Table, TableBody, TableCell, TableContainer, TableRow } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { courseInstructorCalls as calls } from '../../../shared/calls/courseInstructors';
import { HttpErrorPage } from '../../errors';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { EmailListDialog } from '../../ui/EmailListDialog';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useToasts } from '../../ui/useToasts';
import { fillRoute } from '../factory/paths';
import { withPartialFailure } from './InstructorActions';
import { INSTRUCTOR_PATHS } from './paths';

/** /courses/{courseId}/instructors/{instructorId}/tutor-join: attach and detach the tutor's students, or attach by an e-mail list. */
export default function TutorStudents() {
  const { courseId = '', instructorId = '' } = useParams();
  const translate = useTranslate();
  const client = useQueryClient();
  const [bulk, setBulk] = useState(false);
  const q = useCall(calls.tutorStudents, { params: { courseId, tutorId: instructorId } });
  const refresh = () => void client.invalidateQueries({ queryKey: callKey(calls.tutorStudents) });
  const toasts = useToasts();
  // a refused toggle says why (the box shows the stored state again after the refresh)
  const toggle = async (studentId: number) => {
    await toasts.run(() => callApi(calls.toggleTutorStudent, { params: { courseId, tutorId: instructorId, studentId } }), null);
    refresh();
  };
  return (
    <PageFrame
      title={translate('resources.course-instructors.tutorStudents')}
      back={fillRoute(INSTRUCTOR_PATHS.list, { courseId })}
      actions={<Button variant="contained" onClick={() => setBulk(true)}>{translate('resources.course-instructors.bulk')}</Button>}
    >
      <PageState isPending={q.isPending} error={q.error} refetch={q.refetch} isEmpty={q.data?.length === 0} notFound={<HttpErrorPage error={q.error} />} forbidden={<HttpErrorPage error={q.error} />}>
        <TableContainer>
          <Table size="small">
            <TableBody>
              {q.data?.map((s) => (
                <TableRow key={s.accountId}>
                  <TableCell padding="checkbox"><Checkbox checked={s.attached} onChange={() => toggle(s.accountId)} slotProps={{ input: { 'aria-label': s.email } }} /></TableCell>
                  <TableCell>{s.name || s.email}</TableCell>
                  <TableCell>{s.email}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </PageState>
      <EmailListDialog
        open={bulk}
        title={translate('resources.course-instructors.bulk')}
        field="studentsEmails"
        onClose={() => setBulk(false)}
        onSubmit={(emails) =>
          withPartialFailure(() => callApi(calls.attachTutorStudents, { body: { trainingId: Number(courseId), tutorId: Number(instructorId), studentsEmails: emails } }), refresh)
        }
      />
    </PageFrame>
  );
}
