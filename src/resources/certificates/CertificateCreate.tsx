import { Alert, Button, LinearProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { DateInput, Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CERTIFICATE_MAX_BYTES, certificateCalls } from '../../../shared/calls/certificates';
import { certificateForm } from '../../../shared/resources/certificates';
import { callUrl } from '../../http/client';
import { PageFrame } from '../../ui/PageFrame';
import { percent, uploadWithProgress } from '../../ui/upload';
import { sendWithIdempotencyKey } from '../../http/idempotency';
import { useSubmit } from '../../ui/useSubmit';
import { zodFormResolver } from '../factory/zodFormResolver';
import { fillRoute } from '../factory/paths';
import { CERTIFICATE_PATHS } from './paths';

const k = (key: string) => `resources.certificates.${key}`;

/** The i18n key of what is wrong with the chosen file, or null: a PDF within the size limit. */
const fileProblem = (file: File | null) => (!file || !file.name.toLowerCase().endsWith('.pdf') ? k('pdfOnly') : file.size > CERTIFICATE_MAX_BYTES ? k('tooLarge') : null);

/** /courses/{courseId}/{accountId}/certificate/create: a PDF with a title and a date, uploaded with progress. */
export function CertificateCreate() {
  const { courseId = '', accountId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const list = fillRoute(CERTIFICATE_PATHS.list, { courseId });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useSubmit(
    async (values: { title: string; date: string }) => {
      const form = new FormData();
      form.append('trainingId', courseId);
      form.append('studentId', accountId);
      form.append('title', values.title);
      form.append('date', values.date);
      form.append('file', file!);
      setProgress(0);
      try {
        // submitting the same certificate again after a lost answer issues it once (the same idempotency key)
        const url = callUrl(certificateCalls.create);
        const same = [accountId, values.title, values.date, file!.name, file!.size, file!.lastModified].join('\n');
        return await sendWithIdempotencyKey('POST', url, same, (headers) => uploadWithProgress(url, form, setProgress, 'POST', headers));
      } finally {
        setProgress(null);
      }
    },
    () => navigate(list),
  );
  const submit = (values: Record<string, unknown>) => {
    const problem = fileProblem(file);
    setFileError(problem && translate(problem));
    return problem ? undefined : upload(values as { title: string; date: string });
  };
  return (
    <PageFrame title={translate(k('issue'))} back={list}>
      <Form resolver={zodFormResolver(certificateForm)} defaultValues={{ title: '', date: new Date().toISOString().slice(0, 10) }} onSubmit={submit}>
        <Stack spacing={1} sx={{ maxWidth: 520 }}>
          <TextInput source="title" label={k('fields.title')} />
          <DateInput source="date" label={k('fields.date')} />
          <Button variant="outlined" component="label" sx={{ overflowWrap: 'anywhere' }}>
            {file ? file.name : translate(k('choosePdf'))}
            <input hidden type="file" accept="application/pdf,.pdf" data-testid="certificate-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          {fileError && <Alert severity="error">{fileError}</Alert>}
          {progress !== null && <LinearProgress variant="determinate" value={percent(progress)} />}
          <Stack direction="row" spacing={1}>
            <SaveButton alwaysEnable={progress === null} disabled={progress !== null} />
            <Button component={Link} to={list}>{translate('ra.action.cancel')}</Button>
          </Stack>
        </Stack>
      </Form>
    </PageFrame>
  );
}
