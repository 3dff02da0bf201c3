import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { attendanceCalls } from '../../../shared/calls/attendance';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { PageFrame } from '../../ui/PageFrame';
import { confirmedCodes } from '../../../shared/resources/confirmedCodes';
import { ConfirmedCodesJournal } from './ConfirmedCodesJournal';

/**
 * /courses/{courseId}/visit-journal/digitalCode (spec 1 route list, rule EditVisitJournal): the
 * instructor types the code a student shows; the server records the visit and names the student.
 * Below, the digital-code journal: every code confirmed in the course, newest first.
 */
export default function DigitalCodeConfirmPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const client = useQueryClient();
  const { canAccess: canSeeJournal } = useCanAccess({ action: 'list', resource: `/courses/${courseId}/visit-journal` });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(translate('app.attendance.confirm.format'));
      return;
    }
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const answer = await callApi(attendanceCalls.confirm, { body: { code, courseId: Number(courseId) } });
      setMessage(answer.message);
      setCode('');
      // the journal below (a react-admin list) shows the new code
      await client.invalidateQueries({ queryKey: [confirmedCodes.name] });
    } catch (err) {
      setError(Object.values(fieldErrors(err))[0] ?? serverText(err) ?? translate('app.attendance.confirm.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame
      title={translate('app.attendance.confirm.title')}
      back={`/courses/${courseId}`}
      actions={
        canSeeJournal && (
          <Button component={Link} to={`/courses/${courseId}/visit-journal`} size="small" data-testid="open-visit-journal">
            {translate('app.attendance.confirm.journal')}
          </Button>
        )
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.attendance.confirm.hint')}
      </Typography>
      <Stack component="form" noValidate direction="row" spacing={1} alignItems="flex-start" sx={{ flexWrap: 'wrap', rowGap: 1 }} onSubmit={(e) => void submit(e)}>
        <TextField
          size="small"
          label={translate('app.attendance.confirm.code')}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'confirm-code' } }}
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={busy || code.length === 0}>
          {translate('app.attendance.confirm.submit')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="confirm-error">
          {error}
        </Alert>
      )}
      {message && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="confirm-success">
          {message}
        </Alert>
      )}
      <ConfirmedCodesJournal />
    </PageFrame>
  );
}
