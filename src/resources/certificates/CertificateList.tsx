import { Button, Chip, Dialog, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { Datagrid, FunctionField, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { certificateCalls } from '../../../shared/calls/certificates';
import { studentCalls } from '../../../shared/calls/students';
import { callApi } from '../../http/client';
import { serverText } from '../../http/errors';
import { ConfirmButton } from '../programs/common/ConfirmButton';
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

/** A generated certificate's verification page, and revoking a certificate (its page then says it is not valid). */
function CertificateActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const revoke = async () => {
    try {
      await callApi(certificateCalls.revoke, { params: { certificateId: record.id } });
      notify(translate(k('revokedToast')), { type: 'info' });
      refresh();
    } catch (e) {
      notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end" useFlexGap flexWrap="wrap">
      {record.revoked && <Chip size="small" color="error" label={translate(k('revoked'))} />}
      {record.verificationUrl && (
        <Button size="small" href={record.verificationUrl} target="_blank" rel="noopener">{translate(k('verify'))}</Button>
      )}
      {!record.revoked && (
        <ConfirmButton
          size="small"
          color="error"
          title={k('revoke')}
          content={k('revokeConfirm')}
          onConfirm={revoke}
          aria-label={translate(k('revokeNamed'), { title: record.title, student: record.studentName || record.studentEmail })}
        >
          {translate(k('revoke'))}
        </ConfirmButton>
      )}
      <RowDeleteButton decl={certificateResource} />
    </Stack>
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
          <FunctionField source="hours" label={k('fields.hours')} render={(c: RaRecord) => (c.generated ? c.hours : translate(k('kind.uploaded')))} />
          <FunctionField label="" textAlign="right" render={(c: RaRecord) => <CertificateActions record={c} />} />
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
