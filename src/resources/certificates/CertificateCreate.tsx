import { Alert, Button, FormControlLabel, LinearProgress, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { DateInput, Form, NumberInput, SaveButton, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CERTIFICATE_MAX_BYTES, certificateCalls } from '../../../shared/calls/certificates';
import { certificateForm, certificateTemplateForm } from '../../../shared/resources/certificates';
import { callApi, callUrl } from '../../http/client';
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

/**
 * /courses/{courseId}/{accountId}/certificate/create: either a PDF with a title and a date, uploaded
 * with progress, or (issue 30 item 5) one the server makes from ELP's template with the hours and a
 * QR code to its public verification page.
 */
export function CertificateCreate() {
  const [mode, setMode] = useState<'template' | 'upload'>('template');
  const translate = useTranslate();
  return (
    <CertificateFrame>
      <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as 'template' | 'upload')} aria-label={translate(k('mode.label'))} sx={{ mb: 1 }}>
        <FormControlLabel value="template" control={<Radio />} label={translate(k('mode.template'))} />
        <FormControlLabel value="upload" control={<Radio />} label={translate(k('mode.upload'))} />
      </RadioGroup>
      {mode === 'template' ? <TemplateForm /> : <UploadForm />}
    </CertificateFrame>
  );
}

function CertificateFrame({ children }: { children: ReactNode }) {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  return <PageFrame title={translate(k('issue'))} back={fillRoute(CERTIFICATE_PATHS.list, { courseId })}>{children}</PageFrame>;
}

/** The template: title, date, hours and the language it is printed in; the server writes the PDF. */
function TemplateForm() {
  const { courseId = '', accountId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const list = fillRoute(CERTIFICATE_PATHS.list, { courseId });
  const generate = useSubmit(
    (values: { title: string; date: string; hours: number; language: 'ru' | 'en' }) =>
      callApi(certificateCalls.generate, { body: { trainingId: Number(courseId), studentId: Number(accountId), ...values } }),
    () => navigate(list),
  );
  return (
    <Form resolver={zodFormResolver(certificateTemplateForm)} defaultValues={{ title: translate(k('defaultTitle')), date: new Date().toISOString().slice(0, 10), hours: 72, language: 'ru' }} onSubmit={(v: Record<string, unknown>) => generate(v as never)}>
      <Stack spacing={1} sx={{ maxWidth: 520 }}>
        <Typography variant="body2" color="text.secondary">{translate(k('templateAbout'))}</Typography>
        <TextInput source="title" label={k('fields.title')} />
        <DateInput source="date" label={k('fields.date')} />
        <NumberInput source="hours" label={k('fields.hours')} min={1} max={10000} step={1} />
        <SelectInput source="language" label={k('fields.language')} choices={[{ id: 'ru', name: k('language.ru') }, { id: 'en', name: k('language.en') }]} />
        <Stack direction="row" spacing={1}>
          <SaveButton label={k('generate')} alwaysEnable />
          <Button component={Link} to={list}>{translate('ra.action.cancel')}</Button>
        </Stack>
      </Stack>
    </Form>
  );
}

/** An uploaded PDF with a title and a date. */
function UploadForm() {
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
    <>
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
    </>
  );
}
