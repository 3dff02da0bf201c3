import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, TableContainer, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { studentCalls } from '../../../shared/calls/students';
import { HttpErrorPage } from '../../errors';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { fillRoute } from '../factory/paths';
import { STUDENT_PATHS } from './paths';

const k = (key: string) => `resources.course-students.${key}`;

/** /courses/{courseId}/student-management/{accountId}/page: the student's progress per exercise and profile. */
export default function StudentPage() {
  const { courseId = '', accountId = '' } = useParams();
  const translate = useTranslate();
  const q = useCall(studentCalls.view, { params: { trainingId: courseId, studentId: accountId } });
  const v = q.data;
  const name = v ? `${v.student.lastName ?? ''} ${v.student.firstName ?? ''}`.trim() || v.student.email : '';
  return (
    <PageFrame
      title={name}
      back={fillRoute(STUDENT_PATHS.list, { courseId })}
      actions={<Button component={Link} to={fillRoute(STUDENT_PATHS.changes, { courseId, accountId })}>{translate(k('changes'))}</Button>}
    >
      <PageState isPending={q.isPending} error={q.error} refetch={q.refetch} notFound={<HttpErrorPage error={q.error} />} forbidden={<HttpErrorPage error={q.error} />}>
        <PageState isPending={false} error={null} isEmpty={!v?.exercises.length}>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(k('lesson'))}</TableCell>
                  <TableCell>{translate(k('exercise'))}</TableCell>
                  <TableCell>{translate(k('status'))}</TableCell>
                  <TableCell>{translate(k('score'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {v?.exercises.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{e.lessonLabel}</TableCell>
                    <TableCell>{e.label}</TableCell>
                    <TableCell><Chip size="small" label={translate(k(`progressStatus.${e.status}`), { _: String(e.status) })} /></TableCell>
                    <TableCell>{e.score ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </PageState>
        <Typography variant="h6" sx={{ mt: 3 }}>{translate(k('profile'))}</Typography>
        <PageState isPending={false} error={null} isEmpty={!v?.profile.length}>
          {v?.profile.map((p) => <Typography key={p.attributeId}>{p.label}: {p.value ?? '—'}</Typography>)}
        </PageState>
      </PageState>
    </PageFrame>
  );
}
