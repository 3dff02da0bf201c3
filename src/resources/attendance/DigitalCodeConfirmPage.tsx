import { Alert, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { attendanceCalls, type ConfirmedVisit } from '../../../shared/calls/attendance';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { PageFrame } from '../../ui/PageFrame';
import { useDates } from '../../ui/dates';

/**
 * /courses/{courseId}/visit-journal/digitalCode (spec 1 route list, rule EditVisitJournal): the
 * instructor types the code a student shows; the server records the visit and names the student.
 * The visits confirmed here are listed, newest first, until the page is left.
 */
export default function DigitalCodeConfirmPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const dates = useDates();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<{ message: string; visit: ConfirmedVisit }[]>([]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(translate('app.attendance.confirm.format'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi(attendanceCalls.confirm, { body: { code, courseId: Number(courseId) } });
      setConfirmed((list) => [answer, ...list]);
      setCode('');
    } catch (err) {
      setError(Object.values(fieldErrors(err))[0] ?? serverText(err) ?? translate('app.attendance.confirm.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title={translate('app.attendance.confirm.title')} back={`/courses/${courseId}`}>
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
      {confirmed[0] && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="confirm-success">
          {confirmed[0].message}
        </Alert>
      )}
      {confirmed.length > 0 && (
        <>
          <Typography variant="subtitle1" sx={{ mt: 3 }}>
            {translate('app.attendance.confirm.listTitle')}
          </Typography>
          <List dense>
            {confirmed.map(({ visit }) => (
              <ListItem key={`${visit.id}-${visit.markedAt}`} divider>
                <ListItemText primary={`${visit.lastName} ${visit.firstName}`} secondary={`${visit.exerciseLabel} · ${dates.dateTime(visit.markedAt)}`} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </PageFrame>
  );
}
