import { Table, TableBody, TableCell, TableContainer, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { studentCalls } from '../../../shared/calls/students';
import { HttpErrorPage } from '../../errors';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useDates } from '../../ui/dates';
import { fillRoute } from '../factory/paths';
import { STUDENT_PATHS } from './paths';

const k = (key: string) => `resources.course-students.${key}`;

/** /courses/{courseId}/student-management/{accountId}/changes: the enrolment log and the profile change history. */
export default function StudentChanges() {
  const { courseId = '', accountId = '' } = useParams();
  const translate = useTranslate();
  const dates = useDates();
  const q = useCall(studentCalls.changes, { params: { courseId, studentId: accountId } });
  const d = q.data;
  return (
    <PageFrame title={translate(k('changes'))} back={fillRoute(STUDENT_PATHS.page, { courseId, accountId })}>
      <PageState
        isPending={q.isPending}
        error={q.error}
        refetch={q.refetch}
        isEmpty={!!d && d.profile.length + d.enrolment.length === 0}
        notFound={<HttpErrorPage error={q.error} />}
        forbidden={<HttpErrorPage error={q.error} />}
      >
        <TableContainer>
          <Table size="small">
            <TableBody>
              {d?.enrolment.map((e) => (
                <TableRow key={`e${e.id}`}>
                  <TableCell>{dates.dateTime(e.at)}</TableCell>
                  <TableCell>{translate(k(`event.${e.event}`), { _: e.event })}</TableCell>
                  <TableCell>{e.reason ?? ''}</TableCell>
                </TableRow>
              ))}
              {d?.profile.map((p) => (
                <TableRow key={`p${p.id}`}>
                  <TableCell>{dates.dateTime(p.changedAt)}</TableCell>
                  <TableCell>{p.field}</TableCell>
                  <TableCell>{p.oldValue ?? '—'} → {p.newValue ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </PageState>
    </PageFrame>
  );
}
