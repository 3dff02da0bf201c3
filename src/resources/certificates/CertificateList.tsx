import { Button, Dialog, DialogContent, DialogTitle, LinearProgress, MenuItem, TextField as MuiTextField } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { Datagrid, FunctionField, useTranslate, type RaRecord } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { studentCalls } from '../../../shared/calls/students';
import { certificateResource } from '../../../shared/resources/certificates';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { useDates } from '../../ui/dates';
import { DeclaredList, RowDeleteButton } from '../factory/DeclaredList';
import { fillRoute } from '../factory/paths';
import { CERTIFICATE_PATHS } from './paths';

const PdfView = lazy(() => import('./PdfView'));
const k = (key: string) => `resources.certificates.${key}`;

/** Choose a student of the course, then issue them a certificate. */
function IssueAction({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const [student, setStudent] = useState<number | ''>('');
  const students = useCall(studentCalls.list, { params: { courseId }, body: { take: 1000, skip: 0 } }, { retry: false }).data?.result ?? [];
  return (
    <>
      <MuiTextField size="small" select sx={{ minWidth: { xs: '100%', sm: 260 } }} label={translate(k('fields.studentName'))} value={student} onChange={(e) => setStudent(Number(e.target.value))}>
        {students.map((s) => <MenuItem key={s.accountId} value={s.accountId}>{s.name || s.email}</MenuItem>)}
      </MuiTextField>
      <Button variant="contained" size="small" disabled={student === ''} component={Link} to={fillRoute(CERTIFICATE_PATHS.create, { courseId, accountId: student })}>
        {translate(k('issue'))}
      </Button>
    </>
  );
}

/** /courses/{courseId}/certificates: issued certificates; a title opens the PDF; delete; issue to a student. */
export function CertificateList() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const dates = useDates();
  const [viewing, setViewing] = useState<RaRecord | null>(null);
  return (
    <PageFrame title={translate('resources.certificates.name')} back={`/courses/${courseId}`} plain>
      <DeclaredList decl={certificateResource} paths={CERTIFICATE_PATHS} actions={<IssueAction courseId={courseId} />}>
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <FunctionField source="studentName" label={k('fields.studentName')} render={(c: RaRecord) => c.studentName || c.studentEmail} />
          <FunctionField source="title" label={k('fields.title')} render={(c: RaRecord) => <Button size="small" onClick={() => setViewing(c)}>{c.title}</Button>} />
          <FunctionField source="date" label={k('fields.date')} render={(c: RaRecord) => dates.day(c.date)} />
          <FunctionField label="" textAlign="right" render={() => <RowDeleteButton decl={certificateResource} />} />
        </Datagrid>
      </DeclaredList>
      <Dialog open={!!viewing} onClose={() => setViewing(null)} maxWidth="md" fullWidth>
        <DialogTitle>{viewing?.title}</DialogTitle>
        <DialogContent>
          {viewing?.file && (
            <Suspense fallback={<LinearProgress />}>
              <PdfView url={viewing.file.address} />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </PageFrame>
  );
}
